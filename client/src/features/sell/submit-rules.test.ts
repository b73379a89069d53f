import { describe, expect, it } from 'vitest';
import {
  comicAddedDescription,
  decideSubmitStep,
  submissionSuccessDescription,
  submitButtonLabel,
} from './submit-rules';

const seller = { paymentEmail: 'seller@example.com' };

describe('decideSubmitStep', () => {
  it('blocks an empty list first, even when nothing else is ready', () => {
    expect(decideSubmitStep({ comicCount: 0, termsAccepted: false, user: null })).toEqual({
      kind: 'blocked',
      title: 'No Comics to Submit',
      description: 'Please upload at least one comic before submitting.',
    });
  });

  it('blocks unagreed terms before asking a guest to sign in', () => {
    expect(decideSubmitStep({ comicCount: 2, termsAccepted: false, user: null })).toEqual({
      kind: 'blocked',
      title: 'Terms of Service',
      description: 'You must agree to the Terms of Service before submitting your comics.',
    });
  });

  it('sends a guest to sign in once the list and terms are ready', () => {
    expect(decideSubmitStep({ comicCount: 1, termsAccepted: true, user: null })).toEqual({ kind: 'sign-in' });
  });

  it('asks for a payment email when the seller has none or only blanks', () => {
    for (const paymentEmail of [null, undefined, '', '   ']) {
      expect(decideSubmitStep({ comicCount: 1, termsAccepted: true, user: { paymentEmail } })).toEqual({
        kind: 'ask-payment-email',
      });
    }
  });

  it('posts when every check passes', () => {
    expect(decideSubmitStep({ comicCount: 3, termsAccepted: true, user: seller })).toEqual({ kind: 'post' });
  });
});

describe('submitButtonLabel', () => {
  it('uses the spec wording for guests, sellers and the request in flight', () => {
    expect(submitButtonLabel({ comicCount: 2, signedIn: false, submitting: false })).toBe(
      'Sign In to Submit 2 Comic(s)',
    );
    expect(submitButtonLabel({ comicCount: 1, signedIn: true, submitting: false })).toBe(
      'Submit 1 Comic(s) for Evaluation',
    );
    expect(submitButtonLabel({ comicCount: 1, signedIn: true, submitting: true })).toBe('Submitting...');
  });
});

describe('toast texts', () => {
  it('names the submitted count', () => {
    expect(submissionSuccessDescription(4)).toBe('Your 4 comic(s) have been submitted for evaluation.');
  });

  it('names the added comic as title #issue', () => {
    expect(comicAddedDescription('Wolverine', '1')).toBe('Wolverine #1 has been added to your submission.');
  });

  it('leaves out what the reader could not read instead of printing a bare #', () => {
    expect(comicAddedDescription('Saga', '')).toBe('Saga has been added to your submission.');
    expect(comicAddedDescription('  ', '7')).toBe('Your comic #7 has been added to your submission.');
  });
});
