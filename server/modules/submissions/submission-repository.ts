import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  comics,
  images,
  submissions,
  users,
  type Comic,
  type Image,
  type Submission,
  type User,
} from '../../db/schema.js';

/** A submission with everything its API shape needs: comics in order, their photos, the seller. */
export interface SubmissionRecord {
  submission: Submission;
  seller: Pick<User, 'id' | 'username' | 'email' | 'paymentEmail'>;
  comics: { comic: Comic; images: Image[] }[];
}

async function assemble(
  db: Db,
  rows: { submission: Submission; seller: SubmissionRecord['seller'] }[],
): Promise<SubmissionRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.submission.id);
  const comicRows = await db
    .select()
    .from(comics)
    .where(inArray(comics.submissionId, ids))
    .orderBy(asc(comics.position), asc(comics.createdAt));
  const comicIds = comicRows.map((comic) => comic.id);
  const imageRows =
    comicIds.length === 0
      ? []
      : await db
          .select()
          .from(images)
          .where(inArray(images.comicId, comicIds))
          .orderBy(asc(images.createdAt), asc(images.id));
  const imagesByComic = new Map<string, Image[]>();
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
  return rows.map((row) => ({ ...row, comics: comicsBySubmission.get(row.submission.id) ?? [] }));
}

const sellerColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  paymentEmail: users.paymentEmail,
};

/** A seller's own submissions, newest first, with comics and photos. */
export async function listSubmissionsOfUser(db: Db, userId: string): Promise<SubmissionRecord[]> {
  const rows = await db
    .select({ submission: submissions, seller: sellerColumns })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(eq(submissions.userId, userId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
  return assemble(db, rows);
}

/** One submission by id, or null. */
export async function findSubmission(db: Db, id: string): Promise<SubmissionRecord | null> {
  const rows = await db
    .select({ submission: submissions, seller: sellerColumns })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(eq(submissions.id, id))
    .limit(1);
  const [record] = await assemble(db, rows);
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
