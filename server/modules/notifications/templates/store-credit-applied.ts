import { formatCents } from '../../../../shared/money.js';
import type { MailContent, MailContext } from '../mail-content.js';
import {
  acceptedTotalCents,
  greeting,
  sellerSubmissionUrl,
  type SubmissionForMail,
} from '../submission-for-mail.js';

/** To the seller, when staff mark the submission paid and store credit was accepted: amount and reference. */
export function storeCreditAppliedMail(
  submission: SubmissionForMail,
  context: MailContext,
  credit: { reference: string | null },
): MailContent {
  const brand = context.site.storeBrand;
  return {
    subject: `${brand} credit applied for submission #${submission.reference}`,
    heading: `Your ${brand} credit is ready`,
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text: `we finished inspecting submission #${submission.reference} and applied your ${brand} credit.`,
      },
      {
        kind: 'rows',
        rows: [
          ['Credit', formatCents(acceptedTotalCents(submission, 'accepted_credit'))],
          [`${brand} account`, submission.seller.storeEmail ?? submission.seller.email],
          ['Reference', credit.reference ?? `submission #${submission.reference}`],
        ],
      },
      {
        kind: 'paragraph',
        text: `If anything looks wrong, write to ${context.site.contactEmail} and mention submission #${submission.reference}.`,
      },
      { kind: 'button', label: 'View your submission', url: sellerSubmissionUrl(context, submission) },
    ],
  };
}
