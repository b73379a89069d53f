// What the seller's card shows, decided from the submission the API sent (spec section 4). The actions
// themselves come from `allowedActions`; these only choose what to display.
import type { Comic, Submission } from '../../../../shared/schemas/submission';

/** Comic states that take no part in the sale: rejected by staff or declined by the seller. */
const OUT_OF_SALE = new Set<string>(['rejected', 'user_rejected']);

/** True when the comic was rejected by staff or declined by the seller. */
export function isOutOfSale(comic: Comic): boolean {
  return OUT_OF_SALE.has(comic.adminStatus) || comic.userResponse === 'user_rejected';
}

/** True when the seller accepted the comic's cash or store-credit offer. */
export function isAccepted(comic: Comic): boolean {
  return comic.userResponse === 'accepted_cash' || comic.userResponse === 'accepted_credit';
}

/** The spec's comic filter: in pending every comic shows; otherwise rejected and declined ones are hidden. */
export function visibleComics(submission: Submission): Comic[] {
  if (submission.status === 'pending') return submission.comics;
  return submission.comics.filter((comic) => !isOutOfSale(comic));
}

/** How many comics still wait for the seller's answer (spec: the 'Action Required' banner's N). */
export function offersAwaitingAnswer(submission: Submission): number {
  return submission.comics.filter(
    (comic) => comic.adminStatus === 'pending_user_approval' && comic.userResponse === null,
  ).length;
}

/** What the seller is owed: accepted cash offers and accepted store-credit offers, summed apart. */
export function acceptedTotals(submission: Submission): { cashCents: number; creditCents: number } {
  let cashCents = 0;
  let creditCents = 0;
  for (const comic of submission.comics) {
    if (comic.userResponse === 'accepted_cash') cashCents += comic.cashOfferCents ?? 0;
    if (comic.userResponse === 'accepted_credit') creditCents += comic.storeCreditOfferCents ?? 0;
  }
  return { cashCents, creditCents };
}

/** The comics to pack and the comics to keep, for the shipping step. */
export function shipmentSplit(submission: Submission): { include: Comic[]; keep: Comic[] } {
  return {
    include: submission.comics.filter(isAccepted),
    keep: submission.comics.filter((comic) => !isAccepted(comic)),
  };
}

/** A comic's name as people say it: 'Amazing Spider-Man #300'. */
export function comicName(comic: Pick<Comic, 'title' | 'issueNumber'>): string {
  const title = comic.title.trim() || 'Untitled comic';
  return comic.issueNumber.trim() ? `${title} #${comic.issueNumber.trim()}` : title;
}
