import { describe, expect, it } from 'vitest';
import { CUT_GRADE_NOTE } from './grade-cover.js';
import { doubtCoveredFields } from './label-covers.js';
import { paintedLabel } from './fixtures/painted-label.js';
import { parseLabel, type ParsedLabel } from './label-parser.js';
import type { Rect, RgbImage } from './raster.js';
import { HIDDEN_END_NOTE, HIDDEN_START_NOTE } from './title-end.js';

// A CGC-like label 1400 x 460: the grade at the left, the title line, publisher line and cert
// centred on x 700 (label-image coordinates, as the parser gives them).
const TITLE: Rect = { x: 500, y: 100, width: 400, height: 40 };
const PUBLISHER: Rect = { x: 590, y: 145, width: 220, height: 28 };
const CERT: Rect = { x: 635, y: 235, width: 130, height: 28 };
const GRADE: Rect = { x: 120, y: 108, width: 180, height: 130 };
const PAPER = [180, 205, 245];
const SKIN = [200, 150, 120];

/**
 * The label's paper, the title's letters in ink, and skin (a thumb) over the columns left of x
 * `coverTo` and from x `coverFrom` on.
 */
function label(
  coverTo = 0,
  coverFrom = Infinity,
  paintRows: { from: number; to: number; colour: number[] }[] = [],
): RgbImage {
  const paint = [
    { from: 0, to: coverTo, colour: SKIN },
    { from: coverFrom, to: Infinity, colour: SKIN },
  ];
  return paintedLabel({
    width: 1400,
    height: 460,
    title: TITLE,
    paper: PAPER,
    paint,
    paintRows,
    strokeEvery: 20,
    strokeWidth: 6,
  });
}

/** A parse of that label, read sure of every field. */
function parsed(overrides: Partial<ParsedLabel> = {}): ParsedLabel {
  const empty = parseLabel([], 1400);
  const sure = Object.fromEntries(Object.keys(empty.fieldConfidence).map((field) => [field, 0.95]));
  return {
    ...empty,
    title: 'Amazing Spider-Man',
    issueNumber: '19',
    cgcGrade: 9.8,
    grader: 'CGC',
    titleBox: TITLE,
    publisherBox: PUBLISHER,
    certBox: CERT,
    gradeBox: GRADE,
    fieldConfidence: sure as ParsedLabel['fieldConfidence'],
    notes: [],
    ...overrides,
  };
}

describe('doubtCoveredFields', () => {
  it('leaves a clean label as read', () => {
    const reading = parsed();
    expect(doubtCoveredFields(label(), reading)).toEqual({
      fieldConfidence: reading.fieldConfidence,
      notes: [],
    });
  });

  it("doubts the title, not the issue number, when a thumb covers the line's start", () => {
    // The right margin is unlike the (covered) left one too: ADR 0053's rule would doubt the end.
    const { fieldConfidence, notes } = doubtCoveredFields(label(496), parsed());
    expect(notes).toEqual([HIDDEN_START_NOTE]);
    expect(fieldConfidence.title).toBeLessThan(0.8);
    expect(fieldConfidence.issueNumber).toBe(0.95);
  });

  it("doubts the issue number when a thumb covers the line's end (ADR 0053)", () => {
    const { fieldConfidence, notes } = doubtCoveredFields(label(0, 904), parsed());
    expect(notes).toEqual([HIDDEN_END_NOTE]);
    expect(fieldConfidence.issueNumber).toBeLessThan(0.8);
    expect(fieldConfidence.title).toBe(0.95);
  });

  it('doubts a title that stands right of the centre column, its margin clean', () => {
    const shifted = { ...TITLE, x: 580, width: 320 };
    const { fieldConfidence, notes } = doubtCoveredFields(label(), parsed({ titleBox: shifted }));
    expect(notes).toEqual([HIDDEN_START_NOTE]);
    expect(fieldConfidence.title).toBeLessThan(0.8);
  });

  it("doubts a title starting at the image's left edge: the finder's outline may stop at a cover", () => {
    const atEdge = { ...TITLE, x: 10 };
    expect(doubtCoveredFields(label(), parsed({ titleBox: atEdge })).notes).toEqual([HIDDEN_START_NOTE]);
    expect(doubtCoveredFields(label(), parsed({ titleBox: atEdge, grader: 'PGX' })).notes).toEqual([]);
  });

  it("doubts a grade whose digits' top is gone, and its words with it", () => {
    const cut = { ...GRADE, y: 170, height: 70 };
    const { fieldConfidence, notes } = doubtCoveredFields(label(), parsed({ gradeBox: cut }));
    // The cover over the grade's top lies level with the title line's start: that is doubted too.
    expect(notes).toEqual([HIDDEN_START_NOTE, CUT_GRADE_NOTE]);
    expect(fieldConfidence.cgcGrade).toBeLessThan(0.8);
    expect(fieldConfidence.gradeWords).toBeLessThan(0.8);
    expect(fieldConfidence.title).toBeLessThan(0.8);
  });

  it("doubts the grade alone when its digits' bottom is hidden, below the title line", () => {
    const { fieldConfidence, notes } = doubtCoveredFields(
      label(),
      parsed({ gradeBox: { ...GRADE, height: 45 } }),
    );
    expect(notes).toEqual([CUT_GRADE_NOTE]);
    expect(fieldConfidence.title).toBe(0.95);
  });

  it('doubts the grade alone when a band crosses the middle of its digits (ADR 0055)', () => {
    const band = [{ from: 165, to: 185, colour: [55, 50, 48] }];
    const { fieldConfidence, notes } = doubtCoveredFields(label(0, Infinity, band), parsed());
    expect(notes).toEqual([CUT_GRADE_NOTE]);
    expect(fieldConfidence.cgcGrade).toBeLessThan(0.8);
    expect(fieldConfidence.gradeWords).toBeLessThan(0.8);
    expect(fieldConfidence.title).toBe(0.95);
    // Another grader's grade box is not judged: its layout was not measured.
    expect(doubtCoveredFields(label(0, Infinity, band), parsed({ grader: 'CBCS' })).notes).toEqual([]);
  });

  it("judges another grader's layout by the margins' colour only", () => {
    const cbcs = parsed({
      grader: 'CBCS',
      titleBox: { ...TITLE, x: 580, width: 320 },
      gradeBox: { ...GRADE, y: 170 },
    });
    expect(doubtCoveredFields(label(), cbcs).notes).toEqual([]);
    // A thumb over its title's start (just left of the line, which starts at x 580).
    expect(doubtCoveredFields(label(560), cbcs).notes).toEqual([HIDDEN_START_NOTE]);
  });

  it('adds no note for a field already under the cap, or not read', () => {
    const unsure = parsed();
    unsure.fieldConfidence.title = 0.5;
    expect(doubtCoveredFields(label(496), unsure).notes).toEqual([]);
    expect(doubtCoveredFields(label(496), parsed({ title: '' })).notes).toEqual([]);
    // No title line: nothing to measure against.
    expect(doubtCoveredFields(label(496), parsed({ titleBox: null })).notes).toEqual([]);
  });
});
