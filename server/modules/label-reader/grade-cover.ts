// The grade's digits partly covered on the slab: a thumb holding it by its top corner, glare on the
// plastic, a sticker. The recogniser reads what is left of '9.8' as another grade and is as sure as
// ever: '7' or '7.0' at 0.97 raw for '9.8'. With a shape over the label's left end, 11 (thumb) and
// 54 (glare) of the 112 dev scans' grades were wrong at 0.8 or more (bench:covered --at start;
// ADR 0054). The grade is the field the dealer's offer rests on.
//
// Labels print the grade's digits large beside the title line: their box starts level with the
// title line's top and is about three title-line heights tall. What the recogniser finds under a
// cover over their top starts well below the title line's top and is shorter.
import type { Rect } from './raster.js';

/**
 * A grade box whose top lies this many title-line heights below the title line's top: its digits'
 * top is hidden. Uncovered: -0.46 to 0.52 (the scans, phone seeds 1 and 2); under a shape over the
 * grade's top half: 1.35-2.2.
 */
const CUT_GRADE_TOP = 0.9;

/**
 * A grade box under this many title-line heights tall: part of its digits is hidden (above or below).
 * Uncovered: 2.05-4.43 (the scans, phone seeds 1 and 2).
 */
const CUT_GRADE_HEIGHT = 1.5;

/**
 * A box this many title-line heights tall is what is left of the grade's digits, not a speck read
 * as a digit: the covered grades' boxes measured 1.2-2.4.
 */
const GRADE_PART_HEIGHT = 1.0;

/** Whether the grade's box starts more than CUT_GRADE_TOP title-line heights below the title line's top. */
function startsBelowTitle(grade: Rect, title: Rect): boolean {
  return (grade.y - title.y) / title.height > CUT_GRADE_TOP;
}

/** Whether the grade read from `grade` looks cut by a cover, measured against the title line `title`. */
export function gradeLooksCut(grade: Rect, title: Rect): boolean {
  if (title.height <= 0) return false;
  return startsBelowTitle(grade, title) || grade.height < CUT_GRADE_HEIGHT * title.height;
}

/**
 * Whether the grade's top looks hidden: what is left of its digits starts well below the title
 * line's top. The cover then lies level with the title line, just left of its start, and
 * label-covers.ts doubts the title's start too: on phone seed 3, glare over the title's first
 * letter and the grade's top left 13 titles wrong at 0.8 or more that the margins did not catch
 * (the phone bench's light dims its glare below near-white).
 */
export function gradeTopHidden(grade: Rect, title: Rect): boolean {
  if (title.height <= 0) return false;
  return startsBelowTitle(grade, title) && grade.height >= GRADE_PART_HEIGHT * title.height;
}

/**
 * The highest confidence of a grade whose digits look cut: under the check bar once calibrated
 * (grades raw 0.5-0.96 are calibrated to 0.26, as a grade read without its point is), so the seller
 * is asked to check it.
 */
export const CUT_GRADE_CONFIDENCE = 0.6;

export const CUT_GRADE_NOTE =
  'The grade may be partly covered (a finger, glare or a sticker): please check the grade.';
