import type { Db } from '../../db/client.js';
import { deleteUnattachedImagesBefore } from './image-repository.js';
import type { ImageStorage } from './storage/image-storage.js';

/** Photos not submitted within this long are removed: the guest cookie lives as long. */
export const ABANDONED_AFTER_DAYS = 30;

const BATCH = 200;

/**
 * Removes photos that were uploaded but never became part of a submission (a guest who left, a
 * comic removed from the draft) once they are ABANDONED_AFTER_DAYS old: rows first, then files.
 * Returns how many were removed.
 */
export async function sweepAbandonedImages(db: Db, storage: ImageStorage, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ABANDONED_AFTER_DAYS * 24 * 60 * 60 * 1000);
  let removed = 0;
  for (;;) {
    const batch = await deleteUnattachedImagesBefore(db, before, BATCH);
    const keys = batch.flatMap((image) => [
      image.storageKey,
      ...(image.thumbnailKey ? [image.thumbnailKey] : []),
    ]);
    // A file that fails to delete is only wasted space; its row is already gone, so nobody can reach it.
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    removed += batch.length;
    if (batch.length < BATCH) return removed;
  }
}
