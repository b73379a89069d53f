import { eq } from 'drizzle-orm';
import type { ComicValues } from '../../../shared/schemas/comic.js';
import type { Db } from '../../db/client.js';
import { comics, submissions, users, type User } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { attachImages, findClaimableImages } from '../images/image-repository.js';
import { extractionForComic, keptReadings } from '../extraction/kept-readings.js';
import { recordTransition } from '../lifecycle/transition.js';
import type { TransitionHub } from '../lifecycle/transition-listeners.js';
import { assertNoDuplicateCerts } from './duplicate-certs.js';
import { findSubmissionIdByIdempotencyKey } from './submission-repository.js';

/** Everything creating a submission needs, already validated by the route. */
export interface CreateSubmissionInput {
  seller: Pick<User, 'id' | 'role'>;
  /** The browser's guest upload cookie (hashed): photos uploaded before signing in are claimed with it. */
  guestTokenHash: string | null;
  comics: ComicValues[];
  /** The client's Idempotency-Key: a retried submit returns the first submission. */
  idempotencyKey: string | null;
  /** Told of the new submission ('created') inside the transaction, like every later change. */
  hub: TransitionHub;
}

/** The submission made (created: true) or found again by its idempotency key (created: false). */
export interface CreateSubmissionResult {
  id: string;
  created: boolean;
}

function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // Drizzle wraps the driver's error; the SQLSTATE sits on the cause (pg and PGlite alike).
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Every photo id of the submission, refusing one photo listed on two comics. */
function allImageIds(input: ComicValues[]): string[] {
  const ids = input.flatMap((comic) => comic.imageIds);
  if (new Set(ids).size !== ids.length) {
    throw new HttpError(400, 'A photo can belong to one comic only.', 'duplicate_images');
  }
  return ids;
}

/**
 * Creates a submission (awaiting_review) with its comics (awaiting_review, no offers), attaches the
 * seller's uploaded photos and records the status event, all in one transaction: either the whole
 * submission exists or none of it does. Money is integer cents; the total is the sum of the comics'
 * estimated values (a comic without one counts as 0, as the spec's money rules say).
 */
export async function createSubmission(
  db: Db,
  input: CreateSubmissionInput,
): Promise<CreateSubmissionResult> {
  const { seller, idempotencyKey } = input;
  if (idempotencyKey) {
    const existing = await findSubmissionIdByIdempotencyKey(db, seller.id, idempotencyKey);
    if (existing) return { id: existing, created: false };
  }
  assertNoDuplicateCerts(input.comics);
  const imageIds = allImageIds(input.comics);
  try {
    const id = await db.transaction(async (tx) => {
      // Read the payment email inside the transaction: the dialog may have saved it a moment ago.
      const [account] = await tx
        .select({ paymentEmail: users.paymentEmail })
        .from(users)
        .where(eq(users.id, seller.id));
      if (!account?.paymentEmail?.trim()) {
        throw new HttpError(400, 'Please add a payment email before submitting.', 'payment_email_required');
      }
      const claimable = await findClaimableImages(tx, imageIds, {
        userId: seller.id,
        guestTokenHash: input.guestTokenHash,
      });
      if (claimable.length !== imageIds.length) {
        // Unknown, someone else's, or already on another comic: one answer for all, revealing nothing.
        throw new HttpError(
          400,
          'Some photos could not be found. Please upload them again.',
          'unknown_images',
        );
      }

      // The readings this server made of the photos, kept with each comic: never a copy from the browser.
      const readings = await keptReadings(tx, imageIds);

      const total = input.comics.reduce((sum, comic) => sum + (comic.estimatedValue ?? 0), 0);
      const [submission] = await tx
        .insert(submissions)
        .values({
          userId: seller.id,
          status: 'awaiting_review',
          totalEstimatedValueCents: total,
          idempotencyKey,
        })
        .returning({ id: submissions.id });
      if (!submission) throw new Error('insert into submissions returned no row');

      const inserted = await tx
        .insert(comics)
        .values(
          input.comics.map((comic, position) => ({
            submissionId: submission.id,
            position,
            title: comic.title,
            issueNumber: comic.issueNumber,
            publisher: comic.publisher,
            publicationYear: comic.publicationYear,
            cgcGrade: comic.cgcGrade,
            cgcCertNumber: comic.cgcCertNumber,
            variant: comic.variant,
            keyIssue: comic.keyIssue,
            notes: comic.notes,
            confidence: comic.confidence,
            estimatedValueCents: comic.estimatedValue,
            adminStatus: 'awaiting_review' as const,
            extraction: extractionForComic(comic.imageIds ?? [], readings),
          })),
        )
        .returning({ id: comics.id, position: comics.position });
      for (const row of inserted) {
        await attachImages(tx, input.comics[row.position]?.imageIds ?? [], row.id, seller.id);
      }

      await recordTransition(input.hub, tx, {
        action: 'created',
        submissionId: submission.id,
        comicId: null,
        actor: { userId: seller.id, role: seller.role },
        fromStatus: null,
        toStatus: 'awaiting_review',
        submissionStatus: 'awaiting_review',
        payload: {},
      });
      return submission.id;
    });
    return { id, created: true };
  } catch (error) {
    // Two identical submits raced past the lookup: the unique index let one win; answer with it.
    if (idempotencyKey && isUniqueViolation(error)) {
      const existing = await findSubmissionIdByIdempotencyKey(db, seller.id, idempotencyKey);
      if (existing) return { id: existing, created: false };
    }
    throw error;
  }
}
