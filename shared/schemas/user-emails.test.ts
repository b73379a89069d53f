import { describe, expect, it } from 'vitest';
import {
  EMAIL_MESSAGES,
  emailToastTitle,
  paymentEmailBodySchema,
  paymentEmailDialogSchema,
  paymentEmailSchema,
  storeEmailRequiredMessage,
  storeEmailSchema,
} from './user-emails.js';

type Parsed = { success: boolean; error?: { issues: { message: string }[] } };
const messages = (result: Parsed): string[] => result.error?.issues.map((issue) => issue.message) ?? [];

describe('paymentEmailSchema (settings, and the server)', () => {
  it('accepts and trims a valid email', () => {
    expect(paymentEmailSchema.parse('  seller@example.com ')).toBe('seller@example.com');
    expect(paymentEmailSchema.parse('first.last+tag@sub.example.co.uk')).toBe(
      'first.last+tag@sub.example.co.uk',
    );
  });

  it.each(['', '   ', '\t\n'])(
    'asks for an address when empty after trim (%j), with that one message',
    (input) => {
      expect(messages(paymentEmailSchema.safeParse(input))).toEqual([EMAIL_MESSAGES.paymentRequired]);
      expect(EMAIL_MESSAGES.paymentRequired).toBe('Please enter a payment email address.');
    },
  );

  it.each([
    'seller',
    'seller@',
    '@example.com',
    'seller@example',
    'sel ler@example.com',
    'a@b@c.com',
    'a@b .com',
  ])('rejects %j as invalid', (input) => {
    expect(messages(paymentEmailSchema.safeParse(input))).toEqual(['Please enter a valid email address.']);
  });

  it('rejects addresses longer than 254 characters', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(messages(paymentEmailSchema.safeParse(long))).toEqual([EMAIL_MESSAGES.tooLong]);
  });
});

describe('storeEmailSchema', () => {
  it("names the brand in the empty message, as the spec's Amped Store text", () => {
    expect(messages(storeEmailSchema('Amped Store').safeParse(' '))).toEqual([
      'Please enter an Amped Store email address.',
    ]);
  });

  it('uses the right article for other brands', () => {
    expect(storeEmailRequiredMessage('Comic Vault')).toBe('Please enter a Comic Vault email address.');
    expect(storeEmailRequiredMessage('Omega Store')).toBe('Please enter an Omega Store email address.');
  });

  it('shares the invalid message and accepts a valid address', () => {
    expect(messages(storeEmailSchema('Amped Store').safeParse('nope'))).toEqual([EMAIL_MESSAGES.invalid]);
    expect(storeEmailSchema('Amped Store').parse(' me@store.com ')).toBe('me@store.com');
  });
});

describe('paymentEmailDialogSchema (submit dialog)', () => {
  it("accepts anything non-empty with an '@', as the spec says", () => {
    expect(paymentEmailDialogSchema.parse(' me@paypal ')).toBe('me@paypal');
  });

  it.each(['', '  ', 'mepaypal.com'])('rejects %j with the PayPal message', (input) => {
    expect(messages(paymentEmailDialogSchema.safeParse(input))).toEqual([
      'Please enter a valid PayPal email address.',
    ]);
  });
});

describe('emailToastTitle', () => {
  it("titles empty-field messages 'Email Required' and the rest 'Invalid Email'", () => {
    expect(emailToastTitle(EMAIL_MESSAGES.paymentRequired)).toBe('Email Required');
    expect(emailToastTitle(storeEmailRequiredMessage('Amped Store'))).toBe('Email Required');
    expect(emailToastTitle(storeEmailRequiredMessage('Comic Vault'))).toBe('Email Required');
    expect(emailToastTitle(EMAIL_MESSAGES.invalid)).toBe('Invalid Email');
    expect(emailToastTitle(EMAIL_MESSAGES.paypalInvalid)).toBe('Invalid Email');
    expect(emailToastTitle(EMAIL_MESSAGES.tooLong)).toBe('Invalid Email');
  });
});

describe('body schemas', () => {
  it('validates the payment email body with the settings rules', () => {
    expect(paymentEmailBodySchema.parse({ paymentEmail: ' a@b.co ' })).toEqual({ paymentEmail: 'a@b.co' });
    expect(paymentEmailBodySchema.safeParse({ paymentEmail: 'a@b' }).success).toBe(false);
    expect(paymentEmailBodySchema.safeParse({}).success).toBe(false);
  });
});
