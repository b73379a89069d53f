// The label's variant line ("Nakayama Variant Cover", "Whatnot Special Foil Edition B", "Third
// Printing") is its smallest centre print and the most often misread. It is kept only when it
// reads as words; the page-quality line ("OFF-WHITE TO WHITE Pages"), which OCR sometimes puts in
// the centre column, is never a variant. Near-miss label words are repaired ('Variaat' -> 'Variant').
import { editDistance } from '../../../shared/edit-distance.js';
import { isKnownWord } from './word-list.js';
import { respaceText } from './word-spacing.js';

/** Words of variant lines, as labels spell them. */
const VARIANT_WORDS = [
  'Variant',
  'Cover',
  'Edition',
  'Printing',
  'Foil',
  'Virgin',
  'Sketch',
  'Special',
  'Comics',
  // Shops' names: 'Comic Mint Edition', 'Wanted Comix Edition', 'Crush Collectibles Edition'.
  'Comic',
  'Comix',
  'Collectibles',
  'Exclusive',
  'Convention',
  'Metal',
  'Newsstand',
  'Facsimile',
  'Reprint',
  'Second',
  'Third',
  'Fourth',
  'Fifth',
];
/** Words that make a line a variant line at all (a name alone is not). */
const VARIANT_MARKERS = new Set([
  'variant',
  'cover',
  'edition',
  'printing',
  'foil',
  'virgin',
  'sketch',
  'reprint',
]);
const PAGE_LINE = /\bPAGES?\b|OFF-?\s?WHITE|\bCREAM\b|\bTAN\b|\bBRITTLE\b/i;

/** The variant read from the joined variant lines, and how sure the wording is (0..1). */
export function readVariant(text: string): { variant: string | null; certainty: number } {
  // Labels are Latin script: anything else is the recogniser guessing.
  const latin = text.replace(/[^\x20-\x7e\u00c0-\u024f\u2018-\u201d]/g, ' ').replace(/[“”]/g, '"');
  if (PAGE_LINE.test(latin)) return { variant: null, certainty: 0 };
  const read = respaceText(spaceQuotes(latin).replace(/\s+/g, ' ').trim())
    .split(' ')
    // A stray mark read after a word ('Ceve!'): variant words end in a letter, a digit or a quote.
    .map((token) => token.replace(/[!?.,;:]+$/, ''))
    .filter(Boolean)
    .flatMap(splitEditionLetter)
    .map(repairWord);
  const tokens = read.map(completeLabelWord).map(labelWordBeforeTail);
  if (tokens.length === 0) return { variant: null, certainty: 0 };
  let exact = 0;
  let wordLike = 0;
  for (const [index, token] of tokens.entries()) {
    const bare = token.replace(/^"|"$/g, '').replace(/[/]/g, '');
    // A word taken from its neighbours (completed, or put right before the tail) was not read so:
    // the wording is not sure.
    const completed = token !== read[index];
    if (!completed && (VARIANT_WORDS.some((word) => word === bare) || isKnownWord(bare))) exact++;
    if (looksLikeWord(bare)) wordLike++;
  }
  const hasMarker = tokens.some((token) => VARIANT_MARKERS.has(token.replace(/"/g, '').toLowerCase()));
  if (!hasMarker || wordLike < tokens.length) return { variant: null, certainty: 0 };
  return { variant: tokens.join(' '), certainty: exact === tokens.length ? 1 : 0.7 };
}

/**
 * The line with a space before each opening quote and after each closing one: the recogniser
 * often glues a quoted word to its neighbours ('Mint“Virgin"Edition'), which then reads as no word.
 * Quotes pair up in order, the first of each pair opening.
 */
function spaceQuotes(text: string): string {
  let seen = 0;
  return text.replace(/"/g, (quote, at: number) => {
    const opening = seen++ % 2 === 0;
    const glued = /[A-Za-z]/.test(text[at - 1] ?? '') && /[A-Za-z]/.test(text[at + 1] ?? '');
    if (!glued) return quote;
    return opening ? ' "' : '" ';
  });
}

/** An edition's letter glued to the label word before it ('CovtrF', 'EditionA'): two tokens. */
function splitEditionLetter(token: string): string[] {
  const match = /^(.*[a-z])([A-F])$/.exec(token);
  if (!match?.[1] || !match[2]) return [token];
  const head = repairWord(match[1]);
  return VARIANT_WORDS.includes(head) ? [head, match[2]] : [token];
}

/** Label words after which labels print only 'Cover' or 'Edition' ('Variant Cover', 'Foil Edition'). */
const BEFORE_COVER_OR_EDITION = new Set(['Variant', 'Sketch', 'Foil', 'Virgin', 'Metal']);

/**
 * The word after 'Variant', 'Foil', 'Virgin'... cut short or misread at the line's end ('Variant
 * Ce', 'Variant Cov', 'Variant Ed'): the line's last letters fade out of the detector's box. After
 * those words a label prints 'Cover' or 'Edition' (or an edition's letter, a single capital), so a
 * word of two to six letters starting 'C' or 'E' is taken as it.
 */
function completeLabelWord(token: string, index: number, tokens: readonly string[]): string {
  const after = BEFORE_COVER_OR_EDITION.has((tokens[index - 1] ?? '').replace(/"/g, ''));
  if (!after || VARIANT_WORDS.includes(token) || !/^[A-Za-z]{2,6}$/.test(token)) return token;
  if (/^c/i.test(token)) return 'Cover';
  if (/^e/i.test(token)) return 'Edition';
  return token;
}

/** Label words printed just before 'Edition' or 'Cover' ('Foil Edition', 'Sketch Cover'). */
const BEFORE_TAIL_WORDS = ['Foil', 'Sketch', 'Virgin', 'Metal', 'Variant'];

/**
 * An unknown word just before 'Edition' or 'Cover' that starts as a label word printed there and
 * is two letters from it ('Fel Edition', 'Sheth Edition'): that label word. The first letter,
 * the surest of a small word, must agree, so a shop's or an artist's name is left alone.
 */
function labelWordBeforeTail(token: string, index: number, tokens: readonly string[]): string {
  const next = tokens[index + 1];
  if ((next !== 'Edition' && next !== 'Cover') || !/^[A-Za-z]{3,}$/.test(token) || isKnownWord(token))
    return token;
  const lower = token.toLowerCase();
  const label = BEFORE_TAIL_WORDS.find(
    (word) => word[0]?.toLowerCase() === lower[0] && editDistance(lower, word.toLowerCase()) <= 2,
  );
  return label ?? token;
}

/**
 * A label word with a letter or two misread ('Variaat', 'Ceve', 'Editien'), put right. A word of
 * three letters is put right only to a four-letter label word one letter away ('Fol', 'Fel' ->
 * 'Foil'): shorter label words do not exist, and names of three letters ('Tao') are far from it.
 */
function repairWord(token: string): string {
  const match = /^("?)([A-Za-z]+)("?)$/.exec(token);
  if (!match?.[2]) return token;
  const word = match[2];
  if (word.length < 3 || isKnownWord(word)) return token;
  // The nearest label word ('Comix' is 'Comix', not 'Comic' a letter away), the first on a tie.
  let nearest: { label: string; distance: number } | null = null;
  for (const label of VARIANT_WORDS) {
    const allowed = word.length === 3 ? (label.length === 4 ? 1 : 0) : label.length >= 7 ? 2 : 1;
    const distance = editDistance(word.toLowerCase(), label.toLowerCase());
    if (distance <= allowed && (!nearest || distance < nearest.distance)) nearest = { label, distance };
  }
  return nearest ? `${match[1]}${nearest.label}${match[3]}` : token;
}

/** A dictionary word, a name (capitalised, with a vowel), a single capital ("Edition B"), or a shop name with digits. */
function looksLikeWord(token: string): boolean {
  // A lone lower-case letter is a fragment of a misread word ('Farso s Variant').
  if (token.length === 1) return /^[A-Z&]$/.test(token);
  if (isKnownWord(token)) return true;
  if (/^[A-Z][a-z]*[aeiouy][a-z]*(?:[A-Z][a-z]+)*\d*$/.test(token) && token.length >= 2) return true;
  return /^[A-Z]{2,5}$/.test(token);
}
