import { describe, expect, it } from 'vitest';
import { validateDialogPaymentEmail } from './payment-email';

describe('validateDialogPaymentEmail', () => {
  it('refuses empty input and input without @ with the spec message', () => {
    for (const input of ['', '   ', 'seller.example.com']) {
      expect(validateDialogPaymentEmail(input)).toBe('Please enter a valid PayPal email address.');
    }
  });

  it('accepts an address with @ (the server applies the full rule on save)', () => {
    expect(validateDialogPaymentEmail(' seller@example.com ')).toBeNull();
  });
});
