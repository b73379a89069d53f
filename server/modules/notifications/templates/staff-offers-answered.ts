import { formatCents } from '../../../../shared/money.js';
import type { MailContent, MailContext } from '../mail-content.js';
import {
  acceptedTotalCents,
  comicLabel,
  staffSubmissionUrl,
  type ComicForMail,
  type SubmissionForMail,
} from '../submission-for-mail.js';

function answer(comic: ComicForMail, storeBrand: string): string {
  switch (comic.userResponse) {
    case 'accepted_cash':
      return `accepted cash ${formatCents(comic.cashOfferCents ?? 0)}`;
    case 'accepted_credit':
      return `accepted ${storeBrand} credit ${formatCents(comic.storeCreditOfferCents ?? 0)}`;
    case 'user_rejected':
      return 'declined';
    default:
      return 'no offer made';
  }
}

/** To staff, when the seller has answered every offer: each answer and the totals owed. */
export function staffOffersAnsweredMail(submission: SubmissionForMail, context: MailContext): MailContent {
  const seller = submission.seller.firstName?.trim() || submission.seller.email;
  return {
    subject: `${seller} answered all offers on submission #${submission.reference}`,
    heading: 'The seller answered every offer',
    blocks: [
      {
        kind: 'list',
        items: submission.comics.map(
          (comic) => `${comicLabel(comic)}: ${answer(comic, context.site.storeBrand)}`,
        ),
      },
      {
        kind: 'rows',
        rows: [
          ['Cash owed', formatCents(acceptedTotalCents(submission, 'accepted_cash'))],
          [
            `${context.site.storeBrand} credit owed`,
            formatCents(acceptedTotalCents(submission, 'accepted_credit')),
          ],
        ],
      },
      { kind: 'button', label: 'Open the submission', url: staffSubmissionUrl(context, submission) },
    ],
  };
}
