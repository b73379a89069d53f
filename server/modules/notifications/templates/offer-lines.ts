// The per-comic offer lines shared by the offers-ready mail and its reminder.
import { formatCents } from '../../../../shared/money.js';
import { comicLabel, type SubmissionForMail } from '../submission-for-mail.js';

/** 'Title #1 (CGC 9.8): $120.00 cash or $140.00 store credit', or 'No Offer Available' for a rejected comic. */
export function offerLines(submission: SubmissionForMail, storeBrand: string): string[] {
  return submission.comics.map((comic) => {
    if (
      comic.adminStatus === 'rejected' ||
      (comic.cashOfferCents == null && comic.storeCreditOfferCents == null)
    ) {
      return `${comicLabel(comic)}: No Offer Available`;
    }
    const parts = [
      ...(comic.cashOfferCents != null ? [`${formatCents(comic.cashOfferCents)} cash`] : []),
      ...(comic.storeCreditOfferCents != null
        ? [`${formatCents(comic.storeCreditOfferCents)} ${storeBrand} credit`]
        : []),
    ];
    return `${comicLabel(comic)}: ${parts.join(' or ')}`;
  });
}
