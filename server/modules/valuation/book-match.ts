// Picks, among trigram candidates of the same issue, the rows that are the comic's own book: the
// closest title, the same publisher when the comic names one the guide knows, and the same variant.
// Pure, so the hard cases are unit-tested without a database.
import { editDistance } from '../../../shared/edit-distance.js';
import { issueKey, publisherKey, titleKey, variantKey } from '../../../shared/valuation/normalise.js';

/** The comic as the estimator sees it. */
export interface ComicQuery {
  title: string;
  issueNumber: string;
  publisher: string | null;
  variant: string | null;
  grade: number | null;
  keyIssue?: boolean | null;
  /** The label kind ('Universal', 'Signature Series'...), when known. */
  labelType?: string | null;
}

/** The comic's match keys. */
export interface QueryKeys {
  titleKey: string;
  issueKey: string;
  publisherKey: string;
  variantKey: string;
  /** The variant's distinctive words with misread filler removed too ('Yoong Variaat Ceve' -> yoong). */
  variantWords: string[];
}

/** The comic's match keys. */
export function queryKeys(comic: ComicQuery): QueryKeys {
  const key = variantKey(comic.variant);
  return {
    titleKey: titleKey(comic.title),
    issueKey: issueKey(comic.issueNumber),
    publisherKey: publisherKey(comic.publisher ?? ''),
    variantKey: key,
    variantWords:
      key === '' || key === 'variant' ? [] : key.split(' ').filter((word) => !isMisreadFiller(word)),
  };
}

/** Two words the label reader may have read with a letter or two wrong ('yoong' / 'young'). */
export function similarWords(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4 || /\d/.test(a + b)) return false;
  return editDistance(a, b) <= (shorter >= 7 ? 2 : 1);
}

/** Filler words the reader misread ('variaat', 'ceve'): never distinctive. */
const FILLER_WORDS = ['variant', 'cover', 'edition'];
function isMisreadFiller(word: string): boolean {
  return word.length >= 4 && FILLER_WORDS.some((filler) => editDistance(word, filler) <= 2);
}

/** Below this pg_trgm similarity a title is another series ('Spider-Verse' vs 'Edge of Spider-Verse' is 0.62). */
export const MIN_TITLE_SIMILARITY = 0.65;
/** Variant lines must share at least this share of their distinctive words (Jaccard). */
export const MIN_VARIANT_OVERLAP = 0.5;

/** What a candidate row must carry to be matched. */
export interface MatchableRow {
  titleKey: string;
  publisherKey: string;
  variantKey: string;
  similarity: number;
}

/** Share of distinctive words two variant lines have in common (misread letters forgiven); 'virgin' must agree. */
export function variantOverlap(a: string | readonly string[], b: string): number {
  const left = [...new Set(typeof a === 'string' ? a.split(' ').filter(Boolean) : a)];
  const right = [...new Set(b.split(' ').filter(Boolean))];
  if (left.length === 0 || right.length === 0) return 0;
  const virgin = (words: string[]) => words.some((word) => similarWords(word, 'virgin'));
  if (virgin(left) !== virgin(right)) return 0;
  let shared = 0;
  const unused = [...right];
  for (const word of left) {
    const match = unused.findIndex((other) => similarWords(word, other));
    if (match >= 0) {
      shared += 1;
      unused.splice(match, 1);
    }
  }
  return shared / (left.length + right.length - shared);
}

/** The rows of the comic's book and the title similarity they matched with (null when nothing matched). */
export function selectBookRows<T extends MatchableRow>(
  candidates: readonly T[],
  keys: QueryKeys,
): { rows: T[]; similarity: number | null; titleKey: string | null } {
  const titled = candidates.filter(
    (row) => row.titleKey === keys.titleKey || row.similarity >= MIN_TITLE_SIMILARITY,
  );
  if (titled.length === 0) return { rows: [], similarity: null, titleKey: null };
  // The exact key wins; otherwise the most similar title (one series, never a blend of two).
  const best = titled.reduce((a, b) => (score(b, keys) > score(a, keys) ? b : a));
  let rows = titled.filter((row) => row.titleKey === best.titleKey);
  const similarity = best.titleKey === keys.titleKey ? 1 : best.similarity;

  // Publisher: a label's publisher narrows the match when the guide has it; an unread one does not.
  if (keys.publisherKey && rows.some((row) => row.publisherKey === keys.publisherKey)) {
    rows = rows.filter((row) => row.publisherKey === keys.publisherKey);
  }

  // Variant: the regular cover matches only regular-cover rows; a variant its own or the closest line.
  if (keys.variantKey === '') {
    rows = rows.filter((row) => row.variantKey === '');
  } else if (rows.some((row) => row.variantKey === keys.variantKey)) {
    rows = rows.filter((row) => row.variantKey === keys.variantKey);
  } else {
    let bestOverlap = 0;
    let bestKey = '';
    for (const row of rows) {
      const overlap = variantOverlap(keys.variantWords, row.variantKey);
      if (overlap > bestOverlap) [bestOverlap, bestKey] = [overlap, row.variantKey];
    }
    rows = bestOverlap >= MIN_VARIANT_OVERLAP ? rows.filter((row) => row.variantKey === bestKey) : [];
  }
  return rows.length > 0
    ? { rows, similarity, titleKey: best.titleKey }
    : { rows: [], similarity: null, titleKey: null };
}

function score(row: MatchableRow, keys: QueryKeys): number {
  return row.titleKey === keys.titleKey ? 2 : row.similarity;
}
