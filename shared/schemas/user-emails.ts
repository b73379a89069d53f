// The seller's two emails (spec section 5): the payment email (where cash payouts go) and the store
// account email (where store credit goes). The same rules run in the form and on the server.
import { z } from 'zod';
import { safeString } from './safe-text.js';

/** Longest email address accepted (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

// The spec's "{email} pattern, no spaces": something@something.something with no whitespace or extra '@'.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Toast titles for email problems (spec section 5). */
export const EMAIL_TOAST_TITLES = { required: 'Email Required', invalid: 'Invalid Email' } as const;

/** Messages for email problems (spec section 5). */
export const EMAIL_MESSAGES = {
  paymentRequired: 'Please enter a payment email address.',
  invalid: 'Please enter a valid email address.',
  paypalInvalid: 'Please enter a valid PayPal email address.',
  tooLong: `Email addresses can be at most ${MAX_EMAIL_LENGTH} characters.`,
} as const;

/** 'a' or 'an' before a word, by its first letter ('an Amped Store', 'a Comic Vault'). */
function indefiniteArticle(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word.trim()) ? 'an' : 'a';
}

/** The message for an empty store email, naming the store's brand ('Please enter an Amped Store email address.'). */
export function storeEmailRequiredMessage(storeBrand: string): string {
  return `Please enter ${indefiniteArticle(storeBrand)} ${storeBrand} email address.`;
}

/** The toast title for a message from these schemas: 'Email Required' for an empty field, else 'Invalid Email'. */
export function emailToastTitle(message: string): string {
  const invalid: readonly string[] = [
    EMAIL_MESSAGES.invalid,
    EMAIL_MESSAGES.paypalInvalid,
    EMAIL_MESSAGES.tooLong,
  ];
  // The store's required message varies with the brand, so it is recognised by its shape.
  const required =
    message === EMAIL_MESSAGES.paymentRequired ||
    (!invalid.includes(message) && /^Please enter an? .+ email address\.$/.test(message));
  return required ? EMAIL_TOAST_TITLES.required : EMAIL_TOAST_TITLES.invalid;
}

/** A full email check: trimmed, required (with the given message), at most 254 characters, the pattern. */
function emailSchema(requiredMessage: string) {
  return safeString()
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(MAX_EMAIL_LENGTH, { error: EMAIL_MESSAGES.tooLong, abort: true })
    .regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalid);
}

/** The payment email on the settings page, and on the server for every payment email save. */
export const paymentEmailSchema = emailSchema(EMAIL_MESSAGES.paymentRequired);

/** The store account email; the empty-field message names the store's brand. */
export function storeEmailSchema(storeBrand: string) {
  return emailSchema(storeEmailRequiredMessage(storeBrand));
}

/**
 * The payment email as the submit dialog checks it (spec: non-empty and contains '@'). Looser than
 * paymentEmailSchema on purpose, matching the spec; the server still applies the full rule on save.
 */
export const paymentEmailDialogSchema = safeString()
  .trim()
  .min(1, { error: EMAIL_MESSAGES.paypalInvalid, abort: true })
  .max(MAX_EMAIL_LENGTH, { error: EMAIL_MESSAGES.tooLong, abort: true })
  .refine((value) => value.includes('@'), EMAIL_MESSAGES.paypalInvalid);

/** Body of PUT /api/user/payment-email. */
export const paymentEmailBodySchema = z.object({ paymentEmail: paymentEmailSchema });
/** A payment email save request. */
export type PaymentEmailBody = z.input<typeof paymentEmailBodySchema>;
