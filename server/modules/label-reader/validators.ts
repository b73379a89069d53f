// Rules a value read off a label must satisfy before it is trusted. Pure functions, no I/O.
import type { Grader } from '../../../shared/label-reading.js';
import { CERT_NUMBER_PATTERNS } from '../../../shared/cert-lookup.js';

/** The CGC/CBCS/PGX 10-point scale: the only grades a label can show, with their grade words. */
export const GRADE_SCALE: ReadonlyMap<number, string> = new Map([
  [10, 'GEM MINT'],
  [9.9, 'MINT'],
  [9.8, 'NM/M'],
  [9.6, 'NM+'],
  [9.4, 'NM'],
  [9.2, 'NM-'],
  [9, 'VF/NM'],
  [8.5, 'VF+'],
  [8, 'VF'],
  [7.5, 'VF-'],
  [7, 'FN/VF'],
  [6.5, 'FN+'],
  [6, 'FN'],
  [5.5, 'FN-'],
  [5, 'VG/FN'],
  [4.5, 'VG+'],
  [4, 'VG'],
  [3.5, 'VG-'],
  [3, 'GD/VG'],
  [2.5, 'GD+'],
  [2, 'GD'],
  [1.8, 'GD-'],
  [1.5, 'FR/GD'],
  [1, 'FR'],
  [0.5, 'PR'],
]);

/** True when `grade` is a step of the 0.5-10.0 grading scale. */
export function isValidGrade(grade: number): boolean {
  return GRADE_SCALE.has(grade);
}

/**
 * Turns OCR text of the big grade digits into a grade on the scale, or null.
 * Accepts "9.8", "9,8", "98" (the dot is often lost), "10", "10.0".
 */
export function parseGrade(text: string): number | null {
  const match = matchGrade(text);
  return match ? gradeOf(match) : null;
}

/**
 * parseGrade's grade only when the text holds two digits, as labels print the grade ('9.8', '98'
 * with its point lost, '10'): a lone digit ('9', read as 9.0) is as often a cover's print.
 */
export function parsePrintedGrade(text: string): number | null {
  const match = matchGrade(text);
  return match && (match[2] !== undefined || match[1] === '10') ? gradeOf(match) : null;
}

/** The grade's digits in OCR text, look-alike letters read as the digits they stand for. */
function matchGrade(text: string): RegExpExecArray | null {
  const cleaned = text.replace(/[oO]/g, '0').replace(/[lI|]/g, '1').replace(/[,·:]/g, '.').replace(/\s/g, '');
  return /^(10|\d)\.?(\d)?$/.exec(cleaned);
}

function gradeOf(match: RegExpExecArray): number | null {
  const grade = Number(`${match[1]}.${match[2] ?? '0'}`);
  return isValidGrade(grade) ? grade : null;
}

/**
 * Certificate number formats by grader: the same rule as the comic form and the staff's lookup links
 * (shared/cert-lookup.ts): CGC ten digits, CBCS 'NN-XXXXXXX-NNN', PGX six to nine digits.
 */
const CERT_PATTERNS = CERT_NUMBER_PATTERNS;

/** True when `cert` has the certificate format of `grader` (any grader when null). */
export function isValidCertNumber(cert: string, grader: Grader | null): boolean {
  if (grader) return CERT_PATTERNS[grader].test(cert);
  return Object.values(CERT_PATTERNS).some((pattern) => pattern.test(cert));
}

/**
 * A cert line's text with its spaces gone and the letters OCR takes for digits read as those
 * digits ('O' as 0; 'I', 'L' and '|' as 1).
 */
export function certDigitText(text: string): string {
  return text.toUpperCase().replace(/\s/g, '').replace(/O/g, '0').replace(/[IL|]/g, '1');
}

/** Finds a certificate number in OCR text, repairing letter/digit confusions; null when none. */
export function findCertNumber(text: string, grader: Grader | null): string | null {
  const upper = text.toUpperCase().replace(/\s/g, '');
  if (grader === 'CBCS' || grader === null) {
    const cbcs = /(\d{2})[-–—~]([0-9A-Z]{7})[-–—~](\d{3})/.exec(upper);
    if (cbcs) return `${cbcs[1]}-${cbcs[2]}-${cbcs[3]}`;
  }
  const digits = certDigitText(upper);
  const ten = /(?<!\d)\d{10}(?!\d)/.exec(digits);
  if (ten && (grader === null || grader === 'CGC')) return ten[0];
  if (grader === 'PGX') {
    const pgx = /(?<!\d)\d{6,9}(?!\d)/.exec(digits);
    if (pgx) return pgx[0];
  }
  return null;
}

/**
 * Year from a label date line: "11/24" -> 2024, "8/63" -> 1963, "1987" -> 1987, "No Date" -> null.
 * Two-digit years up to next year's are taken as 20xx; the rest as 19xx (labels go back to the 1930s).
 */
export function yearFromLabelDate(labelDate: string, now = new Date()): number | null {
  const four = /(19[3-9]\d|20\d\d)(?!\d)/.exec(labelDate);
  const two = /(?:^|\D)(\d{2})\s*$/.exec(labelDate.trim());
  let year: number | null = null;
  if (four) year = Number(four[1]);
  else if (two) {
    const yy = Number(two[1]);
    const pivot = (now.getUTCFullYear() % 100) + 1;
    year = yy <= pivot ? 2000 + yy : 1900 + yy;
  }
  return year !== null && isPlausibleYear(year, now) ? year : null;
}

/** Comic books with certified grades start in the 1930s and cannot be dated beyond next year. */
export function isPlausibleYear(year: number, now = new Date()): boolean {
  return Number.isInteger(year) && year >= 1930 && year <= now.getUTCFullYear() + 1;
}

/** Key-comment wording that makes a book a key issue (first appearances, origins, deaths, ...). */
const KEY_PATTERN =
  /\b1st\b|1st(?=[a-z])|first\s*(?:full\s*|cameo\s*)?app|origin|death|dies|killed|debut|introduc|becomes|wedding|marriage|last\s*app/i;

/** True when key comments mark the book as a key issue. */
export function isKeyComment(keyComments: string): boolean {
  return KEY_PATTERN.test(keyComments);
}
