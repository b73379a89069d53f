import type { MailContent, MailContext } from '../mail-content.js';
import { greeting, sellerSubmissionUrl, type SubmissionForMail } from '../submission-for-mail.js';
import { offerLines } from './offer-lines.js';
import { reminderFootnote } from './reminder-footnote.js';

/** To the seller, when offers have waited 3 days without an answer (reminder: sellers may turn it off). */
export function offersReminderMail(submission: SubmissionForMail, context: MailContext): MailContent {
  return {
    subject: `Reminder: your offers for submission #${submission.reference} are waiting`,
    heading: 'Your offers are still waiting for you',
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text: `we sent offers for submission #${submission.reference} a few days ago and have not heard back. Accept cash or store credit for each comic, or decline, whenever you are ready.`,
      },
      { kind: 'list', items: offerLines(submission, context.site.storeBrand) },
      { kind: 'button', label: 'Respond to your offers', url: sellerSubmissionUrl(context, submission) },
    ],
    footnote: reminderFootnote(context),
  };
}
