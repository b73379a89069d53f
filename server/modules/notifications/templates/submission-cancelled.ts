import type { MailContent, MailContext } from '../mail-content.js';
import { greeting, sellerSubmissionUrl, type SubmissionForMail } from '../submission-for-mail.js';

/** To the seller, when a submission is cancelled (by them or by staff); the spec's cancelled wording. */
export function submissionCancelledMail(submission: SubmissionForMail, context: MailContext): MailContent {
  return {
    subject: `Submission #${submission.reference} has been cancelled`,
    heading: 'Your submission was cancelled',
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text: `Submission #${submission.reference}: this submission has been cancelled, please resubmit or contact ${context.site.contactEmail} for help.`,
      },
      { kind: 'button', label: 'View your submission', url: sellerSubmissionUrl(context, submission) },
    ],
  };
}
