// The per-address bound on guest uploads. The per-cookie bound (countImagesSince) alone lets a guest
// who drops the cookie start afresh with every request; this one counts what each client address
// stored in the last hour, in the database, so every server process sees the same count.
import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guestUploadEvents } from '../../db/schema.js';

/** The window of the hourly bounds. */
export const UPLOAD_WINDOW_MS = 60 * 60 * 1000;

/** How many photos guests at this address stored since a moment. */
export async function countGuestUploadsFrom(db: Db, clientAddress: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(guestUploadEvents)
    .where(and(eq(guestUploadEvents.clientAddress, clientAddress), gte(guestUploadEvents.createdAt, since)));
  return row?.n ?? 0;
}

/** Records one stored guest photo for its client address. */
export async function recordGuestUpload(db: Db, clientAddress: string): Promise<void> {
  await db.insert(guestUploadEvents).values({ clientAddress });
}

/** Deletes the records that no longer count (older than the window); returns how many. */
export async function sweepGuestUploadEvents(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(guestUploadEvents)
    .where(lt(guestUploadEvents.createdAt, new Date(now.getTime() - UPLOAD_WINDOW_MS)))
    .returning({ id: guestUploadEvents.id });
  return deleted.length;
}
