import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';

describe('photo storage configuration', () => {
  it('defaults to a folder under DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/srv/buylist' });
    expect(config.storage).toEqual({ driver: 'local', directory: '/srv/buylist/images' });
    expect(config.uploads.perHour).toBe(300);
  });

  it('reads the S3 settings', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'dealer-photos',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'https://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      bucket: 'dealer-photos',
      region: 'eu-west-1',
      endpoint: 'https://minio.internal:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('refuses S3 without a bucket, and half a key pair', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });
});

describe('label reader configuration', () => {
  it("leaves pool size and queue limit to the reader's defaults unless set", () => {
    expect(loadConfig({}).labelReader).toEqual({
      poolSize: undefined,
      queueLimit: undefined,
      timeoutMs: 60_000,
    });
    expect(loadConfig({ LABEL_READER_POOL_SIZE: '2', LABEL_READER_QUEUE_LIMIT: '10' }).labelReader).toEqual({
      poolSize: 2,
      queueLimit: 10,
      timeoutMs: 60_000,
    });
    expect(loadConfig({ LABEL_READER_TIMEOUT_SECONDS: '5' }).labelReader.timeoutMs).toBe(5000);
    expect(() => loadConfig({ LABEL_READER_POOL_SIZE: '0' })).toThrow(/LABEL_READER_POOL_SIZE/);
  });
});
