// What each status is called and how its badge looks (spec section 4). Sellers and staff see
// different words for the same submission status, so each audience has its own label column.
import {
  COMIC_ADMIN_STATUSES,
  SUBMISSION_STATUSES,
  type ComicAdminStatus,
  type SubmissionStatus,
} from './domain-values.js';

/** Badge colours. The UI maps each tone to its classes; 'grey' is for anything without a meaning. */
export type BadgeTone = 'grey' | 'amber' | 'orange' | 'blue' | 'indigo' | 'purple' | 'green' | 'red';

/** Who is looking: the seller's words differ from staff's for the same status. */
export type StatusAudience = 'seller' | 'admin';

/** The text and colour of a status badge. */
export interface StatusBadge {
  label: string;
  tone: BadgeTone;
}

/** One row of the spec's submission status table; null where the spec gives no label. */
interface SubmissionStatusRow {
  seller: string | null;
  admin: string | null;
  tone: BadgeTone;
}

// The spec's table verbatim, lower-case admin labels included ('shipped', 'paid', 'declined',
// 'cancelled'): "exact wording matters". submission_processed and user_response have no label in the
// spec (the admin detail explains them with messages instead), so they show raw, grey.
const SUBMISSION_STATUS_ROWS: Record<SubmissionStatus, SubmissionStatusRow> = {
  awaiting_review: { seller: 'Awaiting Review', admin: 'Awaiting Review', tone: 'amber' },
  pending: { seller: 'Awaiting Your Response', admin: 'Pending Response', tone: 'orange' },
  awaiting_shipment: { seller: 'Awaiting Shipment', admin: 'Ready to Ship', tone: 'blue' },
  shipped: { seller: 'Shipped', admin: 'shipped', tone: 'indigo' },
  inspecting_submission: { seller: 'Inspecting Comics', admin: 'Inspecting Comics', tone: 'purple' },
  dispute: { seller: 'In Dispute', admin: 'In Dispute', tone: 'red' },
  resolved: { seller: 'Dispute Resolved', admin: 'Dispute Resolved', tone: 'green' },
  paid: { seller: 'Payment Sent', admin: 'paid', tone: 'green' },
  declined: { seller: 'Declined', admin: 'declined', tone: 'red' },
  cancelled: { seller: 'Cancelled', admin: 'cancelled', tone: 'grey' },
  submission_processed: { seller: null, admin: null, tone: 'grey' },
  user_response: { seller: null, admin: null, tone: 'grey' },
};

/** True when the value is one of the known submission statuses. */
export function isSubmissionStatus(value: string): value is SubmissionStatus {
  return (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

/** True when the value is one of the known comic admin statuses. */
export function isComicAdminStatus(value: string): value is ComicAdminStatus {
  return (COMIC_ADMIN_STATUSES as readonly string[]).includes(value);
}

/** The spec's label for a submission status, or null when it has none (unlabelled or unknown status). */
export function submissionStatusLabel(status: string, audience: StatusAudience): string | null {
  return isSubmissionStatus(status) ? SUBMISSION_STATUS_ROWS[status][audience] : null;
}

/** The badge for a submission status. An unknown or unlabelled status shows raw with a grey badge (spec). */
export function submissionStatusBadge(status: string, audience: StatusAudience): StatusBadge {
  const label = submissionStatusLabel(status, audience);
  if (label === null || !isSubmissionStatus(status)) return { label: status, tone: 'grey' };
  return { label, tone: SUBMISSION_STATUS_ROWS[status].tone };
}

// The spec names three of these; the rest are the value in title case.
const COMIC_STATUS_BADGES: Record<ComicAdminStatus, StatusBadge> = {
  awaiting_review: { label: 'Awaiting Review', tone: 'amber' },
  pending: { label: 'Pending', tone: 'amber' },
  pending_user_approval: { label: 'Pending User Approval', tone: 'blue' },
  rejected: { label: 'Rejected', tone: 'red' },
  accepted_cash: { label: 'Accepted (Cash)', tone: 'green' },
  accepted_credit: { label: 'Accepted (Credit)', tone: 'green' },
  user_rejected: { label: 'Rejected by User', tone: 'red' },
};

/** The badge for a comic's adminStatus; an unknown value shows raw with a grey badge. */
export function comicStatusBadge(status: string): StatusBadge {
  return isComicAdminStatus(status) ? COMIC_STATUS_BADGES[status] : { label: status, tone: 'grey' };
}
