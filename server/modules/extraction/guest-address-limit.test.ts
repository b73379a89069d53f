// Guests are bounded per client address as well as per cookie, in the database; the address is the
// socket's unless TRUST_PROXY names the proxies, so X-Forwarded-For cannot buy a fresh quota or
// change the address that the logs record.
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LabelReading } from '../../../shared/label-reading.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { guestUploadEvents } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { sweepGuestUploadEvents } from '../images/guest-upload-limit.js';
import { photo } from '../images/test-fixtures.js';
import type { LabelReader } from '../label-reader/label-reader.js';

const standInReader: LabelReader = {
  read: async () => ({ title: 'X', confidence: 0.5 }) as LabelReading,
  close: async () => {},
};

async function sendPhoto(
  app: FastifyInstance,
  options: { remoteAddress: string; forwardedFor?: string; cookie?: string },
) {
  const boundary = '----guestlimit';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url: '/api/extract-comic-data',
    remoteAddress: options.remoteAddress,
    payload: Buffer.concat([
      Buffer.from(head),
      await photo('jpeg', 200, 150),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'fetch',
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

describe('guest uploads per client address (TRUST_PROXY off, the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ labelReader: standInReader, env: { UPLOADS_PER_HOUR: '2' } });
  });
  afterAll(() => t.close());

  it('stops a guest who drops the cookie, whatever X-Forwarded-For says, and spares other addresses', async () => {
    const here = '198.51.100.7';
    expect((await sendPhoto(t.app, { remoteAddress: here })).statusCode).toBe(200);
    expect((await sendPhoto(t.app, { remoteAddress: here })).statusCode).toBe(200);
    // No cookie: a fresh guest each time, but the same address.
    const third = await sendPhoto(t.app, { remoteAddress: here });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'upload_quota' });
    for (let i = 0; i < 5; i++) {
      const spoofed = await sendPhoto(t.app, { remoteAddress: here, forwardedFor: `10.0.0.${i}` });
      expect(spoofed.statusCode).toBe(429);
    }
    expect((await sendPhoto(t.app, { remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
    const [row] = await t.database.db.select({ n: count() }).from(guestUploadEvents);
    expect(row?.n).toBe(3);
  });

  it('sweeps records older than the hour', async () => {
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(await sweepGuestUploadEvents(t.database.db, later)).toBeGreaterThan(0);
    const [row] = await t.database.db.select({ n: count() }).from(guestUploadEvents);
    expect(row?.n).toBe(0);
  });
});

describe('guest uploads behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ labelReader: standInReader, env: { UPLOADS_PER_HOUR: '1', TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('counts each forwarded client separately, and the nearest forwarded address is the one that counts', async () => {
    const proxy = '10.1.1.1';
    expect((await sendPhoto(t.app, { remoteAddress: proxy, forwardedFor: '192.0.2.1' })).statusCode).toBe(
      200,
    );
    expect((await sendPhoto(t.app, { remoteAddress: proxy, forwardedFor: '192.0.2.1' })).statusCode).toBe(
      429,
    );
    // A client prepending its own entries does not escape: only the hop the proxy added is believed.
    expect(
      (await sendPhoto(t.app, { remoteAddress: proxy, forwardedFor: '1.2.3.4, 192.0.2.1' })).statusCode,
    ).toBe(429);
    expect((await sendPhoto(t.app, { remoteAddress: proxy, forwardedFor: '192.0.2.2' })).statusCode).toBe(
      200,
    );
  });
});

describe('the logged client address', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'trust-proxy-log-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function loggedAddress(env: Record<string, string>): Promise<unknown> {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env });
    const app = await buildApp({
      config,
      database,
      clientDir: path.join(dataDir, 'none'),
      logger: { level: 'info', stream },
      labelReader: standInReader,
    });
    try {
      await app.inject({
        method: 'GET',
        url: '/healthz',
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': '6.6.6.6' },
      });
    } finally {
      await app.close();
    }
    const incoming = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'incoming request');
    return incoming?.req?.remoteAddress;
  }

  it('is the socket address when no proxy is trusted, even in production', async () => {
    expect(await loggedAddress({})).toBe('198.51.100.9');
    expect(await loggedAddress({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })).toBe(
      '198.51.100.9',
    );
  });

  it('is the forwarded client when the proxy is trusted', async () => {
    expect(await loggedAddress({ TRUST_PROXY: '198.51.100.0/24' })).toBe('6.6.6.6');
    expect(await loggedAddress({ TRUST_PROXY: '10.0.0.0/8' })).toBe('198.51.100.9');
  });
});
