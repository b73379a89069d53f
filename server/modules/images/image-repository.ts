import { and, count, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { images } from '../../db/schema.js';

/** An image row as stored. */
export type ImageRow = typeof images.$inferSelect;

/** Who uploaded an image: an account, or a guest identified by the hash of their cookie token. */
export type ImageOwner = { userId: string } | { guestTokenHash: string };

function ownedBy(owner: ImageOwner): SQL {
  return 'userId' in owner
    ? eq(images.ownerUserId, owner.userId)
    : eq(images.guestTokenHash, owner.guestTokenHash);
}

/** Inserts the row of a photo whose files are already stored. */
export async function insertImage(db: Db, row: typeof images.$inferInsert): Promise<ImageRow> {
  const [inserted] = await db.insert(images).values(row).returning();
  if (!inserted) throw new Error('insert into images returned no row');
  return inserted;
}

/** One image by id, or null (also for ids that are not uuids, which can never match). */
export async function findImage(db: Db, id: string): Promise<ImageRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(images).where(eq(images.id, id)).limit(1);
  return row ?? null;
}

/** How many photos this uploader stored since a moment (the per-uploader upload bound). */
export async function countImagesSince(db: Db, owner: ImageOwner, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(images)
    .where(and(ownedBy(owner), gte(images.createdAt, since)));
  return row?.n ?? 0;
}

/** Removes an image row (used when storing its files failed half-way or the upload is abandoned). */
export async function deleteImageRow(db: Db, id: string): Promise<void> {
  await db.delete(images).where(eq(images.id, id));
}

/**
 * The subset of ids that the claimant may attach to a new comic: not yet attached to any comic,
 * and uploaded by this account or by this browser's guest cookie.
 */
export async function findClaimableImages(
  db: Db,
  ids: readonly string[],
  claimant: { userId: string; guestTokenHash: string | null },
): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  const mine = claimant.guestTokenHash
    ? or(eq(images.ownerUserId, claimant.userId), eq(images.guestTokenHash, claimant.guestTokenHash))
    : eq(images.ownerUserId, claimant.userId);
  return db
    .select()
    .from(images)
    .where(and(inArray(images.id, [...ids]), isNull(images.comicId), mine))
    .for('update');
}

/**
 * Attaches images to a comic and makes the account their owner. The guest hash is cleared: once
 * claimed, a photo belongs to the account, not to whoever later uses that browser.
 */
export async function attachImages(
  db: Db,
  ids: readonly string[],
  comicId: string,
  userId: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(images)
    .set({ comicId, ownerUserId: userId, guestTokenHash: null })
    .where(inArray(images.id, [...ids]));
}

/**
 * Deletes up to `limit` photos never attached to a comic and uploaded before `before`, returning
 * them so their files can be removed. One DELETE: a photo a submit is claiming at that moment is
 * locked by the submit, and PostgreSQL re-checks comic_id after the lock, so it is not swept.
 */
export async function deleteUnattachedImagesBefore(db: Db, before: Date, limit: number): Promise<ImageRow[]> {
  const oldest = db
    .select({ id: images.id })
    .from(images)
    .where(and(isNull(images.comicId), lt(images.createdAt, before)))
    .limit(limit);
  return db
    .delete(images)
    .where(and(inArray(images.id, oldest), isNull(images.comicId), sql`${images.createdAt} < ${before}`))
    .returning();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid uuid (checked before querying a uuid column). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
