import { formatDate } from '../../../../shared/dates.js';
import type { MailContent, MailContext } from '../mail-content.js';
import { comicLabel, greeting, sellerSubmissionUrl, type SubmissionForMail } from '../submission-for-mail.js';

/** To the seller, when a submission is created: what we received and when offers come. */
export function submissionReceivedMail(submission: SubmissionForMail, context: MailContext): MailContent {
  const count = submission.comics.length;
  return {
    subject: `We received your submission #${submission.reference}`,
    heading: 'Thanks, your comics are in our queue',
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text:
          `we received submission #${submission.reference} with ${count} comic${count === 1 ? '' : 's'} ` +
          `on ${formatDate(submission.createdAt)}. Our team reviews every comic and sends you a cash and a ` +
          `store-credit offer within 24 hours.`,
      },
      { kind: 'list', items: submission.comics.map(comicLabel) },
      { kind: 'button', label: 'View your submission', url: sellerSubmissionUrl(context, submission) },
    ],
  };
}
