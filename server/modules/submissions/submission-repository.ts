import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SubmissionStatus } from '../../../shared/domain-values.js';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import {
  comics,
  images,
  statusEvents,
  submissions,
  users,
  type Comic,
  type Image,
  type StatusEvent,
  type Submission,
  type User,
} from '../../db/schema.js';

/** Who acted in a status event, for the timeline (null for the system or a deleted account). */
export type EventActor = Pick<User, 'id' | 'firstName' | 'lastName' | 'username' | 'email'> | null;

// A photo as a submission lists it: everything but the kept reading (the comic carries its own copy).
const { extraction: _extraction, ...imageColumns } = getTableColumns(images);
/** A photo of a comic as the submission record lists it. */
export type ListedImage = Omit<Image, 'extraction'>;

/** A submission with everything its API shape needs: comics in order, their photos, the seller, the history. */
export interface SubmissionRecord {
  submission: Submission;
  seller: Pick<User, 'id' | 'username' | 'firstName' | 'lastName' | 'email' | 'paymentEmail' | 'storeEmail'>;
  comics: { comic: Comic; images: ListedImage[] }[];
  /** status_events oldest first, with their actors. */
  events: { event: StatusEvent; actor: EventActor }[];
}

/**
 * Loads comics, photos and status events for already-selected submission rows in three more queries,
 * whatever the number of rows (no query per submission). Other modules' lists (staff) use it too.
 */
export async function assembleSubmissionRecords(
  db: Db,
  rows: { submission: Submission; seller: SubmissionRecord['seller'] }[],
): Promise<SubmissionRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.submission.id);
  // Prepared once per handle (server/db/prepared.ts); `= any($1::uuid[])` binds any number of ids.
  const comicRows = await prepared(db, 'record_comics', (handle) =>
    handle
      .select()
      .from(comics)
      .where(sql`${comics.submissionId} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(asc(comics.position), asc(comics.createdAt))
      .prepare('record_comics'),
  ).execute({ ids });
  const comicIds = comicRows.map((comic) => comic.id);
  const imageRows =
    comicIds.length === 0
      ? []
      : await prepared(db, 'record_images', (handle) =>
          handle
            .select(imageColumns)
            .from(images)
            .where(sql`${images.comicId} = any(${sql.placeholder('ids')}::uuid[])`)
            .orderBy(asc(images.createdAt), asc(images.id))
            .prepare('record_images'),
        ).execute({ ids: comicIds });
  const imagesByComic = new Map<string, ListedImage[]>();
  for (const image of imageRows) {
    const list = imagesByComic.get(image.comicId!) ?? [];
    list.push(image);
    imagesByComic.set(image.comicId!, list);
  }
  const comicsBySubmission = new Map<string, SubmissionRecord['comics']>();
  for (const comic of comicRows) {
    const list = comicsBySubmission.get(comic.submissionId) ?? [];
    list.push({ comic, images: imagesByComic.get(comic.id) ?? [] });
    comicsBySubmission.set(comic.submissionId, list);
  }
  const eventRows = await prepared(db, 'record_events', (handle) =>
    handle
      .select({
        event: statusEvents,
        actorId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        email: users.email,
      })
      .from(statusEvents)
      .leftJoin(users, eq(users.id, statusEvents.actorUserId))
      .where(sql`${statusEvents.submissionId} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(asc(statusEvents.id))
      .prepare('record_events'),
  ).execute({ ids });
  const eventsBySubmission = new Map<string, SubmissionRecord['events']>();
  for (const { event, actorId, firstName, lastName, username, email } of eventRows) {
    const list = eventsBySubmission.get(event.submissionId) ?? [];
    const actor = actorId && email ? { id: actorId, firstName, lastName, username, email } : null;
    list.push({ event, actor });
    eventsBySubmission.set(event.submissionId, list);
  }
  return rows.map((row) => ({
    ...row,
    comics: comicsBySubmission.get(row.submission.id) ?? [],
    events: eventsBySubmission.get(row.submission.id) ?? [],
  }));
}

/** The seller columns every submission record carries. */
export const sellerColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  paymentEmail: users.paymentEmail,
  storeEmail: users.storeEmail,
};

/** Where a page of a newest-first list ends: the last row's exact creation time (microseconds) and id. */
export interface ListCursor {
  createdAt: string;
  id: string;
}

/** One page of a seller's own submissions, newest first, with the cursor of the next page. */
export interface SubmissionPage {
  records: SubmissionRecord[];
  next: ListCursor | null;
}

/**
 * A seller's own submissions, newest first (ties broken by id), `limit` at a time after `after`
 * (keyset paging: a page never repeats or skips a row when new submissions arrive), optionally of
 * one status. Five queries whatever the page size.
 */
export async function listSubmissionsOfUser(
  db: Db,
  userId: string,
  options: { limit: number; after?: ListCursor | null; status?: SubmissionStatus | null },
): Promise<SubmissionPage> {
  // One prepared query per shape (with or without a status, first page or after a cursor): four at most.
  const name = `seller_list${options.status ? '_status' : ''}${options.after ? '_after' : ''}`;
  const rows = await prepared(db, name, (handle) => {
    const conditions: SQL[] = [eq(submissions.userId, sql.placeholder('userId'))];
    if (options.status) conditions.push(eq(submissions.status, sql.placeholder('status')));
    if (options.after) {
      conditions.push(
        sql`(${submissions.createdAt}, ${submissions.id}) < (${sql.placeholder('afterCreatedAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
      );
    }
    return handle
      .select({
        submission: submissions,
        seller: sellerColumns,
        // JavaScript dates hold milliseconds; PostgreSQL keeps microseconds. The cursor needs them all.
        exactCreatedAt: sql<string>`to_char(${submissions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
      .where(and(...conditions))
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  }).execute({
    userId,
    status: options.status ?? null,
    afterCreatedAt: options.after?.createdAt ?? null,
    afterId: options.after?.id ?? null,
    limit: options.limit + 1,
  });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const next =
    rows.length > options.limit && last ? { createdAt: last.exactCreatedAt, id: last.submission.id } : null;
  const records = await assembleSubmissionRecords(
    db,
    page.map(({ submission, seller }) => ({ submission, seller })),
  );
  return { records, next };
}

/** The seller's stat cards over all their submissions: total, pending (awaiting response), awaiting_shipment. */
export async function submissionStatsOfUser(
  db: Db,
  userId: string,
): Promise<{ total: number; awaitingResponse: number; accepted: number }> {
  const [row] = await prepared(db, 'seller_stats', (handle) =>
    handle
      .select({
        total: sql<number>`count(*)::int`,
        awaitingResponse: sql<number>`(count(*) filter (where ${submissions.status} = 'pending'))::int`,
        accepted: sql<number>`(count(*) filter (where ${submissions.status} = 'awaiting_shipment'))::int`,
      })
      .from(submissions)
      .where(eq(submissions.userId, sql.placeholder('userId')))
      .prepare('seller_stats'),
  ).execute({ userId });
  return {
    total: row?.total ?? 0,
    awaitingResponse: row?.awaitingResponse ?? 0,
    accepted: row?.accepted ?? 0,
  };
}

/** One submission by id, or null. */
export async function findSubmission(db: Db, id: string): Promise<SubmissionRecord | null> {
  const rows = await prepared(db, 'submission_by_id', (handle) =>
    handle
      .select({ submission: submissions, seller: sellerColumns })
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
      .where(eq(submissions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('submission_by_id'),
  ).execute({ id });
  const [record] = await assembleSubmissionRecords(db, rows);
  return record ?? null;
}

/** The submission a seller already made with this idempotency key, if any. */
export async function findSubmissionIdByIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.idempotencyKey, key)))
    .limit(1);
  return row?.id ?? null;
}
