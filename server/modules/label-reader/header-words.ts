// Whether a line read on a label is its header ("CGC UNIVERSAL GRADE", "CGC SIGNATURE SERIES",
// "CBCS VERIFIED SIGNATURE", ...). The header names the label and sets its layout: the parser places
// every other line from it, and a label found with no header is read only when its grade and title
// are. On phone photos held at an angle, one letter of a header word is often misread ('CGC
// UNIVENSAL GRAO', 'AL GRAOE'), and such a label was not found at all (ADR 0031).
import { substringDistance } from '../../../shared/edit-distance.js';

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
 * The headers as the graders print them, letters only: a piece of the header row the layout step
 * cut off is part of one of these.
 */
const PRINTED_HEADERS = [
  'CGCUNIVERSALGRADE',
  'CGCSIGNATURESERIES',
  'CGCQUALIFIEDGRADE',
  'CGCRESTOREDGRADE',
  'CGCCONSERVEDGRADE',
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
