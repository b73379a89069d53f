// The grade's digits partly covered on the slab: a thumb holding it by its top corner, glare on the
// plastic, a sticker. The recogniser reads what is left of '9.8' as another grade and is as sure as
// ever: '7' or '7.0' at 0.97 raw for '9.8'. With a shape over the label's left end, 11 (thumb) and
// 54 (glare) of the 112 dev scans' grades were wrong at 0.8 or more (bench:covered --at start;
// ADR 0054). The grade is the field the dealer's offer rests on.
//
// Labels print the grade's digits large beside the title line: their box starts level with the
// title line's top and is about three title-line heights tall. What the recogniser finds under a
// cover over their top starts well below the title line's top and is shorter.
//
// A band across the digits' middle (a dark sticker, a finger's shadow) leaves the box's place and
// height as they were, and the '8' with its waist hidden reads as '0': '9.0' at 0.98 raw for '9.8'
// (wrong at 0.8 or more on 5 of 112 dev scans, 5 phone variants on seed 4 and 4 on seed 5 under a
// dark band a fifth of the digits' height; bench:covered --at grade; ADR 0055). It is told by rows
// of the box with no paper in them: clean digits always leave some between and beside them.
import { brightestQuarterColour } from './paper-colour.js';
import { edgesOf, pixelEdges, type Rect, type RgbImage } from './raster.js';

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
 * A pixel is paper when it is at least this bright against the paper between the grade's digits,
 * and its colour within PAPER_COLOUR_CHANGE of it.
 */
const PAPER_BRIGHTNESS = 0.75;
const PAPER_COLOUR_CHANGE = 0.05;

/** A row of the grade's box with under this share of paper holds no gap between the digits. */
const BARE_ROW_PAPER = 0.05;

/**
 * The share of the grade's box height in the longest run of rows with under BARE_ROW_PAPER of
 * paper in them, with rows holding paper above and below it. Every row through the digits '9.8'
 * passes between them and beside them, so on a clean label it holds paper; a run at the box's top
 * or bottom is its edge on the label's border or past the label (phone seed 2, dev-077: 0.033).
 */
export function longestBareRun(label: RgbImage, grade: Rect): number {
  // The paper colour is measured over the same pixels: it is found whenever they are.
  const pixels = pixelEdges(label, edgesOf(grade));
  const paper = brightestQuarterColour(label, grade);
  if (!pixels || !paper) return 0;
  const { left: x0, right: x1, top: y0, bottom: y1 } = pixels;
  const paperSum = Math.max(paper[0]! + paper[1]! + paper[2]!, 1);
  const shares = paper.map((value) => value / paperSum);
  // compareColours per pixel, written out: a box holds some 25,000 pixels a reading.
  const isPaper = (red: number, green: number, blue: number): boolean => {
    const sum = red + green + blue;
    if (sum < PAPER_BRIGHTNESS * paperSum) return false;
    return (
      Math.abs(red / sum - shares[0]!) < PAPER_COLOUR_CHANGE &&
      Math.abs(green / sum - shares[1]!) < PAPER_COLOUR_CHANGE &&
      Math.abs(blue / sum - shares[2]!) < PAPER_COLOUR_CHANGE
    );
  };
  let longest = 0;
  // The bare rows since the last row with paper; none before the first (the box's edge may reach
  // past the label, or into its border: that is no band across the digits).
  let run: number | null = null;
  for (let y = y0; y < y1; y++) {
    let paperPixels = 0;
    for (let x = x0; x < x1; x++) {
      const at = (y * label.width + x) * 3;
      if (isPaper(label.data[at] ?? 0, label.data[at + 1] ?? 0, label.data[at + 2] ?? 0)) paperPixels++;
    }
    if (paperPixels >= BARE_ROW_PAPER * (x1 - x0)) {
      longest = Math.max(longest, run ?? 0);
      run = 0;
    } else if (run !== null) run++;
  }
  return longest / (y1 - y0);
}

/**
 * The grade's box crossed by a band this share of its height or more. Clean grade boxes measured
 * 0 (the scans, phone seeds 1, 2 and 5; 0.033 at most with the runs at the box's edges counted);
 * under a dark band a fifth of the digits' height, 0.125-0.4 on the scans' boxes holding digits.
 */
const CROSSED_RUN = 0.08;

/** Whether a band with no paper in it crosses the grade's box `grade` on `label`. */
export function gradeCrossed(label: RgbImage, grade: Rect): boolean {
  return longestBareRun(label, grade) >= CROSSED_RUN;
}

/**
 * The highest confidence of a grade whose digits look cut: under the check bar once calibrated
 * (grades raw 0.5-0.96 are calibrated to 0.26, as a grade read without its point is), so the seller
 * is asked to check it.
 */
export const CUT_GRADE_CONFIDENCE = 0.6;

export const CUT_GRADE_NOTE =
  'The grade may be partly covered (a finger, glare or a sticker): please check the grade.';
