import type { MailContent, MailContext } from '../mail-content.js';
import { greeting, sellerSubmissionUrl, type SubmissionForMail } from '../submission-for-mail.js';

/** To the seller, when staff resolve a dispute. */
export function disputeResolvedMail(submission: SubmissionForMail, context: MailContext): MailContent {
  return {
    subject: `The issue with submission #${submission.reference} is resolved`,
    heading: 'Your dispute is resolved',
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text: `the issue we raised on submission #${submission.reference} is resolved. We will finish the submission and email you when payment or credit is sent.`,
      },
      {
        kind: 'paragraph',
        text: `Questions? Write to ${context.site.contactEmail} and mention submission #${submission.reference}.`,
      },
      { kind: 'button', label: 'View your submission', url: sellerSubmissionUrl(context, submission) },
    ],
  };
}
