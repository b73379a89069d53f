// The whole submission lifecycle as data (docs/decisions/0006-submission-lifecycle.md). For every
// action of shared/lifecycle/actions.ts: who may take it (the owning seller, staff), from which
// states (per actor), to which state, what must hold first (guard), and what it changes. The server's
// transition command (server/modules/lifecycle/transition.ts) runs these pure functions inside its
// transaction and only persists their result; every response's `allowedActions` comes from here too,
// so no screen and no route re-derives a rule.
import type { z } from 'zod';
import type { ComicAdminStatus, SubmissionStatus, UserResponse } from '../domain-values.js';
import { comicOfferBodySchema } from '../schemas/offer.js';
import {
  ACTION_MESSAGES,
  markPaidBodySchema,
  offerResponseBodySchema,
  openDisputeBodySchema,
  trackingBodySchema,
} from '../schemas/submission-actions.js';
import type { ComicAction, SubmissionAction } from './actions.js';

/** Who looks at or acts on a submission: its owner, staff, both (a staff member's own), or neither. */
export interface LifecycleViewer {
  /** The viewer is the seller who made the submission. */
  isOwner: boolean;
  /** The viewer has the admin role. */
  isStaff: boolean;
}

/** The part of a comic the lifecycle reads and writes. */
export interface ComicState {
  id: string;
  adminStatus: ComicAdminStatus;
  cashOfferCents: number | null;
  storeCreditOfferCents: number | null;
  userResponse: UserResponse | null;
}

/** The part of a submission the lifecycle reads. */
export interface SubmissionState {
  status: SubmissionStatus;
  comics: readonly ComicState[];
}

/** An actor kind in the table. The system acts only through `automaticNextStatus`. */
export type TableActor = 'owner' | 'staff';

/** A refusal: the HTTP status the server answers with and a sentence a person understands. */
export interface Refusal {
  status: 403 | 409 | 400;
  message: string;
  /** The field a 400 is about. */
  field?: string;
}

/** One row of the submission table. */
export interface SubmissionRule {
  /** From which statuses each actor may take it; an actor not listed may never take it (403). */
  from: Partial<Record<TableActor, readonly SubmissionStatus[]>>;
  /** The status afterwards; 'unchanged' keeps it (calculate_total). */
  to: SubmissionStatus | 'unchanged';
  /** What must hold besides the status (null: fine); checked after actor and status. */
  guard?: (state: SubmissionState) => string | null;
  /** How the action reads in "…, so it can't be <done>." */
  done: string;
  /** The request body's schema; absent: the action takes no body. */
  payload?: z.ZodType;
}

// ---------------------------------------------------------------------------------------------
// Helpers over comics

/** Comics staff have offered on and the seller has not answered yet. */
function awaitingAnswer(comics: readonly ComicState[]): ComicState[] {
  return comics.filter((comic) => comic.adminStatus === 'pending_user_approval' && !comic.userResponse);
}

/** True when every comic is offered (pending_user_approval) or rejected, and at least one is offered. */
export function isReadyToProcess(comics: readonly ComicState[]): boolean {
  return (
    comics.length > 0 &&
    comics.every((c) => c.adminStatus === 'pending_user_approval' || c.adminStatus === 'rejected') &&
    comics.some((c) => c.adminStatus === 'pending_user_approval')
  );
}

/** True when the submission has comics and staff rejected every one. */
export function isAllRejected(comics: readonly ComicState[]): boolean {
  return comics.length > 0 && comics.every((c) => c.adminStatus === 'rejected');
}

/** True when no offered comic is still waiting for the seller's answer. */
export function isEveryOfferAnswered(comics: readonly ComicState[]): boolean {
  return awaitingAnswer(comics).length === 0;
}

// ---------------------------------------------------------------------------------------------
// The submission table

/** Statuses nothing leaves. */
export const TERMINAL_STATUSES: readonly SubmissionStatus[] = ['paid', 'declined', 'cancelled'];

/** The statuses the lifecycle uses; submission_processed and user_response are legacy names never entered. */
export const LIFECYCLE_STATUSES: readonly SubmissionStatus[] = [
  'awaiting_review',
  'pending',
  'awaiting_shipment',
  'shipped',
  'inspecting_submission',
  'dispute',
  'resolved',
  'paid',
  'declined',
  'cancelled',
];

const NON_TERMINAL = LIFECYCLE_STATUSES.filter((status) => !TERMINAL_STATUSES.includes(status));

/** Every submission action: who, from where, to where, on what condition. */
export const SUBMISSION_RULES: Record<SubmissionAction, SubmissionRule> = {
  cancel: {
    // The seller may withdraw before any offer is sent; staff may also cancel when the seller does
    // not answer, does not ship within 7 days (terms), or after a dispute that ends the deal.
    from: {
      owner: ['awaiting_review'],
      staff: ['awaiting_review', 'pending', 'awaiting_shipment', 'resolved'],
    },
    to: 'cancelled',
    done: 'cancelled',
  },
  mark_processed: {
    from: { staff: ['awaiting_review'] },
    to: 'pending',
    guard: (state) =>
      isReadyToProcess(state.comics)
        ? null
        : isAllRejected(state.comics)
          ? 'Every comic is rejected: mark the submission as declined instead.'
          : 'Every comic needs an offer or a rejection before the submission can be processed.',
    done: 'marked as processed',
  },
  mark_declined: {
    from: { staff: ['awaiting_review'] },
    to: 'declined',
    guard: (state) =>
      isAllRejected(state.comics) ? null : 'A submission can be declined only when every comic is rejected.',
    done: 'marked as declined',
  },
  user_responded: {
    from: { owner: ['pending'] },
    // The real target is automaticNextStatus (awaiting_shipment or declined); see resolveTarget.
    to: 'awaiting_shipment',
    guard: (state) =>
      isEveryOfferAnswered(state.comics) ? null : 'Please answer every offer before continuing.',
    done: 'moved on',
  },
  save_tracking: {
    // While shipped, saving again corrects the tracking without a status change.
    from: { owner: ['awaiting_shipment', 'shipped'], staff: ['awaiting_shipment', 'shipped'] },
    to: 'shipped',
    done: 'given a tracking number',
    payload: trackingBodySchema,
  },
  mark_received: {
    from: { staff: ['shipped'] },
    to: 'inspecting_submission',
    done: 'marked as received',
  },
  mark_paid: {
    from: { staff: ['inspecting_submission', 'resolved'] },
    to: 'paid',
    done: 'marked as paid',
    // Which reference is required depends on the accepted totals: see refusePayment.
    payload: markPaidBodySchema,
  },
  open_dispute: {
    from: { staff: ['inspecting_submission', 'resolved'] },
    to: 'dispute',
    done: 'put in dispute',
    payload: openDisputeBodySchema,
  },
  resolve_dispute: {
    from: { staff: ['dispute'] },
    to: 'resolved',
    done: 'resolved',
  },
  resume_inspection: {
    from: { staff: ['resolved'] },
    to: 'inspecting_submission',
    done: 'sent back to inspection',
  },
  calculate_total: {
    from: { staff: NON_TERMINAL },
    to: 'unchanged',
    done: 're-totalled',
  },
};

// ---------------------------------------------------------------------------------------------
// The comic table

/** One row of the comic table. */
export interface ComicRule {
  /** Who may take it. */
  actors: readonly TableActor[];
  /** The submission's status it needs. */
  submissionFrom: readonly SubmissionStatus[];
  /** The comic's adminStatus it needs. */
  comicFrom: readonly ComicAdminStatus[];
  /** The comic's adminStatus afterwards. */
  to: ComicAdminStatus;
  /** The seller's answer it records (answers only). */
  userResponse?: UserResponse;
  /** What must hold of the comic besides its status (null: fine). */
  guard?: (comic: ComicState) => string | null;
  /** The request body's schema. */
  payload: z.ZodType;
}

/** An answer is given once, only to a comic that has an offer. */
const unanswered = (comic: ComicState) =>
  comic.userResponse ? 'This offer has already been answered.' : null;

/** Every comic action. */
export const COMIC_RULES: Record<ComicAction, ComicRule> = {
  make_offer: {
    actors: ['staff'],
    submissionFrom: ['awaiting_review'],
    comicFrom: ['awaiting_review', 'rejected'],
    to: 'pending_user_approval',
    payload: comicOfferBodySchema,
  },
  edit_offer: {
    actors: ['staff'],
    submissionFrom: ['awaiting_review'],
    comicFrom: ['pending_user_approval'],
    to: 'pending_user_approval',
    payload: comicOfferBodySchema,
  },
  reject: {
    actors: ['staff'],
    submissionFrom: ['awaiting_review'],
    comicFrom: ['awaiting_review', 'pending_user_approval'],
    to: 'rejected',
    payload: comicOfferBodySchema,
  },
  accept_cash: {
    actors: ['owner'],
    submissionFrom: ['pending'],
    comicFrom: ['pending_user_approval'],
    to: 'accepted_cash',
    userResponse: 'accepted_cash',
    payload: offerResponseBodySchema,
    guard: (comic) =>
      unanswered(comic) ?? (comic.cashOfferCents === null ? 'This comic has no cash offer.' : null),
  },
  accept_credit: {
    actors: ['owner'],
    submissionFrom: ['pending'],
    comicFrom: ['pending_user_approval'],
    to: 'accepted_credit',
    userResponse: 'accepted_credit',
    payload: offerResponseBodySchema,
    guard: (comic) =>
      unanswered(comic) ??
      (comic.storeCreditOfferCents === null ? 'This comic has no store credit offer.' : null),
  },
  decline: {
    actors: ['owner'],
    submissionFrom: ['pending'],
    comicFrom: ['pending_user_approval'],
    to: 'user_rejected',
    userResponse: 'user_rejected',
    payload: offerResponseBodySchema,
    guard: unanswered,
  },
};

/** The comic action a seller's answer (PUT /api/comics/:id/offer-response) stands for. */
export const ANSWER_ACTIONS: Record<UserResponse, ComicAction> = {
  accepted_cash: 'accept_cash',
  accepted_credit: 'accept_credit',
  user_rejected: 'decline',
};

// ---------------------------------------------------------------------------------------------
// Messages

// How each status reads in "This submission <phrase>, so …".
const STATUS_PHRASES: Record<SubmissionStatus, string> = {
  awaiting_review: 'is still being reviewed',
  pending: 'is waiting for the seller to answer the offers',
  awaiting_shipment: 'is waiting to be shipped',
  shipped: 'has already shipped',
  inspecting_submission: 'is being inspected',
  dispute: 'is in dispute',
  resolved: 'has a resolved dispute',
  paid: 'has already been paid',
  declined: 'has been declined',
  cancelled: 'has been cancelled',
  submission_processed: 'is being processed',
  user_response: 'is being processed',
};

/** "This submission has already shipped." style sentence for a status. */
export function statusSentence(status: SubmissionStatus): string {
  return `This submission ${STATUS_PHRASES[status]}.`;
}

/** The sentence for a submission action refused because of the status. */
function wrongStatusMessage(action: SubmissionAction, status: SubmissionStatus): string {
  return `This submission ${STATUS_PHRASES[status]}, so it can't be ${SUBMISSION_RULES[action].done}.`;
}

// The sentence for a comic action refused because of the submission's status.
const COMIC_WRONG_SUBMISSION: Record<ComicAction, string> = {
  make_offer: 'offers can no longer be changed',
  edit_offer: 'offers can no longer be changed',
  reject: 'comics can no longer be rejected',
  accept_cash: 'offers can no longer be answered',
  accept_credit: 'offers can no longer be answered',
  decline: 'offers can no longer be answered',
};

/** The sentence for a comic action refused because of the comic's own status. */
function wrongComicMessage(action: ComicAction, comic: ComicState): string {
  if (COMIC_RULES[action].userResponse) {
    if (comic.userResponse) return 'This offer has already been answered.';
    return 'This comic has no offer to answer.';
  }
  if (action === 'reject' && comic.adminStatus === 'rejected') return 'This comic is already rejected.';
  if (action === 'edit_offer') return 'This comic has no offer to edit.';
  return 'This comic already has an offer.';
}

/** The actor kinds a viewer acts as. */
function actorKinds(viewer: LifecycleViewer): TableActor[] {
  const kinds: TableActor[] = [];
  if (viewer.isOwner) kinds.push('owner');
  if (viewer.isStaff) kinds.push('staff');
  return kinds;
}

// ---------------------------------------------------------------------------------------------
// Decisions

/** Why a submission action cannot be taken now, or null when it can. */
export function refuseSubmissionAction(
  viewer: LifecycleViewer,
  action: SubmissionAction,
  state: SubmissionState,
): Refusal | null {
  const rule = SUBMISSION_RULES[action];
  const kinds = actorKinds(viewer).filter((kind) => rule.from[kind] !== undefined);
  if (kinds.length === 0) return { status: 403, message: 'You are not allowed to do that.' };
  if (!kinds.some((kind) => rule.from[kind]!.includes(state.status))) {
    return { status: 409, message: wrongStatusMessage(action, state.status) };
  }
  const problem = rule.guard?.(state) ?? null;
  return problem ? { status: 409, message: problem } : null;
}

/** Why a comic action cannot be taken now, or null when it can. */
export function refuseComicAction(
  viewer: LifecycleViewer,
  action: ComicAction,
  submissionStatus: SubmissionStatus,
  comic: ComicState,
): Refusal | null {
  const rule = COMIC_RULES[action];
  if (!actorKinds(viewer).some((kind) => rule.actors.includes(kind))) {
    return { status: 403, message: 'You are not allowed to do that.' };
  }
  if (!rule.submissionFrom.includes(submissionStatus)) {
    return {
      status: 409,
      message: `This submission ${STATUS_PHRASES[submissionStatus]}, so ${COMIC_WRONG_SUBMISSION[action]}.`,
    };
  }
  if (!rule.comicFrom.includes(comic.adminStatus)) {
    return { status: 409, message: wrongComicMessage(action, comic) };
  }
  const problem = rule.guard?.(comic) ?? null;
  return problem ? { status: 409, message: problem } : null;
}

/** The submission actions the viewer may take now (guards included), in the order of SUBMISSION_ACTIONS. */
export function allowedSubmissionActions(
  viewer: LifecycleViewer,
  state: SubmissionState,
): SubmissionAction[] {
  return (Object.keys(SUBMISSION_RULES) as SubmissionAction[]).filter(
    (action) => refuseSubmissionAction(viewer, action, state) === null,
  );
}

/** The comic actions the viewer may take on one comic now. */
export function allowedComicActions(
  viewer: LifecycleViewer,
  submissionStatus: SubmissionStatus,
  comic: ComicState,
): ComicAction[] {
  return (Object.keys(COMIC_RULES) as ComicAction[]).filter(
    (action) => refuseComicAction(viewer, action, submissionStatus, comic) === null,
  );
}

/**
 * The status the system moves a `pending` submission to once the seller has answered every offer:
 * awaiting_shipment when anything was accepted, declined when nothing was; null while an offer is
 * still unanswered (or the submission is not pending).
 */
export function automaticNextStatus(state: SubmissionState): SubmissionStatus | null {
  if (state.status !== 'pending' || !isEveryOfferAnswered(state.comics)) return null;
  const accepted = state.comics.some(
    (c) => c.adminStatus === 'accepted_cash' || c.adminStatus === 'accepted_credit',
  );
  return accepted ? 'awaiting_shipment' : 'declined';
}

/** The status a submission action leads to from the given state (before any automatic move). */
export function targetStatus(action: SubmissionAction, state: SubmissionState): SubmissionStatus {
  if (action === 'user_responded') return automaticNextStatus(state) ?? state.status;
  const to = SUBMISSION_RULES[action].to;
  return to === 'unchanged' ? state.status : to;
}

/** What a staff offer or the seller's answer does to a comic. */
export interface ComicChange {
  adminStatus: ComicAdminStatus;
  cashOfferCents: number | null;
  storeCreditOfferCents: number | null;
  userResponse: UserResponse | null;
}

/** The comic after an action (amounts given for make_offer/edit_offer; reject clears them). */
export function applyComicAction(
  action: ComicAction,
  comic: ComicState,
  offer?: { cashOfferCents: number | null; storeCreditOfferCents: number | null },
): ComicChange {
  const rule = COMIC_RULES[action];
  if (action === 'make_offer' || action === 'edit_offer') {
    if (!offer || (offer.cashOfferCents === null && offer.storeCreditOfferCents === null)) {
      throw new Error(`${action} needs at least one amount`);
    }
    return { adminStatus: rule.to, ...offer, userResponse: null };
  }
  if (action === 'reject') {
    return { adminStatus: rule.to, cashOfferCents: null, storeCreditOfferCents: null, userResponse: null };
  }
  return {
    adminStatus: rule.to,
    cashOfferCents: comic.cashOfferCents,
    storeCreditOfferCents: comic.storeCreditOfferCents,
    userResponse: rule.userResponse ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Totals

/** A submission's offer totals in cents; null where no comic counted carries that kind of offer. */
export interface OfferTotals {
  totalCashOfferCents: number | null;
  totalStoreCreditOfferCents: number | null;
}

/** Sums one kind of offer over the comics in the given states; null when none of them has one. */
function sumOffers(
  comics: readonly ComicState[],
  states: readonly ComicAdminStatus[],
  pick: (comic: ComicState) => number | null,
): number | null {
  let total: number | null = null;
  for (const comic of comics) {
    const cents = pick(comic);
    if (states.includes(comic.adminStatus) && cents !== null) total = (total ?? 0) + cents;
  }
  return total;
}

/**
 * The totals a submission shows: cash offers over comics still offered (pending_user_approval) or
 * accepted for cash; store credit over those still offered or accepted for credit. Once every offer
 * is answered this is exactly what the dealer owes: cash over accepted_cash, credit over accepted_credit.
 */
export function offerTotals(comics: readonly ComicState[]): OfferTotals {
  return {
    totalCashOfferCents: sumOffers(
      comics,
      ['pending_user_approval', 'accepted_cash'],
      (c) => c.cashOfferCents,
    ),
    totalStoreCreditOfferCents: sumOffers(
      comics,
      ['pending_user_approval', 'accepted_credit'],
      (c) => c.storeCreditOfferCents,
    ),
  };
}

/** What the dealer owes once the seller has answered: cash over accepted_cash, credit over accepted_credit (0 when none). */
export function acceptedTotals(comics: readonly ComicState[]): { cashCents: number; creditCents: number } {
  return {
    cashCents: sumOffers(comics, ['accepted_cash'], (c) => c.cashOfferCents) ?? 0,
    creditCents: sumOffers(comics, ['accepted_credit'], (c) => c.storeCreditOfferCents) ?? 0,
  };
}

/** How many comics staff have attended to (offered, rejected, or answered since). */
export function processedComicCount(comics: readonly ComicState[]): number {
  return comics.filter((c) => c.adminStatus !== 'awaiting_review' && c.adminStatus !== 'pending').length;
}

/**
 * Which payment references Mark as Paid needs: the PayPal transaction id when cash is owed, the
 * store-credit reference when credit is owed. Returns a 400 refusal naming the first missing field.
 */
export function refusePayment(
  comics: readonly ComicState[],
  payment: {
    paypalTransactionId?: string | null | undefined;
    storeCreditReference?: string | null | undefined;
  },
): Refusal | null {
  const owed = acceptedTotals(comics);
  if (owed.cashCents > 0 && !payment.paypalTransactionId) {
    return {
      status: 400,
      field: 'paypalTransactionId',
      message: ACTION_MESSAGES.transactionRequired,
    };
  }
  if (owed.creditCents > 0 && !payment.storeCreditReference) {
    return {
      status: 400,
      field: 'storeCreditReference',
      message: ACTION_MESSAGES.storeCreditReferenceRequired,
    };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Whole steps: what the transition command runs under its lock

/** A step's outcome: refused (with why), or the state it leads to. */
export type StepResult<T> = { refusal: Refusal } | ({ refusal: null } & T);

/**
 * One submission action on a state: refused, or the status it leads to. `payment` is mark_paid's
 * references (checked against what the seller accepted).
 */
export function stepSubmission(
  viewer: LifecycleViewer,
  action: SubmissionAction,
  state: SubmissionState,
  payment?: { paypalTransactionId?: string | null; storeCreditReference?: string | null },
): StepResult<{ status: SubmissionStatus }> {
  const refusal =
    refuseSubmissionAction(viewer, action, state) ??
    (action === 'mark_paid' ? refusePayment(state.comics, payment ?? {}) : null);
  if (refusal) return { refusal };
  return { refusal: null, status: targetStatus(action, state) };
}

/**
 * One comic action on a state: refused, or the comic's change, every comic afterwards, and the
 * submission's status afterwards (moved by the system when this was the last answer awaited).
 */
export function stepComic(
  viewer: LifecycleViewer,
  action: ComicAction,
  state: SubmissionState,
  comicId: string,
  offer?: { cashOfferCents: number | null; storeCreditOfferCents: number | null },
): StepResult<{ change: ComicChange; comics: ComicState[]; status: SubmissionStatus; automatic: boolean }> {
  const comic = state.comics.find((c) => c.id === comicId);
  if (!comic) throw new Error(`comic ${comicId} is not in this submission`);
  const refusal = refuseComicAction(viewer, action, state.status, comic);
  if (refusal) return { refusal };
  const change = applyComicAction(action, comic, offer);
  const comics = state.comics.map((c) => (c.id === comicId ? { ...c, ...change } : c));
  const next = automaticNextStatus({ status: state.status, comics });
  return { refusal: null, change, comics, status: next ?? state.status, automatic: next !== null };
}
