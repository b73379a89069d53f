import { describe, expect, it } from 'vitest';
import { paintedLabel } from './fixtures/painted-label.js';
import { gradeCrossed, gradeLooksCut, gradeTopHidden, longestBareRun } from './grade-cover.js';
import type { Rect } from './raster.js';

// Measured on dev-013 (label coordinates, 1400 px wide): the title line, and the grade '9.8' as the
// scan reads it and as it reads with a thumb over the grade's top half ('7.0').
const TITLE: Rect = { x: 571, y: 97, width: 305, height: 36 };
const GRADE: Rect = { x: 120, y: 106, width: 179, height: 134 };
const GRADE_UNDER_THUMB: Rect = { x: 127, y: 162, width: 161, height: 73 };

describe('gradeLooksCut', () => {
  it('keeps a grade whose digits start level with the title line and stand about three lines tall', () => {
    expect(gradeLooksCut(GRADE, TITLE)).toBe(false);
    // A phone photo's perspective: a little higher or lower, a little shorter.
    expect(gradeLooksCut({ ...GRADE, y: 80, height: 110 }, TITLE)).toBe(false);
    expect(gradeLooksCut({ ...GRADE, y: 115, height: 80 }, TITLE)).toBe(false);
  });

  it('doubts the lower half of the digits, read under a cover over their top', () => {
    expect(gradeLooksCut(GRADE_UNDER_THUMB, TITLE)).toBe(true);
  });

  it('doubts digits much shorter than the grade prints, their bottom hidden', () => {
    expect(gradeLooksCut({ ...GRADE, height: 45 }, TITLE)).toBe(true);
  });

  it('does not judge against a title line with no height', () => {
    expect(gradeLooksCut(GRADE_UNDER_THUMB, { ...TITLE, height: 0 })).toBe(false);
  });
});

describe('gradeTopHidden', () => {
  it("finds the digits' top hidden when what is left of them starts well below the title line", () => {
    expect(gradeTopHidden(GRADE, TITLE)).toBe(false);
    expect(gradeTopHidden(GRADE_UNDER_THUMB, TITLE)).toBe(true);
  });

  it('does not take a speck low beside the title line for the grade (its bottom hidden is not its top)', () => {
    expect(gradeTopHidden({ ...GRADE_UNDER_THUMB, height: 8 }, TITLE)).toBe(false);
    expect(gradeTopHidden({ ...GRADE, height: 45 }, TITLE)).toBe(false);
  });
});

describe('gradeCrossed', () => {
  // The grade's digits as ink strokes on the white grade box: every row passes between them.
  const DIGITS: Rect = { x: 20, y: 20, width: 180, height: 130 };
  const WHITE = [246, 246, 240];
  const gradeBox = (paintRows: { from: number; to: number; colour: number[] }[] = [], grain = 0) =>
    paintedLabel({
      width: 220,
      height: 170,
      title: DIGITS,
      paper: WHITE,
      paintRows,
      grain,
      strokeEvery: 20,
      strokeWidth: 9,
    });

  it('finds paper in every row of clean digits, phone grain and light included', () => {
    expect(longestBareRun(gradeBox(), DIGITS)).toBe(0);
    expect(gradeCrossed(gradeBox(), DIGITS)).toBe(false);
    expect(gradeCrossed(gradeBox([], 8), DIGITS)).toBe(false);
    // The whole box in shade (uneven light): the paper is measured in the box itself.
    const shaded = [170, 168, 160];
    expect(gradeCrossed(gradeBox([{ from: 0, to: 170, colour: shaded }]), DIGITS)).toBe(false);
  });

  it('finds a dark band across the middle of the digits', () => {
    const crossed = gradeBox([{ from: 75, to: 95, colour: [55, 50, 48] }]);
    expect(longestBareRun(crossed, DIGITS)).toBeCloseTo(20 / 130, 5);
    expect(gradeCrossed(crossed, DIGITS)).toBe(true);
  });

  it('finds a thumb across the digits', () => {
    expect(gradeCrossed(gradeBox([{ from: 70, to: 90, colour: [200, 150, 120] }]), DIGITS)).toBe(true);
  });

  it("takes a thin rule across the box (a label's border line) for print, not a cover", () => {
    expect(gradeCrossed(gradeBox([{ from: 30, to: 35, colour: [40, 60, 140] }]), DIGITS)).toBe(false);
  });

  it("does not take the box's edge reaching past the label (black) or into its border for a band", () => {
    expect(longestBareRun(gradeBox([{ from: 0, to: 45, colour: [0, 0, 0] }]), DIGITS)).toBe(0);
    expect(gradeCrossed(gradeBox([{ from: 125, to: 170, colour: [40, 60, 140] }]), DIGITS)).toBe(false);
  });

  it('cannot tell white glare from the white paper it lies on', () => {
    expect(gradeCrossed(gradeBox([{ from: 75, to: 95, colour: [252, 252, 252] }]), DIGITS)).toBe(false);
  });

  it('does not judge a box outside the image', () => {
    expect(gradeCrossed(gradeBox(), { x: 300, y: 20, width: 40, height: 40 })).toBe(false);
  });
});
