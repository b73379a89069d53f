// Submissions on the wire (spec sections 3 and 7): the create-submission body the seller posts, and
// the submission shape the API returns. Money in responses is integer cents (*Cents fields).
import { z } from 'zod';
import { CARRIERS, COMIC_ADMIN_STATUSES, SUBMISSION_STATUSES, USER_RESPONSES } from '../domain-values.js';
import { ACTOR_ROLES, COMIC_ACTIONS, SUBMISSION_ACTIONS } from '../lifecycle/actions.js';
import { MAX_COMICS_PER_SUBMISSION } from '../limits.js';
import { READ_FIELDS } from '../reading-differences.js';
import { comicInputSchema } from './comic.js';

/** Messages for the create-submission body. */
export const SUBMISSION_MESSAGES = {
  noComics: 'Please upload at least one comic before submitting.',
  tooManyComics: `A submission can hold at most ${MAX_COMICS_PER_SUBMISSION} comics.`,
} as const;

/** Body of POST /api/submissions. */
export const createSubmissionBodySchema = z.object({
  comics: z
    .array(comicInputSchema)
    .min(1, SUBMISSION_MESSAGES.noComics)
    .max(MAX_COMICS_PER_SUBMISSION, SUBMISSION_MESSAGES.tooManyComics),
  /**
   * The spec's client sends its user id. The server takes the seller from the session, never from
   * here; if present it must equal the session's user (a mismatch is refused, not obeyed). A retried
   * submit is recognised by the Idempotency-Key request header, not by a body field.
   */
  userId: z.uuid().optional(),
});
/** A create-submission request as the client sends it. */
export type CreateSubmissionBody = z.input<typeof createSubmissionBodySchema>;
/** A create-submission request after validation (clean comics, money in cents). */
export type CreateSubmissionValues = z.output<typeof createSubmissionBodySchema>;

/** A timestamp as the API sends it: ISO 8601 (Date#toJSON). */
const timestamp = z.iso.datetime({ offset: true });
/** Integer cents, or null where no amount exists yet. */
const nullableCents = z.number().int().nonnegative().nullable();

/** One comic as the API returns it. */
export const comicSchema = z.object({
  id: z.string(),
  title: z.string(),
  issueNumber: z.string(),
  publisher: z.string(),
  publicationYear: z.number().int().nullable(),
  cgcGrade: z.number().nullable(),
  cgcCertNumber: z.string().nullable(),
  variant: z.string().nullable(),
  keyIssue: z.boolean().nullable(),
  notes: z.string(),
  /** URLs of the comic's photos in upload order (admin shows the first 4). */
  imageUrls: z.array(z.string()),
  /** Small versions of imageUrls, same order, for lists and cards. */
  thumbnailUrls: z.array(z.string()),
  confidence: z.number().min(0).max(1),
  estimatedValueCents: nullableCents,
  /** Null until staff make an offer. */
  cashOfferCents: nullableCents,
  /** Null until staff make an offer. */
  storeCreditOfferCents: nullableCents,
  /** Null until the seller answers the offer. */
  userResponse: z.enum(USER_RESPONSES).nullable(),
  adminStatus: z.enum(COMIC_ADMIN_STATUSES),
  createdAt: timestamp,
  /** What the caller may do to this comic now (shared/lifecycle/actions.ts). */
  allowedActions: z.array(z.enum(COMIC_ACTIONS)),
  /**
   * Staff only: the fields the seller changed from what the label reader read on the comic's photo,
   * with what was read ('' when nothing was). Null for sellers, and when no reading was kept (a label
   * that could not be read, a comic typed in by hand).
   */
  readerDifferences: z.array(z.object({ field: z.enum(READ_FIELDS), read: z.string() })).nullable(),
  /**
   * Staff only: the label reader's notes on the comic's photo, as the seller was shown them on /sell
   * (a title matched to the price guide, a publisher or year taken from it, a barcode that disagrees
   * with the printed number). Null for sellers, and when no reading was kept.
   */
  readerNotes: z.array(z.string()).nullable(),
});
/** A comic as the API returns it. */
export type Comic = z.infer<typeof comicSchema>;

/**
 * The seller as shown on a submission: the spec's username, email and paymentEmail, plus what the
 * staff's Submission Information card needs (spec section 2): the seller's name as their account
 * holds it (from the identity provider: sign-up's optional first and last name, or an external
 * issuer's given_name and family_name) and the store account email for store credit. Each is null
 * when the seller has none.
 */
export const submissionSellerSchema = z.object({
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  paymentEmail: z.string().nullable(),
  storeEmail: z.string().nullable(),
});
/** The seller as shown on a submission. */
export type SubmissionSeller = z.infer<typeof submissionSellerSchema>;

/** One entry of a submission's history (from status_events), oldest first in `timeline`. */
export const timelineEventSchema = z.object({
  id: z.number().int(),
  at: timestamp,
  /** The action taken ('created' for the submission's creation); see shared/lifecycle/actions.ts. */
  action: z.string(),
  actorRole: z.enum(ACTOR_ROLES),
  /** Who acted, as the viewer may see it: staff see names; sellers see 'You' or the business name. */
  actorName: z.string().nullable(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  /** Set when the event is about one comic. */
  comicId: z.string().nullable(),
  /** What the event carried: offer amounts (cents), the seller's answer, tracking, payment references, messages. */
  details: z
    .object({
      cashOfferCents: z.number().int().nullable(),
      storeCreditOfferCents: z.number().int().nullable(),
      userResponse: z.enum(USER_RESPONSES),
      trackingId: z.string(),
      carrier: z.enum(CARRIERS),
      paypalTransactionId: z.string(),
      storeCreditReference: z.string(),
      message: z.string(),
      reason: z.string(),
    })
    .partial(),
});
/** One timeline entry. */
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

/** One submission with its comics, as the API returns it. */
export const submissionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  createdAt: timestamp,
  totalEstimatedValueCents: nullableCents,
  totalCashOfferCents: nullableCents,
  totalStoreCreditOfferCents: nullableCents,
  trackingId: z.string().nullable(),
  carrier: z.enum(CARRIERS).nullable(),
  disputeMessage: z.string().nullable(),
  paypalTransactionId: z.string().nullable(),
  /** The gift-card code or store order number the dealer issued for the store-credit part, once paid. */
  storeCreditReference: z.string().nullable(),
  processedAt: timestamp.nullable(),
  shippedAt: timestamp.nullable(),
  receivedAt: timestamp.nullable(),
  paidAt: timestamp.nullable(),
  comics: z.array(comicSchema),
  user: submissionSellerSchema.nullable(),
  /** What the caller may do next (shared/lifecycle/actions.ts), so no screen re-derives the rules. */
  allowedActions: z.array(z.enum(SUBMISSION_ACTIONS)),
  /** The submission's history, oldest first. */
  timeline: z.array(timelineEventSchema),
});
/** A submission as the API returns it. */
export type Submission = z.infer<typeof submissionSchema>;

/** Paging of every list: `limit` (default 20, max 100) and an opaque `cursor` from the previous page. */
export const PAGE_SIZE = { default: 20, max: 100 } as const;

/** GET /api/submissions: one page of the seller's own submissions, newest first, with their counts. */
export const submissionListSchema = z.object({
  items: z.array(submissionSchema),
  /** Pass as `?cursor=` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** The seller's stat cards, over all their submissions (not just this page). */
  stats: z.object({
    total: z.number().int().nonnegative(),
    /** status pending */
    awaitingResponse: z.number().int().nonnegative(),
    /** status awaiting_shipment */
    accepted: z.number().int().nonnegative(),
  }),
});
/** A page of the seller's submissions. */
export type SubmissionList = z.infer<typeof submissionListSchema>;

export { payoutEmailForDisplay } from '../payout-email.js';

/**
 * The seller's name for staff: first and last name as the account holds them, else the username,
 * else null (the screen says 'Not provided' only then).
 */
export function sellerDisplayName(
  user: Pick<SubmissionSeller, 'firstName' | 'lastName' | 'username'>,
): string | null {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.username?.trim() || null;
}
