import { describe, expect, it } from 'vitest';
import type { Comic, Submission } from '../../../../shared/schemas/submission';
import {
  acceptedTotals,
  comicName,
  offersAwaitingAnswer,
  shipmentSplit,
  visibleComics,
} from './submission-rules';

function comic(id: string, overrides: Partial<Comic> = {}): Comic {
  return {
    id,
    title: `Comic ${id}`,
    issueNumber: '1',
    publisher: 'Marvel Comics',
    publicationYear: null,
    cgcGrade: 9.8,
    cgcCertNumber: null,
    variant: null,
    keyIssue: null,
    notes: '',
    imageUrls: [],
    thumbnailUrls: [],
    confidence: 1,
    estimatedValueCents: null,
    cashOfferCents: null,
    storeCreditOfferCents: null,
    userResponse: null,
    adminStatus: 'awaiting_review',
    createdAt: '2026-01-05T10:00:00.000Z',
    allowedActions: [],
    readerDifferences: null,
    readerNotes: null,
    ...overrides,
  };
}

function submission(status: Submission['status'], comics: Comic[]): Submission {
  return {
    id: '3f2a9c1e-0000-4000-8000-000000000000',
    userId: 'u',
    status,
    createdAt: '2026-01-05T10:00:00.000Z',
    totalEstimatedValueCents: null,
    totalCashOfferCents: null,
    totalStoreCreditOfferCents: null,
    trackingId: null,
    carrier: null,
    disputeMessage: null,
    paypalTransactionId: null,
    storeCreditReference: null,
    processedAt: null,
    shippedAt: null,
    receivedAt: null,
    paidAt: null,
    comics,
    user: null,
    allowedActions: [],
    timeline: [],
  };
}

const cash = comic('a', {
  adminStatus: 'accepted_cash',
  userResponse: 'accepted_cash',
  cashOfferCents: 10_050,
  storeCreditOfferCents: 12_000,
});
const credit = comic('b', {
  adminStatus: 'accepted_credit',
  userResponse: 'accepted_credit',
  cashOfferCents: 5_000,
  storeCreditOfferCents: 6_025,
});
const declined = comic('c', {
  adminStatus: 'user_rejected',
  userResponse: 'user_rejected',
  cashOfferCents: 100,
});
const rejected = comic('d', { adminStatus: 'rejected' });
const open = comic('e', { adminStatus: 'pending_user_approval', cashOfferCents: 100 });

describe('visibleComics: the spec comic filter', () => {
  it('shows every comic while pending', () => {
    expect(visibleComics(submission('pending', [cash, declined, rejected, open]))).toHaveLength(4);
  });

  it.each(['awaiting_shipment', 'shipped', 'paid', 'declined', 'cancelled'] as const)(
    'hides staff-rejected and seller-declined comics at %s',
    (status) => {
      expect(visibleComics(submission(status, [cash, credit, declined, rejected])).map((c) => c.id)).toEqual([
        'a',
        'b',
      ]);
    },
  );
});

describe('the seller card counts and sums', () => {
  it('counts offers still waiting for an answer', () => {
    expect(offersAwaitingAnswer(submission('pending', [cash, open, rejected, open]))).toBe(2);
  });

  it('sums accepted cash and accepted credit apart, ignoring the other side of each offer', () => {
    expect(acceptedTotals(submission('paid', [cash, credit, declined]))).toEqual({
      cashCents: 10_050,
      creditCents: 6_025,
    });
  });

  it('splits the shipment into comics to pack and comics to keep', () => {
    const split = shipmentSplit(submission('awaiting_shipment', [cash, declined, credit, rejected]));
    expect(split.include.map((c) => c.id)).toEqual(['a', 'b']);
    expect(split.keep.map((c) => c.id)).toEqual(['c', 'd']);
  });

  it('names a comic with its issue number', () => {
    expect(comicName({ title: ' Wolverine ', issueNumber: '1' })).toBe('Wolverine #1');
    expect(comicName({ title: '', issueNumber: '' })).toBe('Untitled comic');
  });
});
