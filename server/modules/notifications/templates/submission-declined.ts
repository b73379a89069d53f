import type { MailContent, MailContext } from '../mail-content.js';
import { greeting, sellerSubmissionUrl, type SubmissionForMail } from '../submission-for-mail.js';

/**
 * To the seller, when a submission ends declined: either staff could make no offer on any comic, or
 * the seller declined every offer (`bySeller`). Either way nothing is to be shipped.
 */
export function submissionDeclinedMail(
  submission: SubmissionForMail,
  context: MailContext,
  options: { bySeller: boolean },
): MailContent {
  return {
    subject: `Update on submission #${submission.reference}: no offers accepted`,
    heading: options.bySeller ? 'You declined our offers' : 'We could not make an offer this time',
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text: options.bySeller
          ? `you declined the offers on every comic in submission #${submission.reference}, so it is now closed. Please do not ship anything.`
          : `we reviewed every comic in submission #${submission.reference} but could not make an offer on any of them. Please do not ship anything.`,
      },
      {
        kind: 'paragraph',
        text: `You are welcome to submit other comics at any time. Questions? Write to ${context.site.contactEmail}.`,
      },
      { kind: 'button', label: 'View your submission', url: sellerSubmissionUrl(context, submission) },
    ],
  };
}
