// The closed value lists of the domain (spec sections 3 and 4). The database builds its CHECK
// constraints from these same arrays, so code and schema cannot disagree about what a status is.

/** Every submission status: the ten with labels plus the two admin-only intermediate states. */
export const SUBMISSION_STATUSES = [
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
  'submission_processed',
  'user_response',
] as const;
/** One submission status. */
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Every state a comic can be in from staff's point of view (the comic's adminStatus). */
export const COMIC_ADMIN_STATUSES = [
  'awaiting_review',
  'pending',
  'pending_user_approval',
  'rejected',
  'accepted_cash',
  'accepted_credit',
  'user_rejected',
] as const;
/** One comic admin status. */
export type ComicAdminStatus = (typeof COMIC_ADMIN_STATUSES)[number];

/** The seller's answer to an offer on one comic. */
export const USER_RESPONSES = ['accepted_cash', 'accepted_credit', 'user_rejected'] as const;
/** One seller response. */
export type UserResponse = (typeof USER_RESPONSES)[number];

/** Shipping carriers the seller can pick. */
export const CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL', 'Other'] as const;
/** One carrier. */
export type Carrier = (typeof CARRIERS)[number];

/** Account roles. */
export const USER_ROLES = ['user', 'admin'] as const;
/** One account role. */
export type UserRole = (typeof USER_ROLES)[number];

/** Delivery states of a message in the mail outbox. */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
/** One mail outbox state. */
export type MailStatus = (typeof MAIL_STATUSES)[number];
