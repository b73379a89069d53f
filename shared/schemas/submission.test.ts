import { describe, expect, it } from 'vitest';
import { ADMIN_STATS_DEFAULTS, adminStatsSchema } from './admin-stats.js';
import {
  SUBMISSION_MESSAGES,
  createSubmissionBodySchema,
  payoutEmailForDisplay,
  sellerDisplayName,
  submissionListSchema,
  submissionSchema,
  type Submission,
} from './submission.js';

const userId = '5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('createSubmissionBodySchema', () => {
  it('cleans every comic and keeps the optional fields', () => {
    const result = createSubmissionBodySchema.parse({
      comics: [{ title: ' Saga ', cgcGrade: '9.8', estimatedValue: '$45' }],
      userId,
    });
    expect(result.comics[0]).toMatchObject({ title: 'Saga', cgcGrade: 9.8, estimatedValue: 4500 });
    expect(result.userId).toBe(userId);
  });

  it("refuses an empty list with the spec's message", () => {
    const result = createSubmissionBodySchema.safeParse({ comics: [] });
    expect(result.error?.issues[0]?.message).toBe(SUBMISSION_MESSAGES.noComics);
    expect(SUBMISSION_MESSAGES.noComics).toBe('Please upload at least one comic before submitting.');
  });

  it('takes 100 comics and refuses 101', () => {
    const comics = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Comic ${i}` }));
    expect(createSubmissionBodySchema.safeParse({ comics: comics(100) }).success).toBe(true);
    expect(createSubmissionBodySchema.safeParse({ comics: comics(101) }).error?.issues[0]?.message).toBe(
      SUBMISSION_MESSAGES.tooManyComics,
    );
  });

  it('points a bad comic field at its path', () => {
    const result = createSubmissionBodySchema.safeParse({ comics: [{ title: 'A' }, { title: '' }] });
    expect(result.error?.issues[0]?.path).toEqual(['comics', 1, 'title']);
  });

  it('refuses a malformed userId', () => {
    expect(createSubmissionBodySchema.safeParse({ comics: [{ title: 'A' }], userId: 'me' }).success).toBe(
      false,
    );
  });
});

const submission: Submission = {
  id: '3f2a9c1e-7b4d-4e1a-9c3b-0d5e6f7a8b9c',
  userId,
  status: 'pending',
  createdAt: '2026-01-05T14:30:00.000Z',
  totalEstimatedValueCents: 123450,
  totalCashOfferCents: 80000,
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
  allowedActions: ['cancel'],
  timeline: [],
  comics: [
    {
      id: '0b8f5a4e-4a0b-4c55-9d39-2f1d1b7d9c10',
      title: 'Amazing Spider-Man',
      issueNumber: '300',
      publisher: 'Marvel Comics',
      publicationYear: 1988,
      cgcGrade: 9.8,
      cgcCertNumber: '4245413006',
      variant: null,
      keyIssue: true,
      notes: '',
      imageUrls: ['/api/images/0b8f5a4e'],
      thumbnailUrls: ['/api/images/0b8f5a4e/thumbnail'],
      confidence: 0.9,
      estimatedValueCents: 123450,
      cashOfferCents: 80000,
      storeCreditOfferCents: null,
      userResponse: null,
      adminStatus: 'pending_user_approval',
      createdAt: '2026-01-05T14:30:00.000Z',
      allowedActions: [],
      readerDifferences: null,
      readerNotes: null,
    },
  ],
  user: {
    username: 'peter',
    firstName: 'Peter',
    lastName: null,
    email: 'peter@example.com',
    paymentEmail: null,
    storeEmail: null,
  },
};

describe('submissionSchema', () => {
  it('accepts a submission as the API returns it', () => {
    expect(submissionSchema.parse(submission)).toEqual(submission);
    const page = {
      items: [submission],
      nextCursor: null,
      stats: { total: 1, awaitingResponse: 0, accepted: 0 },
    };
    expect(submissionListSchema.parse(page).items).toHaveLength(1);
  });

  it('accepts timestamps with an offset', () => {
    expect(
      submissionSchema.safeParse({ ...submission, createdAt: '2026-01-05T09:30:00-05:00' }).success,
    ).toBe(true);
  });

  it('refuses money that is not integer cents', () => {
    expect(submissionSchema.safeParse({ ...submission, totalCashOfferCents: 800.5 }).success).toBe(false);
    expect(submissionSchema.safeParse({ ...submission, totalCashOfferCents: '$800.00' }).success).toBe(false);
    expect(submissionSchema.safeParse({ ...submission, totalCashOfferCents: -1 }).success).toBe(false);
  });

  it('refuses statuses and carriers outside the domain lists', () => {
    expect(submissionSchema.safeParse({ ...submission, status: 'in_review' }).success).toBe(false);
    expect(submissionSchema.safeParse({ ...submission, carrier: 'OnTrac' }).success).toBe(false);
  });
});

describe('payoutEmailForDisplay', () => {
  it('shows the payment email, falling back to the account email', () => {
    expect(payoutEmailForDisplay({ email: 'a@x.com', paymentEmail: 'pay@x.com' })).toBe('pay@x.com');
    expect(payoutEmailForDisplay({ email: 'a@x.com', paymentEmail: null })).toBe('a@x.com');
    expect(payoutEmailForDisplay({ email: 'a@x.com', paymentEmail: '  ' })).toBe('a@x.com');
  });
});

describe('sellerDisplayName', () => {
  it('names the seller by first and last name, then the username, and null only when there is neither', () => {
    expect(sellerDisplayName({ firstName: 'Ada', lastName: 'Byron', username: 'ada' })).toBe('Ada Byron');
    expect(sellerDisplayName({ firstName: 'Ada', lastName: null, username: null })).toBe('Ada');
    expect(sellerDisplayName({ firstName: null, lastName: ' Byron ', username: null })).toBe('Byron');
    expect(sellerDisplayName({ firstName: ' ', lastName: null, username: 'ada' })).toBe('ada');
    expect(sellerDisplayName({ firstName: null, lastName: null, username: null })).toBeNull();
  });
});

describe('adminStatsSchema', () => {
  it("has the spec's defaults and accepts them", () => {
    expect(ADMIN_STATS_DEFAULTS).toEqual({
      pending: 0,
      approved: 0,
      totalValueCents: 0,
      avgResponseTime: '0hrs',
    });
    expect(adminStatsSchema.parse(ADMIN_STATS_DEFAULTS)).toEqual(ADMIN_STATS_DEFAULTS);
  });

  it('refuses fractional counts and cents', () => {
    expect(adminStatsSchema.safeParse({ ...ADMIN_STATS_DEFAULTS, pending: 1.5 }).success).toBe(false);
    expect(adminStatsSchema.safeParse({ ...ADMIN_STATS_DEFAULTS, totalValueCents: 10.25 }).success).toBe(
      false,
    );
  });
});
