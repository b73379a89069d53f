import type { MailContent, MailContext } from '../mail-content.js';
import { greeting, sellerSubmissionUrl, type SubmissionForMail } from '../submission-for-mail.js';
import { offerLines } from './offer-lines.js';

/** To the seller, when staff mark the submission processed: every comic's offers and a link to answer. */
export function offersReadyMail(submission: SubmissionForMail, context: MailContext): MailContent {
  return {
    subject: `Your offers are ready for submission #${submission.reference}`,
    heading: 'Your offers are ready',
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text: `we reviewed submission #${submission.reference}. For each comic you can accept the cash offer, accept the store-credit offer, or decline.`,
      },
      { kind: 'list', items: offerLines(submission, context.site.storeBrand) },
      { kind: 'button', label: 'Respond to your offers', url: sellerSubmissionUrl(context, submission) },
    ],
  };
}
