// Kept apart from shared/schemas/submission.ts (which re-exports it) so the seller's page can show it
// without loading zod and the schemas before it paints.

/** The email a payout goes to, for display: the payment email, falling back to the account email (spec). */
export function payoutEmailForDisplay(user: { email: string; paymentEmail: string | null }): string {
  return user.paymentEmail?.trim() || user.email;
}
