// A title line's issue number that the greedy reading lost. Half the dev set's books are '#1',
// and a thin '1' after the '#' is the character a small or blurred photo loses first
// ('Spider-Boy #1' read 'Spider-Boy ', 'Spider-Gwen Annual a1', 'NYX1'); '#nn' (no number) is
// lost or misread as much ('Fame: Mike Tyson Pnn'). The recogniser mostly still saw them, as
// a second or third choice at their steps. The line is decoded again three ways, as ending in
// '#' and digits, in '#nn', or in a bare '#' (pattern-decode.ts), and a number is taken only
// when its reading is far likelier than the other kind's and not much less likely than none at
// all. Measured on the dev bench, scans and phone seeds (ADR 0063).
import { NO_ISSUE_NOTE, type ParsedLabel } from './label-parser.js';
import type { OcrEngine } from './ocr-engine.js';
import {
  createMatcher,
  DIGIT,
  otherText,
  type LineMatrix,
  type PatternMatch,
  type Slot,
} from './pattern-decode.js';
import type { RgbImage } from './raster.js';
import { lineMatrixAround } from './small-print.js';
import { isKnownWord } from './word-list.js';

/** The title before the '#': any text, at no cost (the parser has read it already). */
const TITLE: Slot = otherText(1);
const HASH: Slot = { accepts: '#' };
const MORE_DIGIT: Slot = { ...DIGIT, optional: true };
const N: Slot = { accepts: 'nN' };
/** Nothing follows the number on a title line: each stray mark after it costs a good deal. */
const AFTER: Slot = otherText(0.05);

const ENDS_IN_DIGITS: readonly Slot[] = [TITLE, HASH, DIGIT, MORE_DIGIT, MORE_DIGIT, MORE_DIGIT, AFTER];
const ENDS_IN_NN: readonly Slot[] = [TITLE, HASH, N, N, AFTER];
const ENDS_IN_HASH: readonly Slot[] = [TITLE, HASH, AFTER];
/** Whether a slot of ENDS_IN_DIGITS holds the '#' (1) or a digit (2 to 5), not TITLE or AFTER. */
const inNumber = (slot: number): boolean => slot >= 1 && slot < ENDS_IN_DIGITS.length - 1;

/**
 * Log-probability by which a number's reading must beat the other kind's ('#1' against '#nn'):
 * on the dev bench a number read right beat it by 9 to 19, and wrong ones came within 3 or lost.
 */
const KIND_MARGIN = 5;
/**
 * How much less likely than a bare '#' a number's reading may be: a number wholly lost reads
 * likelier as nothing (by 2.2 to 10 on the dev bench, '#1' for '#4' and for '#655' among them), a
 * faint one read right within 1.3.
 */
const BELOW_NOTHING = 2;
/** Least probability of any character of '#' and its digits: a digit nearly unseen is a guess. */
const LEAST_DIGIT_PROBABILITY = 0.04;
/** Most confidence a number read this way keeps: under the check bar, so the seller checks it. */
export const LOST_ISSUE_CONFIDENCE = 0.5;

export const LOST_ISSUE_NOTE = 'The issue number was faint: please check it.';

/** The issue number a title line's recogniser output holds after its '#', and the title before it. */
export interface IssueAfterHash {
  issueNumber: string;
  /** The line's text before the '#' as decoded under the pattern. */
  titleText: string;
}

/** Reads `matrix` as a title line ending in '#' and an issue number; null when it is not sure. */
export function readIssueAfterHash(matrix: LineMatrix): IssueAfterHash | null {
  const match = createMatcher(matrix);
  const digits = match(ENDS_IN_DIGITS);
  const nn = match(ENDS_IN_NN);
  const hashOnly = match(ENDS_IN_HASH);
  if (!hashOnly) return null;
  const digitsLog = digits?.logProb ?? Number.NEGATIVE_INFINITY;
  const nnLog = nn?.logProb ?? Number.NEGATIVE_INFINITY;
  if (
    digits &&
    digitsLog - nnLog >= KIND_MARGIN &&
    digitsLog - hashOnly.logProb >= -BELOW_NOTHING &&
    leastNumberProbability(digits) >= LEAST_DIGIT_PROBABILITY
  ) {
    return { issueNumber: numberOf(digits), titleText: titleOf(digits) };
  }
  if (nn && nnLog - digitsLog >= KIND_MARGIN && nnLog - hashOnly.logProb >= -BELOW_NOTHING) {
    return { issueNumber: 'nn', titleText: titleOf(nn) };
  }
  return null;
}

/** The digits of an ENDS_IN_DIGITS match. */
function numberOf(match: PatternMatch): string {
  return [...match.text]
    .filter((_, i) => (match.slots[i] ?? 0) > 1 && inNumber(match.slots[i] ?? 0))
    .join('');
}

function titleOf(match: PatternMatch): string {
  return [...match.text].filter((_, i) => match.slots[i] === 0).join('');
}

/** The least probability among the '#' and the digits. */
function leastNumberProbability(match: PatternMatch): number {
  let least = 1;
  match.slots.forEach((slot, i) => {
    if (inNumber(slot)) least = Math.min(least, match.charProb[i] ?? 0);
  });
  return least;
}

/** Letters and digits only, lower case: how titles are compared whatever their spacing. */
const key = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Two titles' keys of one length that differ in at most one character in five (at least one). */
function nearlySame(a: string, b: string): boolean {
  let differ = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++;
  return differ <= Math.max(1, Math.floor(a.length / 5));
}

/**
 * `title` without what is left of the misread '#' and number at its end ('Spider-Gwen Annual a1'
 * when the line decodes as 'Spider-Gwen Annual #1', 'Fame: Mike Tyson Pnn' as '... #nn'): the
 * letters and digits `title` has beyond the decoded title, no more than the number and its '#',
 * when they end in the number, or when cutting them leaves a dictionary word where there was none
 * ('Avengers: Twilightm', its '#1' read as one 'm'). The line was recognised again in a wider box,
 * so the two titles may differ in a letter ('Wohverine r1' against 'Wolverine #1', dev-046's phone
 * variant, seed 4). Else `title` as it is: where the decoding put its '#' over a title's last
 * letter ('Spider-Boy' as 'Spider-Bo#1'), the letter stays.
 */
export function titleWithoutNumber(title: string, titleText: string, issueNumber: string): string {
  const whole = key(title);
  const before = key(titleText);
  const extra = whole.length - before.length;
  if (before === '' || extra < 1 || extra > issueNumber.length + 1) return title;
  if (!nearlySame(whole.slice(0, before.length), before)) return title;
  let cut = title.length;
  for (let dropped = 0; dropped < extra; cut--) if (/[A-Za-z0-9]/.test(title[cut - 1] ?? '')) dropped++;
  const trimmed = title.slice(0, cut).replace(/[\s#]+$/, '');
  const lastWord = (text: string) => /[A-Za-z]+$/.exec(text)?.[0] ?? '';
  const endsInNumber = whole.endsWith(key(issueNumber));
  const leavesAWord = isKnownWord(lastWord(trimmed)) && !isKnownWord(lastWord(title));
  return endsInNumber || leavesAWord ? trimmed : title;
}

/**
 * The parsed label with an issue number read from its title line when the parser found none
 * (`ParsedLabel.issueLost`); as it is when the line does not clearly hold one.
 */
export async function readLostIssueNumber(
  engine: OcrEngine,
  label: RgbImage,
  parsed: ParsedLabel,
): Promise<ParsedLabel> {
  if (!parsed.issueLost || !parsed.titleBox) return parsed;
  const matrix = await lineMatrixAround(engine, label, parsed.titleBox);
  const found = matrix ? readIssueAfterHash(matrix) : null;
  if (!found) return parsed;
  const title = titleWithoutNumber(parsed.title, found.titleText, found.issueNumber);
  return {
    ...parsed,
    title,
    issueNumber: found.issueNumber,
    issueLost: false,
    fieldConfidence: {
      ...parsed.fieldConfidence,
      issueNumber: Math.min(LOST_ISSUE_CONFIDENCE, parsed.fieldConfidence.title),
    },
    notes: [...parsed.notes.filter((note) => note !== NO_ISSUE_NOTE), LOST_ISSUE_NOTE],
  };
}
