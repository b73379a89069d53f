import { describe, expect, it } from 'vitest';
import {
  ACTION_MESSAGES,
  markPaidBodySchema,
  offerResponseBodySchema,
  openDisputeBodySchema,
  trackingBodySchema,
} from './submission-actions.js';

type Parsed = { success: boolean; error?: { issues: { message: string }[] } };
const messages = (result: Parsed): string[] => result.error?.issues.map((issue) => issue.message) ?? [];

describe('trackingBodySchema', () => {
  it('trims the tracking id and takes a known carrier', () => {
    expect(trackingBodySchema.parse({ trackingId: ' 1Z999AA10123456784 ', carrier: 'UPS' })).toEqual({
      trackingId: '1Z999AA10123456784',
      carrier: 'UPS',
    });
    expect(trackingBodySchema.parse({ trackingId: 'abc', carrier: 'Other' }).carrier).toBe('Other');
  });

  it('refuses a blank tracking id with one message', () => {
    expect(messages(trackingBodySchema.safeParse({ trackingId: '   ', carrier: 'UPS' }))).toEqual([
      ACTION_MESSAGES.trackingRequired,
    ]);
  });

  it('refuses an unknown carrier and an overlong id', () => {
    expect(trackingBodySchema.safeParse({ trackingId: '123', carrier: 'OnTrac' }).success).toBe(false);
    expect(messages(trackingBodySchema.safeParse({ trackingId: '1'.repeat(65), carrier: 'UPS' }))).toEqual([
      ACTION_MESSAGES.trackingTooLong,
    ]);
  });
});

describe('markPaidBodySchema', () => {
  it('trims both references; blank or absent means not given (the server decides which is needed)', () => {
    expect(
      markPaidBodySchema.parse({ paypalTransactionId: ' 9XY12345AB ', storeCreditReference: ' GC-1 ' }),
    ).toEqual({ paypalTransactionId: '9XY12345AB', storeCreditReference: 'GC-1' });
    expect(markPaidBodySchema.parse({ paypalTransactionId: ' ' })).toEqual({
      paypalTransactionId: null,
      storeCreditReference: null,
    });
    expect(markPaidBodySchema.parse({ storeCreditReference: null })).toEqual({
      paypalTransactionId: null,
      storeCreditReference: null,
    });
  });

  it('refuses overlong references and text that cannot be stored', () => {
    expect(messages(markPaidBodySchema.safeParse({ paypalTransactionId: 'x'.repeat(101) }))).toEqual([
      ACTION_MESSAGES.transactionTooLong,
    ]);
    expect(messages(markPaidBodySchema.safeParse({ storeCreditReference: 'x'.repeat(101) }))).toEqual([
      ACTION_MESSAGES.storeCreditReferenceTooLong,
    ]);
    expect(markPaidBodySchema.safeParse({ paypalTransactionId: 'a\u0000b' }).success).toBe(false);
    expect(trackingBodySchema.safeParse({ trackingId: '\ud800', carrier: 'UPS' }).success).toBe(false);
  });
});

describe('openDisputeBodySchema', () => {
  it('needs a non-blank message, trimmed, at most 2000 characters', () => {
    expect(openDisputeBodySchema.parse({ disputeMessage: ' Slab cracked ' })).toEqual({
      disputeMessage: 'Slab cracked',
    });
    expect(messages(openDisputeBodySchema.safeParse({ disputeMessage: '' }))).toEqual([
      ACTION_MESSAGES.disputeRequired,
    ]);
    expect(openDisputeBodySchema.safeParse({ disputeMessage: 'x'.repeat(2000) }).success).toBe(true);
    expect(messages(openDisputeBodySchema.safeParse({ disputeMessage: 'x'.repeat(2001) }))).toEqual([
      ACTION_MESSAGES.disputeTooLong,
    ]);
  });
});

describe('offerResponseBodySchema', () => {
  it.each(['accepted_cash', 'accepted_credit', 'user_rejected'])('accepts %s', (userResponse) => {
    expect(offerResponseBodySchema.parse({ userResponse })).toEqual({ userResponse });
  });

  it('refuses anything else', () => {
    expect(offerResponseBodySchema.safeParse({ userResponse: 'pending' }).success).toBe(false);
    expect(offerResponseBodySchema.safeParse({}).success).toBe(false);
  });
});
