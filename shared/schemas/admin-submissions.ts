// The staff dashboard's list of submissions (spec section 2 "Admin dashboard"): the query the
// dashboard keeps in its URL, and the page the server answers. The same query drives the CSV export.
import { z } from 'zod';
import { CARRIERS, SUBMISSION_STATUSES } from '../domain-values.js';
import { safeString } from './safe-text.js';
import { submissionSchema } from './submission.js';

/** Rows per page of the admin list: 50 unless asked otherwise, at most 100 (the house rule for lists). */
export const ADMIN_PAGE_SIZE = { default: 50, max: 100 } as const;

/** What the list can be ordered by: submission date, or the estimated value. */
export const ADMIN_SORTS = ['date', 'value'] as const;
/** One sort key. */
export type AdminSort = (typeof ADMIN_SORTS)[number];

/** Longest search text accepted (a title, an email or a reference is far shorter). */
export const ADMIN_SEARCH_MAX = 200;

/** A query-string integer: digits only, so '1e3', '-1' or '2.5' are refused rather than coerced. */
function queryInteger(min: number, max: number) {
  return safeString()
    .regex(/^\d{1,7}$/, 'Must be a whole number.')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** Optional free text from the query string: trimmed; blank means "not given". */
function optionalText(max: number) {
  return safeString()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/**
 * GET /api/admin/submissions (and .../export) query. Unknown parameters are ignored, so a bookmarked
 * dashboard URL with extra parameters still works.
 */
export const adminSubmissionsQuerySchema = z.object({
  /** One real submission status; absent (or 'all') for every status. */
  status: z
    .union([z.enum(SUBMISSION_STATUSES), z.literal('all'), z.literal('')])
    .optional()
    .transform((value) => (value === 'all' || value === '' ? undefined : value)),
  /** Exact publisher name as listed by GET /api/admin/publishers. */
  publisher: optionalText(200),
  /** Search over comic title, publisher, seller username and email, and the reference (full id or short REF). */
  q: optionalText(ADMIN_SEARCH_MAX),
  sort: z.enum(ADMIN_SORTS).optional().default('date'),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
  page: queryInteger(1, 1_000_000).optional().default(1),
  pageSize: queryInteger(1, ADMIN_PAGE_SIZE.max).optional().default(ADMIN_PAGE_SIZE.default),
});
/** The list query as it appears in a URL. */
export type AdminSubmissionsQueryInput = z.input<typeof adminSubmissionsQuerySchema>;
/** The list query after validation. */
export type AdminSubmissionsQuery = z.output<typeof adminSubmissionsQuerySchema>;

/** Why a row needs a buyer's attention (spec section 9's timing promises). */
export const ATTENTION_REASONS = [
  /** Awaiting review for more than 24 hours: the site promises offers within 24 hours. */
  'review_overdue',
  /** Accepted (awaiting shipment) for more than 7 days without shipping: may be cancelled. */
  'shipment_overdue',
] as const;
/** One attention reason. */
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** Hours after which a submission awaiting review is overdue. */
export const REVIEW_DUE_HOURS = 24;
/** Days after which an accepted submission not shipped is overdue. */
export const SHIPMENT_DUE_DAYS = 7;

const timestamp = z.iso.datetime({ offset: true });

/** One row of the admin list: what the table shows, nothing more. */
export const adminSubmissionRowSchema = z.object({
  id: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  createdAt: timestamp,
  /** When the submission entered its current status (its latest status event, or creation). */
  statusSince: timestamp,
  comicCount: z.number().int().nonnegative(),
  /** The first comic (by the seller's order), or null for a submission without comics. */
  firstComic: z
    .object({
      title: z.string(),
      issueNumber: z.string(),
      cgcGrade: z.number().nullable(),
      /** Thumbnail of its first photo, or null ('No Image'). */
      thumbnailUrl: z.string().nullable(),
    })
    .nullable(),
  seller: z.object({
    username: z.string().nullable(),
    email: z.string(),
    name: z.string().nullable(),
  }),
  totalEstimatedValueCents: z.number().int().nullable(),
  trackingId: z.string().nullable(),
  carrier: z.enum(CARRIERS).nullable(),
  /** Set when the row is overdue by the site's promises. */
  attention: z.enum(ATTENTION_REASONS).nullable(),
});
/** One admin list row. */
export type AdminSubmissionRow = z.infer<typeof adminSubmissionRowSchema>;

/** GET /api/admin/submissions: one page, with the total for 'Showing 51 to 100 of 2,314 submissions'. */
export const adminSubmissionPageSchema = z.object({
  items: z.array(adminSubmissionRowSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
/** One page of the admin list. */
export type AdminSubmissionPage = z.infer<typeof adminSubmissionPageSchema>;

/** GET /api/admin/publishers: the publishers present in the data, for the filter. */
export const adminPublishersSchema = z.object({ publishers: z.array(z.string()) });
/** The publisher filter's options. */
export type AdminPublishers = z.infer<typeof adminPublishersSchema>;

/** GET /api/admin/check-in?code=: what a scanner typed (the label's 'AC' + REF) or a tracking number. */
export const checkInQuerySchema = z.object({
  code: safeString().trim().min(1, 'Scan a label or type a tracking number.').max(100),
});
/** A check-in lookup. */
export type CheckInQuery = z.input<typeof checkInQuerySchema>;

/** The check-in lookup's answer: every submission the code names (normally one), full detail. */
export const checkInResultSchema = z.object({ matches: z.array(submissionSchema) });
/** The check-in lookup's answer. */
export type CheckInResult = z.infer<typeof checkInResultSchema>;

/** The message when a check-in code names no submission. */
export const CHECK_IN_NOT_FOUND = 'No submission matches this code.';
