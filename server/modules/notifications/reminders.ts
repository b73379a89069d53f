// The reminder job's work: offers unanswered for 3 days, and accepted comics not shipped 5 days after
// acceptance (the terms allow cancelling after 7). Each reminder goes at most once per submission (a
// dedupe key on the outbox row) and never to a seller who turned reminders off in /settings.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { renderMail, type MailContext } from './mail-content.js';
import { insertMails } from './outbox-repository.js';
import { sellerRecipient, wantsReminders } from './recipients.js';
import { loadSubmissionForMail } from './submission-for-mail.js';
import { offersReminderMail } from './templates/offers-reminder.js';
import { shippingReminderMail } from './templates/shipping-reminder.js';

/** When each reminder is due: days since the submission entered the status. */
export const REMINDERS = [
  { kind: 'offers_reminder', status: 'pending', afterDays: 3, template: offersReminderMail },
  { kind: 'shipping_reminder', status: 'awaiting_shipment', afterDays: 5, template: shippingReminderMail },
] as const;

const BATCH = 200;

/** Writes every reminder that is due at `now`; returns how many mails were written. */
export async function writeDueReminders(db: Db, context: MailContext, now = new Date()): Promise<number> {
  let written = 0;
  for (const reminder of REMINDERS) {
    // Since when the submission is in its status: its latest submission-level status event into it
    // (updated_at for rows older than the lifecycle's events).
    const due = await queryRows<{ id: string }>(
      db,
      sql`select s.id from submissions s
          join users u on u.id = s.user_id
          where s.status = ${reminder.status} and u.mail_reminders
            and coalesce(
              (select max(e.created_at) from status_events e
               where e.submission_id = s.id and e.comic_id is null and e.to_status = ${reminder.status}),
              s.updated_at
            ) <= ${now.toISOString()}::timestamptz - ${reminder.afterDays}::integer * interval '1 day'
            and not exists (
              select 1 from mail_outbox m where m.dedupe_key = ${`${reminder.kind}:`} || s.id::text
            )
          order by s.created_at
          limit ${BATCH}`,
    );
    for (const { id } of due) {
      written += await db.transaction(async (tx) => {
        const submission = await loadSubmissionForMail(tx, id);
        if (!submission || submission.status !== reminder.status || !wantsReminders(submission)) return 0;
        return insertMails(tx, [
          {
            to: sellerRecipient(submission),
            mail: renderMail(reminder.template(submission, context), context),
            kind: reminder.kind,
            submissionId: submission.id,
            dedupeKey: `${reminder.kind}:${submission.id}`,
          },
        ]);
      });
    }
  }
  return written;
}
