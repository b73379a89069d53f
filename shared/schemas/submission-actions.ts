// Bodies of the submission and comic actions that carry data (spec sections 5 and 7). Each text is
// trimmed, and blank is refused: the spec sends nothing when these are blank.
import { z } from 'zod';
import { CARRIERS, USER_RESPONSES } from '../domain-values.js';
import { storableText } from './safe-text.js';

/** Length limits of the actions' texts. */
export const ACTION_TEXT_LIMITS = {
  trackingId: 64,
  paypalTransactionId: 100,
  storeCreditReference: 100,
  disputeMessage: 2000,
} as const;

/** Messages for the actions' fields. */
export const ACTION_MESSAGES = {
  trackingRequired: 'Please enter a tracking ID.',
  trackingTooLong: `Tracking IDs can be at most ${ACTION_TEXT_LIMITS.trackingId} characters.`,
  transactionRequired: 'Please enter the payment transaction ID.',
  transactionTooLong: `Transaction IDs can be at most ${ACTION_TEXT_LIMITS.paypalTransactionId} characters.`,
  storeCreditReferenceRequired:
    'Please enter the store credit reference (gift card code or store order number).',
  storeCreditReferenceTooLong: `Store credit references can be at most ${ACTION_TEXT_LIMITS.storeCreditReference} characters.`,
  disputeRequired: 'Please describe the issue.',
  disputeTooLong: `Dispute messages can be at most ${ACTION_TEXT_LIMITS.disputeMessage} characters.`,
} as const;

/** Trimmed text that must not be blank and has a maximum length. */
function requiredText(max: number, required: string, tooLong: string) {
  return z.string().check(storableText).trim().min(1, { error: required, abort: true }).max(max, tooLong);
}

/** Trimmed text that may be left out: absent, null or blank all mean "not given" (null). */
function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .check(storableText)
    .trim()
    .max(max, tooLong)
    .nullable()
    .optional()
    .transform((text) => (text ? text : null));
}

/** Body of PUT /api/submissions/{id}/tracking. */
export const trackingBodySchema = z.object({
  trackingId: requiredText(
    ACTION_TEXT_LIMITS.trackingId,
    ACTION_MESSAGES.trackingRequired,
    ACTION_MESSAGES.trackingTooLong,
  ),
  carrier: z.enum(CARRIERS),
});
/** A tracking save. */
export type TrackingBody = z.input<typeof trackingBodySchema>;

/**
 * Body of PUT /api/submissions/{id}/mark-paid. Which reference is required depends on what the seller
 * accepted, which only the server knows: the PayPal transaction id when cash is owed, the store-credit
 * reference (gift card code or store order number) when store credit is owed. Both are optional here;
 * the lifecycle answers 400 naming the missing field (ACTION_MESSAGES.*Required).
 */
export const markPaidBodySchema = z.object({
  paypalTransactionId: optionalText(
    ACTION_TEXT_LIMITS.paypalTransactionId,
    ACTION_MESSAGES.transactionTooLong,
  ),
  storeCreditReference: optionalText(
    ACTION_TEXT_LIMITS.storeCreditReference,
    ACTION_MESSAGES.storeCreditReferenceTooLong,
  ),
});
/** A mark-paid request. */
export type MarkPaidBody = z.input<typeof markPaidBodySchema>;
/** A mark-paid request after validation (trimmed; null where not given). */
export type MarkPaidValues = z.output<typeof markPaidBodySchema>;

/** Body of PUT /api/submissions/{id}/open-dispute. */
export const openDisputeBodySchema = z.object({
  disputeMessage: requiredText(
    ACTION_TEXT_LIMITS.disputeMessage,
    ACTION_MESSAGES.disputeRequired,
    ACTION_MESSAGES.disputeTooLong,
  ),
});
/** An open-dispute request. */
export type OpenDisputeBody = z.input<typeof openDisputeBodySchema>;

/** Body of PUT /api/comics/{comicId}/offer-response: the seller's answer to one comic's offer. */
export const offerResponseBodySchema = z.object({ userResponse: z.enum(USER_RESPONSES) });
/** An offer response. */
export type OfferResponseBody = z.input<typeof offerResponseBodySchema>;
