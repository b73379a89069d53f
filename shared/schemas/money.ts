// Money as people type it ('$1,234.50'), validated and turned into integer cents. Forms use the
// input side (text), routes get the output side (cents): one schema for both.
import { z } from 'zod';
import { safeString } from './safe-text.js';
import { MAX_MONEY_CENTS, formatCents, parseMoneyToCents } from '../money.js';

/** Messages for a typed amount that cannot be accepted. */
export const MONEY_MESSAGES = {
  invalid: 'Please enter an amount like $12.50.',
  negative: 'Amounts cannot be negative.',
  tooLarge: `Amounts cannot be more than ${formatCents(MAX_MONEY_CENTS)}.`,
} as const;

/** Checks parsed cents against the rules for offers and values; adds an issue and returns false when broken. */
function checkCents(cents: number | null, ctx: z.RefinementCtx): cents is number {
  const message =
    cents === null
      ? MONEY_MESSAGES.invalid
      : cents < 0
        ? MONEY_MESSAGES.negative
        : cents > MAX_MONEY_CENTS
          ? MONEY_MESSAGES.tooLarge
          : null;
  if (message) ctx.addIssue({ code: 'custom', message });
  return message === null;
}

/** A required amount: text in, integer cents (0 to MAX_MONEY_CENTS) out. Blank text is invalid. */
export const moneyAmountSchema = safeString().transform((text, ctx) => {
  const cents = parseMoneyToCents(text);
  return checkCents(cents, ctx) ? cents : z.NEVER;
});

/** An optional amount: blank text, null or absent mean "none" (null); anything else must be a valid amount. */
export const optionalMoneyAmountSchema = safeString()
  .nullable()
  .optional()
  .transform((text, ctx) => {
    if (text == null || text.trim() === '') return null;
    const cents = parseMoneyToCents(text);
    return checkCents(cents, ctx) ? cents : z.NEVER;
  });
