// Query strings and the small responses of the lifecycle's calls that are not a whole submission.
import { z } from 'zod';
import { SUBMISSION_STATUSES } from '../domain-values.js';
import { safeString } from './safe-text.js';
import { PAGE_SIZE, submissionSchema } from './submission.js';

/** Message for a page cursor that was not made by the server (or is from an old link). */
export const BAD_CURSOR_MESSAGE = 'This page link is no longer valid. Please start from the first page.';

/** Query of GET /api/submissions: `limit` (1-100, default 20), the `cursor` of the previous page, a `status`. */
export const submissionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
  cursor: safeString().max(200).optional(),
  status: z.enum(SUBMISSION_STATUSES).optional(),
});
/** The seller list's query after validation. */
export type SubmissionListQuery = z.output<typeof submissionListQuerySchema>;

/** Response of POST /api/admin/submissions/{id}/calculate-total: the spec's three numbers (cents) and the submission. */
export const calculateTotalResponseSchema = z.object({
  /** Cash offers over comics offered or accepted for cash, in cents. */
  totalCashOffer: z.number().int().nonnegative(),
  /** Store-credit offers over comics offered or accepted for credit, in cents. */
  totalStoreCreditOffer: z.number().int().nonnegative(),
  /** Comics staff have attended to (offered, rejected, or answered since). */
  processedComics: z.number().int().nonnegative(),
  submission: submissionSchema,
});
/** The calculate-total response. */
export type CalculateTotalResponse = z.infer<typeof calculateTotalResponseSchema>;
