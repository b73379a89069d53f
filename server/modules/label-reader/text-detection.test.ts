import { describe, expect, it } from 'vitest';
import { rotateSmall, type RgbImage } from './raster.js';
import { estimateSkew, findTextBoxes } from './text-detection.js';

/** A probability map with text-like bars running at `degrees` (down to the right when positive). */
function barsMap(width: number, height: number, degrees: number): Float32Array {
  const map = new Float32Array(width * height);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (const top of [40, 110, 180]) {
    for (let x = 60; x < width - 60; x++) {
      const y0 = Math.round(top + (x - width / 2) * slope);
      for (let y = y0; y < y0 + 14; y++) if (y >= 0 && y < height) map[y * width + x] = 0.9;
    }
  }
  return map;
}

describe('findTextBoxes', () => {
  it('finds one box per text line and grows it back out of the shrunk kernel', () => {
    const boxes = findTextBoxes(barsMap(600, 240, 0), 600, 240);
    expect(boxes).toHaveLength(3);
    for (const box of boxes) {
      expect(box.width).toBeGreaterThan(480);
      expect(box.height).toBeGreaterThan(14);
    }
  });

  it('ignores faint blobs', () => {
    const map = new Float32Array(100 * 100).fill(0.35);
    expect(findTextBoxes(map, 100, 100)).toHaveLength(0);
  });
});

describe('estimateSkew', () => {
  it('measures the tilt of text lines', () => {
    expect(estimateSkew(barsMap(800, 260, 0), 800, 260)).toBe(0);
    expect(estimateSkew(barsMap(800, 260, 4), 800, 260)).toBeCloseTo(4, 0);
    expect(estimateSkew(barsMap(800, 260, -3), 800, 260)).toBeCloseTo(-3, 0);
  });

  it('gives the angle that rotateSmall straightens', () => {
    // Draw tilted bars into an image, straighten it, and measure again.
    const map = barsMap(800, 260, 5);
    const image: RgbImage = { width: 800, height: 260, data: new Uint8Array(800 * 260 * 3) };
    map.forEach((v, i) => image.data.fill(v > 0.5 ? 255 : 0, i * 3, i * 3 + 3));
    const straight = rotateSmall(image, estimateSkew(map, 800, 260));
    const back = new Float32Array(800 * 260);
    for (let i = 0; i < back.length; i++) back[i] = (straight.data[i * 3] ?? 0) / 255;
    expect(Math.abs(estimateSkew(back, 800, 260))).toBeLessThanOrEqual(0.5);
  });
});
