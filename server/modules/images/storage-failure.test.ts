// The image store fails on write (a full disk, S3 down): the upload answers 503 with Retry-After and
// a clear message, nothing is left half stored (no row, no file: a display JPEG written before the
// thumbnail failed is removed), and the same photo uploads fine once the store works again. The store
// under test is the real local store with a switch that makes its next put() throw.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { LabelReading } from '../../../shared/label-reading.js';
import { images } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertUser } from '../../test/factories.js';
import { cookieFor } from '../../test/lifecycle-api.js';
import type { LabelReader } from '../label-reader/label-reader.js';
import { createLocalImageStorage } from './storage/local-image-storage.js';
import type { ImageStorage } from './storage/image-storage.js';
import { photo } from './test-fixtures.js';

const READING = { title: 'Saga', issueNumber: '1', confidence: 0.9 } as unknown as LabelReading;
const reader: LabelReader = { read: async () => READING, close: async () => {} };

let root: string;
/** The write (1 = the display JPEG, 2 = the thumbnail) that fails next; 0: none. */
let failOnPut = 0;
let puts = 0;

/** The real local store, with a switch that makes one chosen put() throw like a full disk. */
function failingStore(inner: ImageStorage): ImageStorage {
  return {
    async put(key, bytes, contentType) {
      puts += 1;
      if (puts === failOnPut) {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      await inner.put(key, bytes, contentType);
    },
    get: (key) => inner.get(key),
    delete: (key) => inner.delete(key),
  };
}

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'failing-store-'));
  t = await createTestApp({ labelReader: reader, imageStorage: failingStore(createLocalImageStorage(root)) });
  cookie = await cookieFor(t, await insertUser(t.database.db));
});
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

function upload(bytes: Buffer) {
  const boundary = '----storefault';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="slab.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/extract-comic-data',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'fetch',
      cookie,
    },
  });
}

async function stored(): Promise<{ rows: number; files: string[] }> {
  const [row] = await t.database.db.select({ n: count() }).from(images);
  const files: string[] = [];
  for (const shard of await readdir(root)) files.push(...(await readdir(path.join(root, shard))));
  return { rows: row!.n, files };
}

describe('an image store that fails on write', () => {
  for (const [failing, which] of [
    [1, 'the display photo'],
    [2, 'the thumbnail (after the display photo was written)'],
  ] as const) {
    it(`answers 503 when ${which} cannot be written, leaves nothing stored, and takes the photo again`, async () => {
      const before = await stored();
      const bytes = await photo('jpeg', 900, 700);
      puts = 0;
      failOnPut = failing;
      const refused = await upload(bytes);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        message: 'Your photo could not be saved right now. Please try again in a moment.',
        code: 'storage_unavailable',
      });
      expect(refused.headers['retry-after']).toBe('5');
      // Nothing half stored: no new row, no new file (no .partial left either).
      expect(await stored()).toEqual(before);

      failOnPut = 0;
      const again = await upload(bytes);
      expect(again.statusCode).toBe(200);
      const data = again.json<{ data: { title: string; imageIds: string[] } }>().data;
      expect(data.title).toBe('Saga');
      expect(data.imageIds).toHaveLength(1);
      const after = await stored();
      expect(after.rows).toBe(before.rows + 1);
      expect(after.files).toHaveLength(before.files.length + 2);
      expect(after.files.some((file) => file.startsWith(data.imageIds[0]!))).toBe(true);
    });
  }
});
