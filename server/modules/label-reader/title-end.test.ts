import { describe, expect, it } from 'vitest';
import { paintedLabel } from './fixtures/painted-label.js';
import type { Rect, RgbImage } from './raster.js';
import {
  lineStartsAtImageEdge,
  marginHidesLineEnd,
  marginHidesLineStart,
  titleRightOfCentre,
} from './title-end.js';

const PAPER = [180, 205, 245];

/**
 * A label 400 x 100 of plain blue paper, with `paint` coloured over the columns it names and the
 * title's letters (TITLE) printed in ink: strokes 4 px wide every 10 px.
 */
function label(
  paint: { from: number; to: number; colour: number[] }[] = [],
  grain = 0,
  paper = PAPER,
): RgbImage {
  return paintedLabel({
    width: 400,
    height: 100,
    title: TITLE,
    paper,
    paint,
    grain,
    strokeEvery: 10,
    strokeWidth: 4,
  });
}

/** The title line: 20 px tall, from x 100 to 300, so its margins span 91-103 px on each side. */
const TITLE: Rect = { x: 100, y: 40, width: 200, height: 20 };
const RIGHT_OF_TITLE = { from: 300, to: 400 };
const LEFT_OF_TITLE = { from: 0, to: 100 };

const SKIN = [200, 150, 120];
const GLARE = [250, 250, 250];
const DARK = [55, 50, 48];

describe('marginHidesLineEnd', () => {
  it('finds plain paper on both sides of a clean title line', () => {
    expect(marginHidesLineEnd(label(), TITLE)).toBe(false);
    // A phone photo's uneven light: the right margin darker, the same colour.
    expect(marginHidesLineEnd(label([{ ...RIGHT_OF_TITLE, colour: [150, 171, 204] }]), TITLE)).toBe(false);
  });

  it('doubts a margin covered by a thumb, glare or a dark shape', () => {
    for (const colour of [SKIN, GLARE, DARK]) {
      expect(marginHidesLineEnd(label([{ ...RIGHT_OF_TITLE, colour }]), TITLE)).toBe(true);
    }
  });

  it('does not judge when the left margin is no plain paper, or a margin lies beyond the label', () => {
    // A long title whose left margin reaches the grade box: grainy, no paper to compare with.
    expect(marginHidesLineEnd(label([{ ...RIGHT_OF_TITLE, colour: [250, 250, 250] }], 12), TITLE)).toBe(
      false,
    );
    // The line's end at the crop's edge (label-parser's reachesRightEdge rule covers that case).
    expect(marginHidesLineEnd(label(), { ...TITLE, x: 190 })).toBe(false);
    expect(marginHidesLineEnd(label(), { ...TITLE, x: 5 })).toBe(false);
  });
});

describe('marginHidesLineStart', () => {
  it('finds paper left of a clean title line, as between its letters', () => {
    expect(marginHidesLineStart(label(), TITLE)).toBe(false);
    // The label's right end covered: the start is not (marginHidesLineEnd judges the end).
    expect(marginHidesLineStart(label([{ ...RIGHT_OF_TITLE, colour: SKIN }]), TITLE)).toBe(false);
    // A near-white label: its margin is as bright as its paper, no glare.
    const white = [245, 246, 248];
    expect(marginHidesLineStart(label([], 0, white), TITLE)).toBe(false);
  });

  it('doubts a left margin covered by a thumb, glare or a dark shape', () => {
    for (const colour of [SKIN, GLARE, DARK]) {
      expect(marginHidesLineStart(label([{ ...LEFT_OF_TITLE, colour }]), TITLE)).toBe(true);
    }
  });

  it("tells glare over a pale label's margin by its near-white", () => {
    // Glare is much the colour of a pale label (its colour differs by 0.02): brighter, every channel
    // near white.
    const pale = [200, 210, 225];
    expect(marginHidesLineStart(label([], 0, pale), TITLE)).toBe(false);
    expect(marginHidesLineStart(label([{ ...LEFT_OF_TITLE, colour: GLARE }], 0, pale), TITLE)).toBe(true);
  });

  it('does not judge a margin beyond the label', () => {
    expect(marginHidesLineStart(label([{ from: 0, to: 5, colour: SKIN }]), { ...TITLE, x: 5 })).toBe(false);
  });
});

describe('titleRightOfCentre', () => {
  // A centred label: the title line over the publisher line and the cert, all centred on x 200.
  const publisher: Rect = { x: 140, y: 62, width: 120, height: 14 };
  const cert: Rect = { x: 165, y: 80, width: 70, height: 14 };

  it('finds a centred title line centred', () => {
    expect(titleRightOfCentre(TITLE, publisher, cert)).toBe(false);
    // Its issue number's end hidden: the centre moves left, not right.
    expect(titleRightOfCentre({ ...TITLE, width: 180 }, publisher, cert)).toBe(false);
  });

  it("doubts a title line whose first word is gone: its centre stands right of the column's", () => {
    // 'Amazing ' hidden: the line starts 40 px (two line heights) later; its centre moves one.
    expect(titleRightOfCentre({ ...TITLE, x: 140, width: 160 }, publisher, cert)).toBe(true);
  });

  it('needs both the publisher line and the cert to stand left of it', () => {
    // A cert read off its place (a phone photo's small print): the publisher line says centred.
    const startGone = { ...TITLE, x: 140, width: 160 };
    expect(titleRightOfCentre(startGone, { ...publisher, x: 180 }, cert)).toBe(false);
  });

  it('does not judge lines set flush left', () => {
    const flushLeft = { ...TITLE, x: 100, width: 200 };
    expect(titleRightOfCentre(flushLeft, { ...publisher, x: 102 }, { ...cert, x: 98 })).toBe(false);
  });
});

describe('lineStartsAtImageEdge', () => {
  it('finds a title line starting a line height or more into the label image whole', () => {
    expect(lineStartsAtImageEdge(TITLE)).toBe(false);
    expect(lineStartsAtImageEdge({ ...TITLE, x: 20 })).toBe(false);
  });

  it("doubts a title line starting at the image's left edge, where the grade should stand", () => {
    expect(lineStartsAtImageEdge({ ...TITLE, x: 9 })).toBe(true);
    expect(lineStartsAtImageEdge({ ...TITLE, x: 0 })).toBe(true);
  });
});
