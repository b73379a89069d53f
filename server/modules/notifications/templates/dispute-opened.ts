import type { MailContent, MailContext } from '../mail-content.js';
import { greeting, sellerSubmissionUrl, type SubmissionForMail } from '../submission-for-mail.js';

/** To the seller, when staff open a dispute after inspection: staff's message, quoted. */
export function disputeOpenedMail(
  submission: SubmissionForMail,
  context: MailContext,
  dispute: { message: string },
): MailContent {
  return {
    subject: `An issue with your submission #${submission.reference}`,
    heading: 'We found an issue with your submission',
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text: `while inspecting submission #${submission.reference} we found an issue:`,
      },
      { kind: 'quote', text: dispute.message },
      {
        kind: 'paragraph',
        text: `Please contact us at ${context.site.contactEmail} and mention submission #${submission.reference} so we can sort it out together.`,
      },
      { kind: 'button', label: 'View your submission', url: sellerSubmissionUrl(context, submission) },
    ],
  };
}
