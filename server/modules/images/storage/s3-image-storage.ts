import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type ImageStorage, type StoredObject } from './image-storage.js';

/** Where the bucket is and how to reach it (any S3-compatible service: AWS, R2, MinIO, ...). */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Custom endpoint for S3-compatible services; unset means AWS. */
  endpoint?: string | undefined;
  /** Static keys; when unset the SDK's default chain (environment, instance role...) is used. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** bucket.host/key vs host/bucket/key; most self-hosted services need path style. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. "images/". */
  prefix?: string;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Stores photos in an S3-compatible bucket. The bucket must stay private: the app serves the bytes. */
export function createS3ImageStorage(options: S3StorageOptions): ImageStorage {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Checksums only when an operation requires one: many S3-compatible servers reject the
    // newer default (aws-chunked uploads with trailing CRC32).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.accessKeyId && options.secretAccessKey) {
    config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  }
  const client = new S3Client(config);
  const prefix = options.prefix ?? '';
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `${prefix}${key}`;
  };

  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key): Promise<StoredObject | null> {
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }),
        );
        if (!result.Body) return null;
        const bytes = Buffer.from(await result.Body.transformToByteArray());
        return { bytes, contentType: result.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a missing key too, which is what the interface promises.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
  };
}
