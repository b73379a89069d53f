import { formatCents } from '../../../../shared/money.js';
import type { MailContent, MailContext } from '../mail-content.js';
import {
  acceptedTotalCents,
  greeting,
  sellerSubmissionUrl,
  type SubmissionForMail,
} from '../submission-for-mail.js';

/** To the seller, when staff mark the submission paid and cash was accepted: amount and transaction id. */
export function paymentSentMail(
  submission: SubmissionForMail,
  context: MailContext,
  payment: { transactionId: string | null },
): MailContent {
  const paidTo = submission.seller.paymentEmail ?? submission.seller.email;
  return {
    subject: `Payment sent for submission #${submission.reference}`,
    heading: 'Your payment is on its way',
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text: `we finished inspecting submission #${submission.reference} and sent your payment through PayPal. No fees were deducted.`,
      },
      {
        kind: 'rows',
        rows: [
          ['Amount', formatCents(acceptedTotalCents(submission, 'accepted_cash'))],
          ['Paid to', paidTo],
          ['Transaction ID', payment.transactionId ?? 'see your PayPal account'],
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
