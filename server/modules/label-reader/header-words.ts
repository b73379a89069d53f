// Whether a line read on a label is its header ("CGC UNIVERSAL GRADE", "CGC SIGNATURE SERIES",
// "CBCS VERIFIED SIGNATURE", ...). The header names the label and sets its layout: the parser places
// every other line from it, and a label found with no header is read only when its grade and title
// are. On phone photos held at an angle, one letter of a header word is often misread ('CGC
// UNIVENSAL GRAO', 'AL GRAOE'), and such a label was not found at all (ADR 0031).
import { editDistance, substringDistance } from './edit-distance.js';

/** Header words as printed, in part where OCR often splits them ('AUTHENTI', 'HENTIC'). */
const HEADER_WORDS = /UNIVERSAL|GRADE|SIGNATURE|QUALIFIED|RESTORED|CONSERVED|AUTHENTI|HENTIC|THENT/;
/** Header words long enough that one letter misread still names them and no cover word. */
const LONG_HEADER_WORDS = ['UNIVERSAL', 'SIGNATURE', 'QUALIFIED', 'CONSERVED', 'AUTHENTIC'];

/** Upper-case letters of `text`, nothing else: the header's letters are widely spaced and often split. */
function headerLetters(text: string): string {
  return text.toUpperCase().replace(/[^A-Z]/g, '');
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

/** The headers CGC prints, letters only. */
const WHOLE_HEADERS = [
  'CGCUNIVERSALGRADE',
  'CGCSIGNATURESERIES',
  'CGCQUALIFIEDGRADE',
  'CGCRESTOREDGRADE',
  'CGCCONSERVEDGRADE',
];
/** Fewest letters of a header read in part that say which header and how much is missing. */
const MIN_PART_LETTERS = 8;

/**
 * The whole header's span along x when only part of it was read: 'CGC UNIVERSAL' of "CGC
 * UNIVERSAL GRADE", the rest cut off by the edge of the label's image (dev-045, seed 4) or lost to
 * glare. The read letters are the start or the end of a header CGC prints (one letter may be
 * misread), and the box is widened by the share of letters missing, on their side: the header's
 * letters are evenly spaced. The box as read when its text is a whole header, or no part of one.
 */
export function wholeHeaderSpan(
  text: string,
  box: { x: number; width: number },
): { x: number; width: number } {
  const read = headerLetters(text);
  if (read.length < MIN_PART_LETTERS) return box;
  for (const whole of WHOLE_HEADERS) {
    if (read.length >= whole.length) continue;
    const width = (box.width * whole.length) / read.length;
    if (editDistance(read, whole.slice(0, read.length)) <= 1) return { x: box.x, width };
    if (editDistance(read, whole.slice(-read.length)) <= 1) return { x: box.x + box.width - width, width };
  }
  return box;
}
