import { describe, expect, it } from 'vitest';
import { MONEY_MESSAGES } from './money.js';
import { OFFER_REQUIRED_MESSAGE, comicOfferBodySchema, offerFormSchema } from './offer.js';

type Parsed = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
const firstIssue = (result: Parsed) => result.error?.issues[0];

describe('offerFormSchema', () => {
  it('accepts both amounts and returns cents', () => {
    expect(offerFormSchema.parse({ cashOffer: '$1,200.00', storeCreditOffer: '1380' })).toEqual({
      cashOffer: 120000,
      storeCreditOffer: 138000,
    });
  });

  it('accepts just one amount; the other is null', () => {
    expect(offerFormSchema.parse({ cashOffer: '50', storeCreditOffer: '' })).toEqual({
      cashOffer: 5000,
      storeCreditOffer: null,
    });
    expect(offerFormSchema.parse({ cashOffer: '  ', storeCreditOffer: '$60' })).toEqual({
      cashOffer: null,
      storeCreditOffer: 6000,
    });
  });

  it('accepts a zero offer (an amount was given)', () => {
    expect(offerFormSchema.parse({ cashOffer: '0', storeCreditOffer: '' }).cashOffer).toBe(0);
  });

  it('needs at least one amount', () => {
    const issue = firstIssue(offerFormSchema.safeParse({ cashOffer: '', storeCreditOffer: ' ' }));
    expect(issue?.message).toBe(OFFER_REQUIRED_MESSAGE);
    expect(issue?.path).toEqual(['cashOffer']);
    expect(firstIssue(offerFormSchema.safeParse({}))?.message).toBe(OFFER_REQUIRED_MESSAGE);
  });

  it('refuses negative and unreadable amounts', () => {
    expect(firstIssue(offerFormSchema.safeParse({ cashOffer: '-10', storeCreditOffer: '' }))?.message).toBe(
      MONEY_MESSAGES.negative,
    );
    expect(firstIssue(offerFormSchema.safeParse({ cashOffer: '10', storeCreditOffer: 'ten' }))?.message).toBe(
      MONEY_MESSAGES.invalid,
    );
  });
});

describe('comicOfferBodySchema', () => {
  it('takes an offer with adminStatus pending_user_approval', () => {
    expect(
      comicOfferBodySchema.parse({
        adminStatus: 'pending_user_approval',
        cashOffer: '100',
        storeCreditOffer: '',
      }),
    ).toEqual({ adminStatus: 'pending_user_approval', cashOffer: 10000, storeCreditOffer: null });
  });

  it('refuses an offer with no amount', () => {
    const result = comicOfferBodySchema.safeParse({ adminStatus: 'pending_user_approval' });
    expect(firstIssue(result)?.message).toBe(OFFER_REQUIRED_MESSAGE);
  });

  it('takes a rejection with only adminStatus, dropping stray amounts', () => {
    expect(comicOfferBodySchema.parse({ adminStatus: 'rejected' })).toEqual({ adminStatus: 'rejected' });
    expect(comicOfferBodySchema.parse({ adminStatus: 'rejected', cashOffer: '5' })).toEqual({
      adminStatus: 'rejected',
    });
  });

  it('refuses any other adminStatus', () => {
    expect(comicOfferBodySchema.safeParse({ adminStatus: 'accepted_cash', cashOffer: '5' }).success).toBe(
      false,
    );
    expect(comicOfferBodySchema.safeParse({ cashOffer: '5' }).success).toBe(false);
  });
});
