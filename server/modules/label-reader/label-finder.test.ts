import { describe, expect, it } from 'vitest';
import { applyHomography, homographyFromRect, invertHomography, type Point } from './homography.js';
import { dominantTextAngle, findLabelQuads, flipQuad, padQuad } from './label-finder.js';

const W = 900;
const H = 700;
/** The synthetic label, in its own coordinates: 440 x 120, header stripe on top, lines of text. */
const LABEL = { width: 440, height: 120 };
const TEXT_LINES = [
  { x: 150, y: 5, width: 140, height: 10 }, // header text in the stripe
  { x: 25, y: 30, width: 50, height: 60 }, // the big grade
  { x: 120, y: 30, width: 200, height: 14 }, // title
  { x: 150, y: 50, width: 140, height: 9 }, // publisher
  { x: 160, y: 66, width: 120, height: 8 }, // variant
  { x: 170, y: 82, width: 100, height: 8 }, // cert number
  { x: 340, y: 40, width: 70, height: 7 }, // key comments
  { x: 340, y: 52, width: 60, height: 7 },
];

/** Renders the label through `toPhoto` onto a textured background: grey image and text map. */
function render(corners: Point[]) {
  const toLabel = invertHomography(homographyFromRect(LABEL.width, LABEL.height, corners)!);
  const grey = new Uint8Array(W * H);
  const prob = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = applyHomography(toLabel, x + 0.5, y + 0.5);
      // Table: a gentle texture, darker than the label paper.
      let v = 120 + 15 * Math.sin(x / 7) * Math.cos(y / 11);
      let text = 0;
      if (p.x >= 0 && p.y >= 0 && p.x < LABEL.width && p.y < LABEL.height) {
        v = p.y < 20 ? 50 : 235;
        for (const r of TEXT_LINES) {
          if (p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height) {
            text = 0.9;
            v = p.y < 20 ? 230 : 30;
          }
        }
      }
      grey[y * W + x] = v;
      prob[y * W + x] = text;
    }
  }
  return { grey: { width: W, height: H, data: grey }, prob };
}

/** Largest distance between matching corners. */
function cornerError(a: readonly Point[], b: readonly Point[]): number {
  return Math.max(...a.map((p, i) => Math.hypot(p.x - b[i]!.x, p.y - b[i]!.y)));
}

describe('label finder', () => {
  it('finds a label turned 30 degrees and seen in perspective, corners within a few pixels', () => {
    // A keystoned, turned quadrilateral: what a label tilted away from the camera looks like.
    const corners = [
      { x: 250, y: 200 },
      { x: 640, y: 420 },
      { x: 580, y: 525 },
      { x: 205, y: 300 },
    ];
    const { grey, prob } = render(corners);
    const [best] = findLabelQuads(prob, W, H, grey);
    expect(best).toBeDefined();
    expect(best!.edgesFound).toBe(4);
    expect(cornerError(best!.corners, corners)).toBeLessThan(5);
  });

  it('finds an upside-down label with its corners in reading order', () => {
    const upright = [
      { x: 220, y: 250 },
      { x: 660, y: 240 },
      { x: 665, y: 365 },
      { x: 215, y: 372 },
    ];
    // The same label turned 180 degrees: its top-left corner is now at the bottom right.
    const turned = flipQuad(upright);
    const { grey, prob } = render(turned);
    const [best] = findLabelQuads(prob, W, H, grey);
    expect(best).toBeDefined();
    expect(cornerError(best!.corners, turned)).toBeLessThan(5);
  });

  it('finds no label on a blank photo', () => {
    const grey = { width: W, height: H, data: new Uint8Array(W * H).fill(128) };
    expect(findLabelQuads(new Float32Array(W * H), W, H, grey)).toEqual([]);
  });

  it('measures the direction of text lines over the whole half turn', () => {
    for (const degrees of [-60, -20, 0, 35, 80]) {
      const prob = new Float32Array(400 * 400);
      const r = (degrees * Math.PI) / 180;
      for (let line = -3; line <= 3; line++) {
        for (let t = -120; t <= 120; t++) {
          for (let w = 0; w < 6; w++) {
            const x = Math.round(200 + t * Math.cos(r) - (line * 22 + w) * Math.sin(r));
            const y = Math.round(200 + t * Math.sin(r) + (line * 22 + w) * Math.cos(r));
            if (x >= 0 && y >= 0 && x < 400 && y < 400) prob[y * 400 + x] = 0.9;
          }
        }
      }
      expect(Math.abs(dominantTextAngle(prob, 400, 400)! - degrees)).toBeLessThanOrEqual(1);
    }
  });

  it('measures the direction of a lone grade box in a whole-photo map (no lattice from sampling)', () => {
    // A 768 x 1024 map, the size of a phone photo's whole-photo map, holding only a grade box
    // 40 x 20 turned 20 degrees. Sampling every other pixel of an even width took every other
    // column, and this read as -90 (upright) before.
    const W = 768;
    const H = 1024;
    for (const degrees of [-20, 20]) {
      const prob = new Float32Array(W * H);
      const r = (degrees * Math.PI) / 180;
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const along = (x - 150) * Math.cos(r) + (y - 300) * Math.sin(r);
          const across = -(x - 150) * Math.sin(r) + (y - 300) * Math.cos(r);
          if (Math.abs(along) < 20 && Math.abs(across) < 10) prob[y * W + x] = 0.9;
        }
      }
      expect(Math.abs(dominantTextAngle(prob, W, H)! - degrees)).toBeLessThanOrEqual(1);
    }
  });

  it('pads a quadrilateral along its own edges', () => {
    const square = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 50 },
      { x: 0, y: 50 },
    ];
    const expected = [
      { x: -10, y: -10 },
      { x: 110, y: -10 },
      { x: 110, y: 60 },
      { x: -10, y: 60 },
    ];
    expect(cornerError(padQuad(square, 0.1, 0.2), expected)).toBeLessThan(1e-9);
  });
});
