import type { MailContent, MailContext } from '../mail-content.js';
import {
  acceptedComics,
  comicLabel,
  greeting,
  sellerSubmissionUrl,
  type SubmissionForMail,
} from '../submission-for-mail.js';
import { reminderFootnote } from './reminder-footnote.js';
import { shipToRows } from './ship-to.js';

/** To the seller, 5 days after accepting when nothing has shipped (reminder: sellers may turn it off). */
export function shippingReminderMail(submission: SubmissionForMail, context: MailContext): MailContent {
  return {
    subject: `Reminder: please ship submission #${submission.reference}`,
    heading: 'Your accepted comics have not shipped yet',
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text: `you accepted our offers on submission #${submission.reference} 5 days ago, and we have no tracking number yet. Our terms allow us to cancel a submission that is not shipped within 7 days of acceptance.`,
      },
      { kind: 'list', items: acceptedComics(submission).map(comicLabel) },
      { kind: 'rows', rows: shipToRows(context.site) },
      {
        kind: 'button',
        label: 'Print the label and save tracking',
        url: `${sellerSubmissionUrl(context, submission)}/label`,
      },
    ],
    footnote: reminderFootnote(context),
  };
}
