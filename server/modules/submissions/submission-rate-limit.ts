// How often one account may create submissions. Counted from the submissions table itself (its
// user_id, created_at index), so the bound holds across server processes and needs no new state.
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { submissions } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';

/** The bounds: a seller sends a few submissions a day; a script sending hundreds is stopped early. */
export const SUBMISSION_RATE_LIMITS = [
  { windowMs: 60 * 1000, max: 5, window: 'minute' },
  { windowMs: 60 * 60 * 1000, max: 30, window: 'hour' },
] as const;

/** Submissions the account created since a moment. */
async function countSubmissionsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), gte(submissions.createdAt, since)));
  return row?.n ?? 0;
}

/** Throws 429 (with Retry-After seconds on the error) when the account reached a bound. */
export async function checkSubmissionRate(db: Db, userId: string, now = new Date()): Promise<void> {
  for (const limit of SUBMISSION_RATE_LIMITS) {
    const recent = await countSubmissionsSince(db, userId, new Date(now.getTime() - limit.windowMs));
    if (recent >= limit.max) {
      throw new SubmissionRateError(
        `You have sent ${limit.max} submissions in the last ${limit.window}. Please wait a little and try again.`,
        Math.ceil(limit.windowMs / 1000),
      );
    }
  }
}

/** A 429 that says how long to wait. */
export class SubmissionRateError extends HttpError {
  constructor(
    message: string,
    /** Seconds after which the oldest counted submission has left the window (an upper bound). */
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, 'submission_rate_limited');
  }
}
