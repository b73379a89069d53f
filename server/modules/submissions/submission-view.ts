// A submission as one signed-in user may see it, read fresh from the database (after a change too).
import type { Submission } from '../../../shared/schemas/submission.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { presentSubmission, type SubmissionAudience } from './present-submission.js';
import { findSubmission } from './submission-repository.js';

/** The audience a signed-in user is. */
export function audienceOf(user: Pick<User, 'id' | 'role'>, businessName: string): SubmissionAudience {
  return { userId: user.id, isStaff: user.role === 'admin', businessName };
}

/** The submission for this user: 404 'Submission not found' when missing or someone else's (staff see all). */
export async function submissionView(
  db: Db,
  id: string,
  user: Pick<User, 'id' | 'role'>,
  businessName: string,
): Promise<Submission> {
  const record = await findSubmission(db, id);
  // Someone else's submission answers exactly like a missing one.
  if (!record || (record.submission.userId !== user.id && user.role !== 'admin')) {
    throw new HttpError(404, 'Submission not found', 'not_found');
  }
  return presentSubmission(record, audienceOf(user, businessName));
}
