// The SQL of the transition command: row locks, state writes guarded by the expected status, and the
// status_events audit rows. Every function takes the transaction handle; none commits.
import { and, asc, eq } from 'drizzle-orm';
import type { SubmissionStatus } from '../../../shared/domain-values.js';
import type { ActorRole } from '../../../shared/lifecycle/actions.js';
import type { ComicChange } from '../../../shared/lifecycle/submission-lifecycle.js';
import type { Db } from '../../db/client.js';
import { comics, statusEvents, submissions, type Comic, type Submission } from '../../db/schema.js';

/** Locks a submission row for the rest of the transaction (SELECT ... FOR UPDATE); null when missing. */
export async function lockSubmission(tx: Db, id: string): Promise<Submission | null> {
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
  return row ?? null;
}

/** A submission's comics in the seller's order, locked with it (the parent is always locked first). */
export async function lockComicsOf(tx: Db, submissionId: string): Promise<Comic[]> {
  return tx
    .select()
    .from(comics)
    .where(eq(comics.submissionId, submissionId))
    .orderBy(asc(comics.position), asc(comics.createdAt))
    .for('update');
}

/** The submission a comic belongs to, or null when the comic does not exist (no lock: the parent is locked next). */
export async function findSubmissionIdOfComic(tx: Db, comicId: string): Promise<string | null> {
  const [row] = await tx
    .select({ submissionId: comics.submissionId })
    .from(comics)
    .where(eq(comics.id, comicId))
    .limit(1);
  return row?.submissionId ?? null;
}

/** Fields a transition may set on a submission. */
export type SubmissionChange = Partial<
  Pick<
    Submission,
    | 'totalCashOfferCents'
    | 'totalStoreCreditOfferCents'
    | 'trackingId'
    | 'carrier'
    | 'disputeMessage'
    | 'paypalTransactionId'
    | 'storeCreditReference'
    | 'processedAt'
    | 'shippedAt'
    | 'receivedAt'
    | 'paidAt'
  >
>;

/**
 * Writes a submission's new status and fields, only if it is still in `from` (the lock already makes
 * that so; the condition keeps the write honest should a caller ever forget the lock). Returns false
 * when no row matched.
 */
export async function updateSubmission(
  tx: Db,
  id: string,
  from: SubmissionStatus,
  to: SubmissionStatus,
  change: SubmissionChange,
): Promise<boolean> {
  const rows = await tx
    .update(submissions)
    .set({ ...change, status: to })
    .where(and(eq(submissions.id, id), eq(submissions.status, from)))
    .returning({ id: submissions.id });
  return rows.length === 1;
}

/** Writes a comic's new offer state, only if it is still in the status it was read in. */
export async function updateComic(
  tx: Db,
  comic: Pick<Comic, 'id' | 'adminStatus'>,
  change: ComicChange,
): Promise<boolean> {
  const rows = await tx
    .update(comics)
    .set(change)
    .where(and(eq(comics.id, comic.id), eq(comics.adminStatus, comic.adminStatus)))
    .returning({ id: comics.id });
  return rows.length === 1;
}

/** One status_events row to write. */
export interface NewStatusEvent {
  submissionId: string;
  comicId: string | null;
  action: string;
  actorUserId: string | null;
  actorRole: ActorRole;
  fromStatus: string | null;
  toStatus: string;
  reason?: string | null;
  payload: Record<string, unknown>;
}

/** Appends one audit row and returns its id. */
export async function insertStatusEvent(tx: Db, event: NewStatusEvent): Promise<number> {
  const [row] = await tx
    .insert(statusEvents)
    .values({ ...event, reason: event.reason ?? null })
    .returning({ id: statusEvents.id });
  if (!row) throw new Error('insert into status_events returned no row');
  return row.id;
}
