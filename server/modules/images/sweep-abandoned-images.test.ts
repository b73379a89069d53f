import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { images } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { insertSubmission, insertUser } from '../../test/factories.js';
import { ingestImage } from './ingest-image.js';
import { createLocalImageStorage } from './storage/local-image-storage.js';
import { ABANDONED_AFTER_DAYS, sweepAbandonedImages } from './sweep-abandoned-images.js';
import { photo } from './test-fixtures.js';

let database: TestDatabase;
let root: string;
beforeAll(async () => {
  database = await createTestDatabase();
  root = await mkdtemp(path.join(os.tmpdir(), 'sweep-'));
});
afterAll(async () => {
  await database.close();
  await rm(root, { recursive: true, force: true });
});

describe('sweepAbandonedImages', () => {
  it('removes old unsubmitted photos (rows and files) and keeps recent and submitted ones', async () => {
    const storage = createLocalImageStorage(root);
    const deps = { db: database.db, storage, uploadsPerHour: 100 };
    const bytes = await photo('jpeg', 200, 100);
    const old = await ingestImage(deps, bytes, { guestTokenHash: 'a'.repeat(64) });
    const recent = await ingestImage(deps, bytes, { guestTokenHash: 'a'.repeat(64) });
    const seller = await insertUser(database.db);
    const submitted = await ingestImage(deps, bytes, { userId: seller.id });
    const { comics } = await insertSubmission(database.db, seller.id);
    await database.db.update(images).set({ comicId: comics[0]!.id }).where(eq(images.id, submitted.image.id));
    const longAgo = new Date(Date.now() - (ABANDONED_AFTER_DAYS + 1) * 24 * 60 * 60 * 1000);
    for (const id of [old.image.id, submitted.image.id]) {
      await database.db.update(images).set({ createdAt: longAgo }).where(eq(images.id, id));
    }

    expect(await sweepAbandonedImages(database.db, storage)).toBe(1);

    const left = await database.db.select({ id: images.id }).from(images);
    expect(left.map((row) => row.id).sort()).toEqual([recent.image.id, submitted.image.id].sort());
    expect(await storage.get(old.image.storageKey)).toBeNull();
    expect(await storage.get(old.image.thumbnailKey!)).toBeNull();
    expect(await storage.get(recent.image.storageKey)).not.toBeNull();
    expect(await storage.get(submitted.image.storageKey)).not.toBeNull();
    expect(await sweepAbandonedImages(database.db, storage)).toBe(0);
  });
});
