import { describe, expect, it } from 'vitest';
import { gradeLooksCut, gradeTopHidden } from './grade-cover.js';
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
