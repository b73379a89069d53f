// The /sell page's submit rules (spec sections 2, 4 "Upload and submit flow", 5 "Submit", 8).
// Kept free of React so the order of the checks and the exact wording are pinned by unit tests.

/** What pressing the submit button should do next, in the spec's order of checks. */
export type SubmitStep =
  | { kind: 'blocked'; title: string; description: string }
  | { kind: 'sign-in' }
  | { kind: 'ask-payment-email' }
  | { kind: 'post' };

/** The facts the submit checks look at. */
export interface SubmitFacts {
  comicCount: number;
  termsAccepted: boolean;
  /** null for a guest. */
  user: { paymentEmail?: string | null } | null;
}

/**
 * The spec's submit checks, in order: empty list, terms not agreed, not signed in, no payment email,
 * otherwise post. Each blocked case carries the spec's toast.
 */
export function decideSubmitStep({ comicCount, termsAccepted, user }: SubmitFacts): SubmitStep {
  if (comicCount === 0) {
    return {
      kind: 'blocked',
      title: 'No Comics to Submit',
      description: 'Please upload at least one comic before submitting.',
    };
  }
  if (!termsAccepted) {
    return {
      kind: 'blocked',
      title: 'Terms of Service',
      description: 'You must agree to the Terms of Service before submitting your comics.',
    };
  }
  if (!user) return { kind: 'sign-in' };
  if (!user.paymentEmail?.trim()) return { kind: 'ask-payment-email' };
  return { kind: 'post' };
}

/** The submit button's text: guest, signed in, or in flight (spec section 2). */
export function submitButtonLabel({
  comicCount,
  signedIn,
  submitting,
}: {
  comicCount: number;
  signedIn: boolean;
  submitting: boolean;
}): string {
  if (submitting) return 'Submitting...';
  // The spec writes "Comic(s)" literally; it is kept as written because the wording is the contract.
  return signedIn
    ? `Submit ${comicCount} Comic(s) for Evaluation`
    : `Sign In to Submit ${comicCount} Comic(s)`;
}

/** The 'Submission Successful!' toast's text. */
export function submissionSuccessDescription(comicCount: number): string {
  return `Your ${comicCount} comic(s) have been submitted for evaluation.`;
}

/** The 'Comic Added!' toast's text ('<title> #<issue> ...'); a field the reader missed is left out, not shown blank. */
export function comicAddedDescription(title: string, issueNumber: string): string {
  const name = title.trim() || 'Your comic';
  const issue = issueNumber.trim() ? ` #${issueNumber.trim()}` : '';
  return `${name}${issue} has been added to your submission.`;
}

/** Spec section 9 delays, in milliseconds. */
export const SELL_DELAYS_MS = {
  scrollToList: 100,
  resetUploads: 100,
  navigateAfterSubmit: 500,
  retryAfterPaymentEmail: 500,
} as const;
