// Every text field of every request schema refuses what PostgreSQL cannot store (NUL, lone
// surrogates) with the shared message on that field's path, so the API answers 400, never 500.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { comicInputSchema } from './comic.js';
import { moneyAmountSchema } from './money.js';
import { comicOfferBodySchema, offerFormSchema } from './offer.js';
import { UNSTORABLE_TEXT_MESSAGE } from './safe-text.js';
import { markPaidBodySchema, openDisputeBodySchema, trackingBodySchema } from './submission-actions.js';
import { createSubmissionBodySchema } from './submission.js';
import { paymentEmailBodySchema, paymentEmailDialogSchema, storeEmailSchema } from './user-emails.js';

const BAD_TEXTS = {
  NUL: 'Spider\u0000Man',
  'a lone low surrogate after a non-ASCII letter': 'é\udc04',
  'a lone high surrogate at the end': 'Venom \ud83d',
} as const;

const validComic = {
  title: 'Amazing Spider-Man',
  issueNumber: '300',
  publisher: 'Marvel',
  publicationYear: '1988',
  cgcGrade: '9.8',
  cgcCertNumber: '4526002001',
  variant: 'Newsstand',
  notes: 'Sharp corners',
  estimatedValue: '$1,200.00',
};

/** Each case: a schema, a valid value, and a way to put the bad text in one field (with its issue path). */
const CASES: [string, z.ZodType, unknown, (bad: string) => unknown, string][] = [
  ...(
    [
      'title',
      'issueNumber',
      'publisher',
      'variant',
      'notes',
      'cgcCertNumber',
      'estimatedValue',
      'publicationYear',
      'cgcGrade',
    ] as const
  ).map((field): [string, z.ZodType, unknown, (bad: string) => unknown, string] => [
    `comic ${field}`,
    createSubmissionBodySchema,
    { comics: [validComic] },
    (bad) => ({ comics: [{ ...validComic, [field]: bad }] }),
    `comics.0.${field}`,
  ]),
  ['comic input title', comicInputSchema, validComic, (bad) => ({ ...validComic, title: bad }), 'title'],
  ['money amount', moneyAmountSchema, '$12.50', (bad) => bad, ''],
  ['offer form cash', offerFormSchema, { cashOffer: '$5' }, (bad) => ({ cashOffer: bad }), 'cashOffer'],
  [
    'offer body store credit',
    comicOfferBodySchema,
    { adminStatus: 'pending_user_approval', cashOffer: '$5', storeCreditOffer: '$6' },
    (bad) => ({ adminStatus: 'pending_user_approval', cashOffer: '$5', storeCreditOffer: bad }),
    'storeCreditOffer',
  ],
  [
    'tracking id',
    trackingBodySchema,
    { trackingId: '1Z999', carrier: 'UPS' },
    (bad) => ({ trackingId: bad, carrier: 'UPS' }),
    'trackingId',
  ],
  [
    'transaction id',
    markPaidBodySchema,
    { paypalTransactionId: 'TX-1' },
    (bad) => ({ paypalTransactionId: bad }),
    'paypalTransactionId',
  ],
  [
    'dispute message',
    openDisputeBodySchema,
    { disputeMessage: 'It never came' },
    (bad) => ({ disputeMessage: bad }),
    'disputeMessage',
  ],
  [
    'payment email',
    paymentEmailBodySchema,
    { paymentEmail: 'me@example.com' },
    (bad) => ({ paymentEmail: `me${bad}@example.com` }),
    'paymentEmail',
  ],
  [
    'payment email (submit dialog)',
    paymentEmailDialogSchema,
    'me@example.com',
    (bad) => `me${bad}@example.com`,
    '',
  ],
  ['store email', storeEmailSchema('Amped Store'), 'me@example.com', (bad) => `me${bad}@example.com`, ''],
];

describe('unstorable text in request schemas', () => {
  describe.each(CASES)('%s', (_name, schema, valid, withBad, path) => {
    it('accepts the valid value', () => {
      expect(schema.safeParse(valid).success).toBe(true);
    });

    it.each(Object.entries(BAD_TEXTS))('refuses %s on its field', (_kind, bad) => {
      const result = schema.safeParse(withBad(bad));
      expect(result.success).toBe(false);
      const issues = result.error?.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));
      expect(issues).toContainEqual({ path, message: UNSTORABLE_TEXT_MESSAGE });
    });
  });
});
