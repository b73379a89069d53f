// The duplicate-cert warnings of the /sell cards: a number twice in this draft (the server would refuse
// it) and a number one of the seller's earlier submissions already holds (a note only: a slab can be
// sold, bought back and offered again).
import { findDuplicateCerts, DUPLICATE_IN_LIST_WARNING } from '../../../../shared/cert-duplicates';
import { formatDate } from '../../../../shared/dates';
import type { CertMatch } from '../../../../shared/schemas/cert-check';
import { normalizeCertNumber } from '../../../../shared/comic-rules';
import { submissionStatusLabel } from '../../../../shared/status-labels';
import { comicName, type DraftComic } from './draft-comic';

/** What a card says about its cert number, if anything. */
export interface CertNotes {
  /** 'This cert number is already in your list (Wolverine #1).' when an earlier card has it. */
  duplicate?: string;
  /** A note per earlier submission holding the number. */
  earlier: string[];
}

/** The warning for each card whose cert number an earlier card of the draft already has, by card id. */
export function duplicateWarnings(comics: readonly DraftComic[]): Record<string, string> {
  const warnings: Record<string, string> = {};
  for (const repeat of findDuplicateCerts(comics)) {
    const repeatCard = comics[repeat.index];
    const first = comics[repeat.firstIndex];
    if (!repeatCard || !first) continue;
    warnings[repeatCard.id] =
      `${DUPLICATE_IN_LIST_WARNING} (${comicName(first, repeat.firstIndex + 1)}). ` +
      'Remove this card if it is the same slab, or correct its number.';
  }
  return warnings;
}

/** The note for an earlier submission holding the number. */
export function earlierSubmissionNote(match: CertMatch): string {
  const status = submissionStatusLabel(match.submissionStatus, 'seller');
  const when = formatDate(match.submittedAt);
  return (
    `Your Submission #${match.submissionReference}${when ? ` of ${when}` : ''}` +
    `${status ? ` (${status})` : ''} already holds this cert number.`
  );
}

/** The earlier-submission notes of each card, by card id. */
export function earlierNotesByComic(
  comics: readonly DraftComic[],
  matches: readonly CertMatch[],
): Record<string, string[]> {
  const notes: Record<string, string[]> = {};
  for (const comic of comics) {
    const cert = comic.cgcCertNumber ? normalizeCertNumber(comic.cgcCertNumber) : '';
    if (!cert) continue;
    const seen = new Set<string>();
    const lines = matches
      .filter(
        (match) => match.certNumber === cert && !seen.has(match.submissionId) && seen.add(match.submissionId),
      )
      .map(earlierSubmissionNote);
    if (lines.length > 0) notes[comic.id] = lines;
  }
  return notes;
}

/** The draft's distinct non-blank cert numbers, normalised and sorted (the cert check's query). */
export function draftCertNumbers(comics: readonly DraftComic[]): string[] {
  const certs = new Set<string>();
  for (const comic of comics) {
    const cert = comic.cgcCertNumber ? normalizeCertNumber(comic.cgcCertNumber) : '';
    if (cert) certs.add(cert);
  }
  return [...certs].sort();
}
