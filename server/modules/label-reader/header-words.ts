// Whether a line read on a label is its header ("CGC UNIVERSAL GRADE", "CGC SIGNATURE SERIES",
// "CBCS VERIFIED SIGNATURE", ...). The header names the label and sets its layout: the parser places
// every other line from it, and a label found with no header is read only when its grade and title
// are. On phone photos held at an angle, one letter of a header word is often misread ('CGC
// UNIVENSAL GRAO', 'AL GRAOE'), and such a label was not found at all (ADR 0031).
import { distancesToPrefixes, substringDistance } from '../../../shared/edit-distance.js';

/** Header words as printed, in part where OCR often splits them ('AUTHENTI', 'HENTIC'). */
const HEADER_WORDS = /UNIVERSAL|GRADE|SIGNATURE|QUALIFIED|RESTORED|CONSERVED|AUTHENTI|HENTIC|THENT/;
/** Header words long enough that one letter misread still names them and no cover word. */
const LONG_HEADER_WORDS = ['UNIVERSAL', 'SIGNATURE', 'QUALIFIED', 'CONSERVED', 'AUTHENTIC'];

/** Upper-case letters of `text`, nothing else: the header's letters are widely spaced and often split. */
function headerLetters(text: string): string {
  return text.toUpperCase().replace(/[^A-Z]/g, '');
}

/**
 * Whether a line found while looking for a label reads as its header: header text (`isHeaderText`),
 * or the name of a grader (CBCS, PGX) anywhere in it. The header search and the check before an
 * outline is read (label-marks.ts) both ask this.
 */
export function readsAsHeader(text: string): boolean {
  return /CBCS|PGX/i.test(text) || isHeaderText(text);
}

/**
 * Whether `text` reads as a label header: a header word as printed, a long one with a letter
 * misread, or 'GRADE' with a letter misread after the grader's name ('CGC ... GRAOE'; alone, a
 * word one letter from GRADE is as likely a cover's 'GRACE' or 'TRADE').
 */
export function isHeaderText(text: string): boolean {
  const letters = headerLetters(text);
  if (HEADER_WORDS.test(letters)) return true;
  if (LONG_HEADER_WORDS.some((word) => substringDistance(letters, word) <= 1)) return true;
  return /[CO]GC/.test(letters) && substringDistance(letters, 'GRADE') <= 1;
}

/**
 * CGC's headers as printed, spaces included: the header's letters are evenly spaced, so its width
 * per character is about the same along it.
 */
const SPACED_CGC_HEADERS = [
  'CGC UNIVERSAL GRADE',
  'CGC SIGNATURE SERIES',
  'CGC QUALIFIED GRADE',
  'CGC RESTORED GRADE',
  'CGC CONSERVED GRADE',
];

/**
 * The headers as the graders print them, letters only: a piece of the header row the layout step
 * cut off is part of one of these.
 */
const PRINTED_HEADERS = [
  ...SPACED_CGC_HEADERS.map(headerLetters),
  'CBCSVERIFIEDSIGNATURE',
  'CBCSGRADE',
  'PGXGRADE',
];

/** Fewest letters a piece must hold to count as part of a header: two are any word's. */
const HEADER_PIECE_LETTERS = 3;

/**
 * Whether `text` is a piece of a printed header, one letter misread at most ('CGe' for 'CGC',
 * 'UNI', 'VERSAL'): on a tilted label the header is often found as several boxes, and the pieces
 * far from the one that reads as a header sit too low or high to be joined as one row (ADR 0045).
 */
export function isHeaderPiece(text: string): boolean {
  const letters = headerLetters(text);
  if (letters.length < HEADER_PIECE_LETTERS) return false;
  return PRINTED_HEADERS.some((header) => substringDistance(header, letters) <= 1);
}

/** Each of them letters only, with where each letter stands among the printed characters. */
const CGC_HEADER_LETTERS = SPACED_CGC_HEADERS.map((printed) => ({
  printed,
  letters: headerLetters(printed),
  at: [...printed].flatMap((char, index) => (/[A-Z]/.test(char) ? [index] : [])),
}));
const WHOLE_CGC_HEADERS = new Set(CGC_HEADER_LETTERS.map(({ letters }) => letters));
/** Fewest letters of a header read that say which part of which header it is ('UNIVERSAL' does, 'GRADE' not). */
const PART_MIN_LETTERS = 6;

/** The printed characters a header read leaves out before and after it, and those it spans. */
export interface HeaderPart {
  before: number;
  spanned: number;
  after: number;
}

/**
 * Which part of a printed CGC header `text` is, one letter misread at most: 'CGC UNIVERSAL' leaves
 * out ' GRADE' after it. Null when it is the whole header, no such part, or a part of several
 * headers that leave out different lengths. On a label whose outline cut one end off, the header
 * read is such a part, and its box is too short to place the label by (label-parser.ts).
 */
export function headerPartRead(text: string): HeaderPart | null {
  const letters = headerLetters(text);
  // The whole header read as printed, as most are: no part to look for.
  if (letters.length < PART_MIN_LETTERS || WHOLE_CGC_HEADERS.has(letters)) return null;
  let fewest = 1;
  let fits: { part: HeaderPart; letters: number }[] = [];
  for (const { printed, letters: printedLetters, at } of CGC_HEADER_LETTERS) {
    for (let start = 0; start < at.length; start++) {
      const distances = distancesToPrefixes(letters, printedLetters.slice(start));
      for (let end = start + 1; end <= at.length; end++) {
        const distance = distances[end - start] ?? Number.POSITIVE_INFINITY;
        if (distance > fewest) continue;
        if (distance < fewest) [fewest, fits] = [distance, []];
        const first = at[start] ?? 0;
        const last = at[end - 1] ?? 0;
        const part = { before: first, spanned: last + 1 - first, after: printed.length - 1 - last };
        fits.push({ part, letters: end - start });
      }
    }
  }
  // Spans as close as each other differ by a letter misread, lost or added at an end: they must
  // agree on which ends are left out, and the one as long as the letters read stands for them.
  const ends = (part: HeaderPart) => `${Math.sign(part.before)},${Math.sign(part.after)}`;
  if (fits.length === 0 || new Set(fits.map(({ part }) => ends(part))).size > 1) return null;
  const [nearest] = fits.sort(
    (a, b) => Math.abs(a.letters - letters.length) - Math.abs(b.letters - letters.length),
  );
  if (!nearest || (nearest.part.before === 0 && nearest.part.after === 0)) return null;
  return nearest.part;
}
