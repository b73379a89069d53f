// The one way a submission or comic changes state after creation. Each call is one transaction:
// lock the submission row (SELECT ... FOR UPDATE; comic actions lock their parent submission first,
// then its comics, always in that order so two transactions cannot deadlock), check the caller and
// the table in shared/lifecycle/submission-lifecycle.ts, write the new state with the expected old
// status in the WHERE clause, append the status_events row, tell the transition hub, commit.
// Concurrent callers queue on the lock; the second one sees the first one's result and gets a 409.
import { z } from 'zod';
import type { Carrier, SubmissionStatus, UserResponse } from '../../../shared/domain-values.js';
import type { ActorRole, ComicAction, SubmissionAction } from '../../../shared/lifecycle/actions.js';
import {
  acceptedTotals,
  ANSWER_ACTIONS,
  offerTotals,
  processedComicCount,
  stepComic,
  stepSubmission,
  type ComicState,
  type LifecycleViewer,
  type Refusal,
} from '../../../shared/lifecycle/submission-lifecycle.js';
import type { ComicOfferValues } from '../../../shared/schemas/offer.js';
import type { MarkPaidValues } from '../../../shared/schemas/submission-actions.js';
import type { Db } from '../../db/client.js';
import type { Comic, Submission, User } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import {
  findSubmissionIdOfComic,
  insertStatusEvent,
  lockComicsOf,
  lockSubmission,
  updateComic,
  updateSubmission,
  type SubmissionChange,
} from './lifecycle-repository.js';
import type { TransitionEvent, TransitionHub } from './transition-listeners.js';

/** Who acts: a signed-in account. */
export type Actor = Pick<User, 'id' | 'role'>;

/** A submission action with the body it needs (validated by the route's zod schema). */
export type SubmissionCommand =
  | {
      action: Exclude<SubmissionAction, 'save_tracking' | 'mark_paid' | 'open_dispute'>;
    }
  | { action: 'save_tracking'; payload: { trackingId: string; carrier: Carrier } }
  | { action: 'mark_paid'; payload: MarkPaidValues }
  | { action: 'open_dispute'; payload: { disputeMessage: string } };

/** A comic change as the routes ask for it; the command picks the table's action under the lock. */
export type ComicCommand =
  { kind: 'offer'; body: ComicOfferValues } | { kind: 'answer'; userResponse: UserResponse };

/** The outcome of a submission action. */
export interface SubmissionActionResult {
  submissionId: string;
  status: SubmissionStatus;
  /** Filled for calculate_total (the spec's response), in cents. */
  totals?: { totalCashOffer: number; totalStoreCreditOffer: number; processedComics: number };
}

/** The outcome of a comic action. */
export interface ComicActionResult {
  submissionId: string;
  comicId: string;
  action: ComicAction;
  /** The submission's status afterwards (moved by the system when the last offer was answered). */
  status: SubmissionStatus;
}

const submissionNotFound = () => new HttpError(404, 'Submission not found', 'not_found');
const comicNotFound = () => new HttpError(404, 'Comic not found', 'not_found');

/** A refusal from the table as the HTTP error the client sees. */
function refusalError(refusal: Refusal): Error {
  if (refusal.status === 400) {
    // Same shape as any validation failure: the form shows the message at the named field.
    return new z.ZodError([
      { code: 'custom', path: [refusal.field ?? ''], message: refusal.message, input: undefined },
    ]);
  }
  return new HttpError(
    refusal.status,
    refusal.message,
    refusal.status === 403 ? 'forbidden' : 'invalid_transition',
  );
}

/** The viewer the table sees for this actor and submission; null when the actor may not even see it. */
function viewerOf(actor: Actor, submission: Pick<Submission, 'userId'>): LifecycleViewer | null {
  const viewer = { isOwner: submission.userId === actor.id, isStaff: actor.role === 'admin' };
  return viewer.isOwner || viewer.isStaff ? viewer : null;
}

function comicStates(rows: readonly Comic[]): ComicState[] {
  return rows.map((row) => ({
    id: row.id,
    adminStatus: row.adminStatus,
    cashOfferCents: row.cashOfferCents,
    storeCreditOfferCents: row.storeCreditOfferCents,
    userResponse: row.userResponse,
  }));
}

/** The dependencies of the transition command. */
export interface TransitionDeps {
  db: Db;
  hub: TransitionHub;
}

/** What a submission action writes besides the status, and what its status event carries. */
function effectsOf(
  command: SubmissionCommand,
  submission: Submission,
  comics: readonly ComicState[],
  now: Date,
): { change: SubmissionChange; payload: Record<string, unknown> } {
  switch (command.action) {
    case 'mark_processed':
      return { change: { processedAt: now }, payload: {} };
    case 'save_tracking':
      return {
        // A correction while shipped keeps the first shipping date.
        change: { ...command.payload, shippedAt: submission.shippedAt ?? now },
        payload: { ...command.payload },
      };
    case 'mark_received':
      return { change: { receivedAt: now }, payload: {} };
    case 'mark_paid': {
      const owed = acceptedTotals(comics);
      // Keep only the references that pay for something; a stray one is not recorded as a payment.
      const paypalTransactionId = owed.cashCents > 0 ? command.payload.paypalTransactionId : null;
      const storeCreditReference = owed.creditCents > 0 ? command.payload.storeCreditReference : null;
      return {
        change: { paidAt: now, paypalTransactionId, storeCreditReference },
        payload: {
          cashOfferCents: owed.cashCents,
          storeCreditOfferCents: owed.creditCents,
          ...(paypalTransactionId ? { paypalTransactionId } : {}),
          ...(storeCreditReference ? { storeCreditReference } : {}),
        },
      };
    }
    case 'open_dispute':
      return {
        change: { disputeMessage: command.payload.disputeMessage },
        payload: { message: command.payload.disputeMessage },
      };
    default:
      return { change: {}, payload: {} };
  }
}

/**
 * Takes a submission action for `actor`. Throws HttpError 404 (missing or someone else's), 403 (not
 * an action for this actor), 409 (not from this state: a sentence saying why), or a 400 validation
 * error naming the field (mark_paid without the reference it needs).
 */
export async function runSubmissionAction(
  deps: TransitionDeps,
  actor: Actor,
  submissionId: string,
  command: SubmissionCommand,
): Promise<SubmissionActionResult> {
  return deps.db.transaction(async (tx) => {
    const submission = await lockSubmission(tx, submissionId);
    if (!submission) throw submissionNotFound();
    const viewer = viewerOf(actor, submission);
    if (!viewer) throw submissionNotFound();
    const comicRows = await lockComicsOf(tx, submission.id);
    const comics = comicStates(comicRows);
    const state = { status: submission.status, comics };

    const step = stepSubmission(
      viewer,
      command.action,
      state,
      command.action === 'mark_paid' ? command.payload : undefined,
    );
    if (step.refusal) throw refusalError(step.refusal);

    const totals = offerTotals(comics);
    if (command.action === 'calculate_total') {
      // A recomputation, not a change of state: no status event, nothing to announce.
      await updateSubmission(tx, submission.id, submission.status, submission.status, totals);
      return {
        submissionId: submission.id,
        status: submission.status,
        totals: {
          totalCashOffer: totals.totalCashOfferCents ?? 0,
          totalStoreCreditOffer: totals.totalStoreCreditOfferCents ?? 0,
          processedComics: processedComicCount(comics),
        },
      };
    }

    const now = new Date();
    const to = step.status;
    const { change, payload } = effectsOf(command, submission, comics, now);
    const written = await updateSubmission(tx, submission.id, submission.status, to, {
      ...change,
      ...totals,
    });
    if (!written) throw new HttpError(409, 'This submission changed meanwhile. Please reload.', 'conflict');
    await recordTransition(deps.hub, tx, {
      action: command.action,
      submissionId: submission.id,
      comicId: null,
      actor: { userId: actor.id, role: actor.role },
      fromStatus: submission.status,
      toStatus: to,
      submissionStatus: to,
      payload,
    });
    return { submissionId: submission.id, status: to };
  });
}

/** The table's action for a comic request, decided under the lock from the comic's current state. */
function comicActionFor(command: ComicCommand, comic: ComicState): ComicAction {
  if (command.kind === 'answer') return ANSWER_ACTIONS[command.userResponse];
  if (command.body.adminStatus === 'rejected') return 'reject';
  return comic.adminStatus === 'pending_user_approval' ? 'edit_offer' : 'make_offer';
}

/**
 * Takes a comic action (staff's offer or rejection, the seller's answer). When the answer is the last
 * one the submission waited for, the system moves the submission on in the same transaction
 * (awaiting_shipment when anything was accepted, else declined) with its own status event.
 */
export async function runComicAction(
  deps: TransitionDeps,
  actor: Actor,
  comicId: string,
  command: ComicCommand,
): Promise<ComicActionResult> {
  return deps.db.transaction(async (tx) => {
    const submissionId = await findSubmissionIdOfComic(tx, comicId);
    if (!submissionId) throw comicNotFound();
    const submission = await lockSubmission(tx, submissionId);
    if (!submission) throw comicNotFound();
    const viewer = viewerOf(actor, submission);
    if (!viewer) throw comicNotFound();
    const comicRows = await lockComicsOf(tx, submission.id);
    const comics = comicStates(comicRows);
    const comic = comics.find((c) => c.id === comicId);
    // Moved to another submission between the lookup and the lock: treat as missing.
    if (!comic) throw comicNotFound();

    const action = comicActionFor(command, comic);
    const offer =
      command.kind === 'offer' && command.body.adminStatus === 'pending_user_approval'
        ? { cashOfferCents: command.body.cashOffer, storeCreditOfferCents: command.body.storeCreditOffer }
        : undefined;
    const step = stepComic(viewer, action, { status: submission.status, comics }, comic.id, offer);
    if (step.refusal) throw refusalError(step.refusal);
    const { change, status } = step;
    if (!(await updateComic(tx, comic, change))) {
      throw new HttpError(409, 'This comic changed meanwhile. Please reload.', 'conflict');
    }
    await updateSubmission(tx, submission.id, submission.status, status, offerTotals(step.comics));

    // Offers and answers carry the amounts, so the timeline and the mail can say what was offered or taken.
    const amounts = {
      cashOfferCents: change.cashOfferCents,
      storeCreditOfferCents: change.storeCreditOfferCents,
    };
    const payload: Record<string, unknown> =
      action === 'make_offer' || action === 'edit_offer'
        ? amounts
        : change.userResponse
          ? { userResponse: change.userResponse, ...amounts }
          : {};
    await recordTransition(deps.hub, tx, {
      action,
      submissionId: submission.id,
      comicId: comic.id,
      actor: { userId: actor.id, role: actor.role },
      fromStatus: comic.adminStatus,
      toStatus: change.adminStatus,
      submissionStatus: status,
      payload,
    });
    if (step.automatic) {
      await recordTransition(deps.hub, tx, {
        action: 'auto_advance',
        submissionId: submission.id,
        comicId: null,
        actor: { userId: null, role: 'system' },
        fromStatus: submission.status,
        toStatus: status,
        submissionStatus: status,
        payload: {},
        reason: 'Every offer was answered.',
      });
    }
    return { submissionId: submission.id, comicId: comic.id, action, status };
  });
}

/** Writes the status event and tells the hub, inside the caller's transaction (creation uses it too). */
export async function recordTransition(
  hub: TransitionHub,
  tx: Db,
  event: Omit<TransitionEvent, 'statusEventId' | 'actor'> & {
    actor: { userId: string | null; role: ActorRole };
    reason?: string;
  },
): Promise<void> {
  const { reason, ...rest } = event;
  const statusEventId = await insertStatusEvent(tx, {
    submissionId: rest.submissionId,
    comicId: rest.comicId,
    action: rest.action,
    actorUserId: rest.actor.userId,
    actorRole: rest.actor.role,
    fromStatus: rest.fromStatus,
    toStatus: rest.toStatus,
    reason: reason ?? null,
    payload: rest.payload,
  });
  await hub.notify(tx, { ...rest, statusEventId });
}
