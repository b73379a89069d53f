import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { processImage, type ProcessedImage } from './image-processing.js';
import {
  countImagesSince,
  deleteImageRow,
  insertImage,
  type ImageOwner,
  type ImageRow,
} from './image-repository.js';
import type { ImageStorage } from './storage/image-storage.js';
import { countGuestUploadsFrom, recordGuestUpload, UPLOAD_WINDOW_MS } from './guest-upload-limit.js';

/** What ingesting needs from the app. */
export interface IngestDeps {
  db: Db;
  storage: ImageStorage;
  /** Photos one uploader may store per rolling hour. */
  uploadsPerHour: number;
}

/** A stored photo: its row, and the processed bytes (so callers need not read them back). */
export interface IngestedImage {
  image: ImageRow;
  processed: ProcessedImage;
}

/** Storage keys of a photo: sharded by the id's first two characters so no folder grows huge. */
export function imageKeys(id: string): { display: string; thumbnail: string } {
  const base = `${id.slice(0, 2)}/${id}`;
  return { display: `${base}.jpg`, thumbnail: `${base}-thumb.jpg` };
}

/**
 * The image store refused a write (a full disk, S3 unreachable or throttling): temporary as far as the
 * seller can tell, so 503 with Retry-After; the cause is logged, never sent.
 */
function storeUnavailable(cause: unknown): HttpError {
  return new HttpError(
    503,
    'Your photo could not be saved right now. Please try again in a moment.',
    'storage_unavailable',
    undefined,
    { cause },
  );
}

const overQuota = () =>
  new HttpError(429, 'Too many photos uploaded in the last hour. Please try again later.', 'upload_quota');

/** Refuses the upload (429) when the uploader, or a guest's client address, used up the hourly bound. */
export async function checkUploadQuota(
  deps: Pick<IngestDeps, 'db' | 'uploadsPerHour'>,
  owner: ImageOwner,
  guestAddress: string | null,
): Promise<void> {
  const since = new Date(Date.now() - UPLOAD_WINDOW_MS);
  if ((await countImagesSince(deps.db, owner, since)) >= deps.uploadsPerHour) throw overQuota();
  if (
    guestAddress !== null &&
    (await countGuestUploadsFrom(deps.db, guestAddress, since)) >= deps.uploadsPerHour
  ) {
    throw overQuota();
  }
}

/**
 * Validates, re-encodes and stores an uploaded photo and records it. Everything that can refuse the
 * upload (quota, type, size, pixels, corrupt data) runs before anything is written, and a failure
 * while writing removes what was written: a refused upload leaves no row and no file. A guest's
 * upload also counts against its client address (`guestAddress`), shared by every cookie there.
 */
export async function ingestImage(
  deps: IngestDeps,
  bytes: Buffer,
  owner: ImageOwner,
  /** The client's file name, for messages only. */
  filename = 'This file',
  /** The client address of a guest upload; null for an account's. */
  guestAddress: string | null = null,
): Promise<IngestedImage> {
  await checkUploadQuota(deps, owner, guestAddress);
  const processed = await processImage(bytes, filename);

  const id = randomUUID();
  const keys = imageKeys(id);
  const cleanUp = async () => {
    await Promise.allSettled([deps.storage.delete(keys.display), deps.storage.delete(keys.thumbnail)]);
  };
  try {
    try {
      await deps.storage.put(keys.display, processed.display.bytes, processed.display.contentType);
      await deps.storage.put(keys.thumbnail, processed.thumbnail.bytes, processed.thumbnail.contentType);
    } catch (error) {
      throw storeUnavailable(error);
    }
    // Counted before the row: should the insert fail, an over-count errs on the safe side.
    if (guestAddress !== null) await recordGuestUpload(deps.db, guestAddress);
    const image = await insertImage(deps.db, {
      id,
      ownerUserId: 'userId' in owner ? owner.userId : null,
      guestTokenHash: 'guestTokenHash' in owner ? owner.guestTokenHash : null,
      storageKey: keys.display,
      thumbnailKey: keys.thumbnail,
      contentType: processed.display.contentType,
      width: processed.display.width,
      height: processed.display.height,
      byteSize: processed.display.bytes.length,
      sha256: processed.display.sha256,
    });
    return { image, processed };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Removes a stored photo and its row (an upload whose request failed after storing it). */
export async function discardImage(deps: Pick<IngestDeps, 'db' | 'storage'>, image: ImageRow): Promise<void> {
  await deleteImageRow(deps.db, image.id);
  await Promise.allSettled([
    deps.storage.delete(image.storageKey),
    ...(image.thumbnailKey ? [deps.storage.delete(image.thumbnailKey)] : []),
  ]);
}
