// One slab, one comic: the rule that a certification number appears at most once in a submission.
// Shared so the /sell page warns on the card with exactly the rule the server refuses with.
import { normalizeCertNumber } from './comic-rules.js';

/** A comic whose certification number an earlier comic of the same list already has. */
export interface DuplicateCert {
  /** 0-based position of the repeat. */
  index: number;
  /** 0-based position of the first comic with this number. */
  firstIndex: number;
  /** The number, normalised. */
  certNumber: string;
}

/** Every repeat of a certification number in the list, in list order (blank numbers never count). */
export function findDuplicateCerts(
  comics: readonly { cgcCertNumber?: string | null | undefined }[],
): DuplicateCert[] {
  const firstSeen = new Map<string, number>();
  const repeats: DuplicateCert[] = [];
  comics.forEach((comic, index) => {
    const certNumber = comic.cgcCertNumber ? normalizeCertNumber(comic.cgcCertNumber) : '';
    if (certNumber === '') return;
    const firstIndex = firstSeen.get(certNumber);
    if (firstIndex === undefined) firstSeen.set(certNumber, index);
    else repeats.push({ index, firstIndex, certNumber });
  });
  return repeats;
}

/** The name a comic goes by in a message: "Wolverine #1", or "Comic 3" (1-based) without a title. */
export function comicLabel(
  comic: { title?: string | null; issueNumber?: string | null },
  index: number,
): string {
  const title = comic.title?.trim();
  if (!title) return `Comic ${index + 1}`;
  const issue = comic.issueNumber?.trim();
  return issue ? `${title} #${issue}` : title;
}

/** The refusal for a repeated certification number, naming both comics. */
export function duplicateCertMessage(
  comics: readonly { title?: string | null; issueNumber?: string | null }[],
  duplicate: DuplicateCert,
): string {
  const repeat = comicLabel(comics[duplicate.index] ?? {}, duplicate.index);
  const first = comicLabel(comics[duplicate.firstIndex] ?? {}, duplicate.firstIndex);
  return (
    `${repeat} (comic ${duplicate.index + 1}) has the same certification number as ${first} ` +
    `(comic ${duplicate.firstIndex + 1}): ${duplicate.certNumber}. Each slab can be submitted once; ` +
    'please remove the repeat or correct its number.'
  );
}

/** The warning on a card whose number an earlier card already has. */
export const DUPLICATE_IN_LIST_WARNING = 'This cert number is already in your list';
