// How titles, issues, publishers and variants are reduced to match keys, so the same book written
// different ways ('The Amazing Spider-Man' / 'Amazing Spider-Man', 'D.C. Comics' / 'DC Comics',
// 'Nakayama "Virgin" Edition' / 'Nakayama Virgin Variant', '#001' / '1', 'nn' / 'No Number') meets
// itself in the price guide. The keys are stored beside the text; pg_trgm then forgives what
// normalisation cannot (misread letters, a dropped word). See docs/decisions/0011.

/** Lower case, accents dropped, '&' as 'and', dots and apostrophes removed inside words, other punctuation as spaces. */
function baseKey(value: string): string {
  // Accents only exist outside ASCII; skipping NFKD for plain text keeps 100,000-row imports quick.
  const plain = /^[\x20-\x7e]*$/.test(value)
    ? value
    : value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return plain
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`.]/g, '')
    .replace(/[^a-z0-9½]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** A title's match key: 'The Amazing Spider-Man' -> 'amazing spider man'; a leading article is dropped. */
export function titleKey(title: string): string {
  return baseKey(title).replace(/^(the|a|an) /, '');
}

/** Words a publisher name may carry or not ('Marvel Comics' / 'Marvel'; 'D.C. Comics' / 'DC'). */
const PUBLISHER_FILLER = new Set([
  'comics',
  'comic',
  'publishing',
  'publications',
  'inc',
  'group',
  'entertainment',
]);

/** A publisher's match key: 'D.C. Comics' -> 'dc', 'Image/Skybound' -> 'image skybound'. */
export function publisherKey(publisher: string): string {
  const words = baseKey(publisher)
    .split(' ')
    .filter((word) => word && !PUBLISHER_FILLER.has(word));
  return words.join(' ');
}

/** Spellings of "no number" on labels and in guides. */
const NO_NUMBER = new Set(['nn', 'n n', 'no number', 'no', 'none']);

/** The key of a book that has no issue number (the label's 'nn'). */
export const NO_NUMBER_KEY = 'nn';

/** An issue's match key: '#001' -> '1', 'NN' / 'No Number' -> 'nn', 'Annual 1' -> 'annual 1'. '' when unknown. */
export function issueKey(issue: string): string {
  const key = baseKey(issue.replace(/^\s*#/, '').replace(/½/g, '1/2'));
  if (key === '') return '';
  if (NO_NUMBER.has(key)) return NO_NUMBER_KEY;
  // Leading zeros never distinguish issues ('001' is #1), but '0' itself is a real issue.
  return key.replace(/\b0+(\d)/g, '$1');
}

/** Variant words that say "this is a variant" without saying which one. */
const VARIANT_FILLER = new Set(['variant', 'cover', 'edition', 'the', 'var', 'ed', 'virgin']);
/** Kept apart from filler: 'Virgin' is a different book from the trade-dress cover by the same artist. */
const VIRGIN = 'virgin';

/**
 * A variant's match key: the distinctive words, sorted, so 'Nakayama "Virgin" Edition' and 'Virgin
 * Variant (Nakayama)' agree. 'virgin' stays as a word of its own (virgin and trade-dress covers are
 * different books). A variant line of filler only ('Variant Edition') is 'variant': a real book, not
 * the regular cover. No variant at all (null or '') is ''.
 */
export function variantKey(variant: string | null | undefined): string {
  if (!variant) return '';
  const words = variantWords(variant);
  if (words.length === 0) return '';
  const distinctive = words.filter((word) => word.distinctive).map(({ word }) => word);
  if (words.some(({ word }) => word === VIRGIN)) distinctive.push(VIRGIN);
  if (distinctive.length === 0) return 'variant';
  return [...new Set(distinctive)].sort().join(' ');
}

/**
 * A variant's words in order ('Chiang "Virgin" Edition' -> chiang, virgin, edition), each marked
 * distinctive unless it is one of the words every variant line may carry ('Variant', 'Cover',
 * 'Virgin'...): the words that say which variant it is (an artist, a shop, an edition letter).
 */
export function variantWords(variant: string): { word: string; distinctive: boolean }[] {
  return baseKey(variant)
    .split(' ')
    .filter(Boolean)
    .map((word) => ({ word, distinctive: !VARIANT_FILLER.has(word) }));
}

/** A grade rounded to the label's one decimal, so 9.8 read and '9.8' typed are the same number. */
export function gradeKey(grade: number): number {
  return Math.round(grade * 10) / 10;
}
