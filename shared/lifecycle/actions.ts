// The names of everything that can happen to a submission or to one of its comics after it is
// created. These names are the contract between the server's lifecycle table
// (shared/lifecycle/submission-lifecycle.ts), the `allowedActions` every response carries, the
// timeline, the mail templates and the screens: a button is shown when its action is allowed.

/** Actions on a whole submission. */
export const SUBMISSION_ACTIONS = [
  /** Seller (at awaiting_review) or staff (where the table allows): -> cancelled. */
  'cancel',
  /** Staff: every comic offered or rejected, at least one offered: awaiting_review -> pending. */
  'mark_processed',
  /** Staff: every comic rejected: awaiting_review -> declined. */
  'mark_declined',
  /** Seller: says they have answered every offer (spec's user-responded); the system then moves on. */
  'user_responded',
  /** Seller (or staff on their behalf): tracking saved: awaiting_shipment -> shipped (or corrected while shipped). */
  'save_tracking',
  /** Staff: the package arrived: shipped -> inspecting_submission. */
  'mark_received',
  /** Staff: paid (PayPal id for cash, store-credit reference for credit): inspecting_submission|resolved -> paid. */
  'mark_paid',
  /** Staff: a problem found in inspection: inspecting_submission|resolved -> dispute. */
  'open_dispute',
  /** Staff: dispute -> resolved. */
  'resolve_dispute',
  /** Staff: after a resolved dispute, back to inspection: resolved -> inspecting_submission. */
  'resume_inspection',
  /** Staff: recompute the offer totals (spec's calculate-total); no status change. */
  'calculate_total',
] as const;
/** One submission action. */
export type SubmissionAction = (typeof SUBMISSION_ACTIONS)[number];

/** Actions on one comic. */
export const COMIC_ACTIONS = [
  /** Staff: first offer on a comic (awaiting_review or rejected -> pending_user_approval). */
  'make_offer',
  /** Staff: change an offer not yet sent to the seller (pending_user_approval). */
  'edit_offer',
  /** Staff: no offer for this comic (-> rejected). */
  'reject',
  /** Seller: take the cash offer (-> accepted_cash). */
  'accept_cash',
  /** Seller: take the store-credit offer (-> accepted_credit). */
  'accept_credit',
  /** Seller: decline the offers (-> user_rejected). */
  'decline',
] as const;
/** One comic action. */
export type ComicAction = (typeof COMIC_ACTIONS)[number];

/** Who acts: the owning seller, a staff member (role admin), or the system (automatic moves). */
export const ACTOR_ROLES = ['user', 'admin', 'system'] as const;
/** One actor role, as stored in status_events.actor_role. */
export type ActorRole = (typeof ACTOR_ROLES)[number];
