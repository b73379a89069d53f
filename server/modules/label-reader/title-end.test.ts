import { describe, expect, it } from 'vitest';
import type { Rect, RgbImage } from './raster.js';
import { marginHidesLineEnd } from './title-end.js';

const PAPER = [180, 205, 245];

/** A label 400 x 100 of plain blue paper, with `paint` coloured over the columns it names. */
function label(paint: { from: number; to: number; colour: number[] }[] = [], grain = 0): RgbImage {
  const width = 400;
  const height = 100;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const painted = paint.find(({ from, to }) => x >= from && x < to);
      // A chequer of +-grain: print or texture in the paper.
      const noise = (x + y) % 2 === 0 ? grain : -grain;
      (painted?.colour ?? PAPER).forEach((value, channel) => {
        data[(y * width + x) * 3 + channel] = Math.max(0, Math.min(255, value + noise));
      });
    }
  }
  return { width, height, data };
}

/** The title line: 20 px tall, from x 100 to 300, so its margins span 91-103 px on each side. */
const TITLE: Rect = { x: 100, y: 40, width: 200, height: 20 };
const RIGHT_OF_TITLE = { from: 300, to: 400 };

describe('marginHidesLineEnd', () => {
  it('finds plain paper on both sides of a clean title line', () => {
    expect(marginHidesLineEnd(label(), TITLE)).toBe(false);
    // A phone photo's uneven light: the right margin darker, the same colour.
    expect(marginHidesLineEnd(label([{ ...RIGHT_OF_TITLE, colour: [150, 171, 204] }]), TITLE)).toBe(false);
  });

  it('doubts a margin covered by a thumb, glare or a dark shape', () => {
    for (const colour of [
      [200, 150, 120], // skin
      [250, 250, 250], // glare
      [55, 50, 48], // a dark finger or sticker
    ]) {
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
