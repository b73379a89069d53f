// Who gets which mail. Seller mail goes to the account's sign-in email (the payment email is where
// money goes, not where we write). Staff mail goes to NOTIFY_STAFF_EMAILS when set, else to every
// admin account.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { SubmissionForMail } from './submission-for-mail.js';

/** The seller's address for mail about their submission. */
export function sellerRecipient(submission: SubmissionForMail): string {
  return submission.seller.email;
}

/** Staff addresses: the configured list, or every admin's email (sorted, so tests and logs are stable). */
export async function staffRecipients(db: Db, configured: readonly string[]): Promise<string[]> {
  if (configured.length > 0) return [...configured];
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.email));
  return [...new Set(admins.map((admin) => admin.email))];
}

/** Whether a seller gets reminder mail (they may turn it off in /settings; transactional mail always goes). */
export function wantsReminders(submission: SubmissionForMail): boolean {
  return submission.seller.mailReminders;
}
