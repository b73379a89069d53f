import { describe, expect, it } from 'vitest';
import { textRegions } from './finder-looks.js';
import type { DetectionMap } from './ocr-engine.js';

/** A detection map with solid text blobs (x, y, width, height) on an empty page. */
function mapWith(width: number, height: number, blobs: [number, number, number, number][]): DetectionMap {
  const prob = new Float32Array(width * height);
  for (const [x0, y0, w, h] of blobs) {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) prob[y * width + x] = 0.9;
  }
  return { prob, width, height, scaleX: 1, scaleY: 1 };
}

describe('textRegions', () => {
  it('is empty when the map has no text', () => {
    expect(textRegions(mapWith(200, 100, []))).toEqual([]);
  });

  it('puts the biggest cluster of text first, padded to take in the rest of a label', () => {
    // A small label's header, grade and title (close together) and, far off, one small word.
    const map = mapWith(800, 600, [
      [300, 300, 60, 8],
      [270, 312, 14, 14],
      [305, 314, 40, 6],
      [700, 50, 20, 6],
    ]);
    const [first, second] = textRegions(map);
    expect(first).toBeDefined();
    // The cluster spans x 270-360, y 300-326: the region reaches well beyond it on every side...
    expect(first!.x).toBeLessThan(200);
    expect(first!.x + first!.width).toBeGreaterThan(430);
    expect(first!.y).toBeLessThan(240);
    expect(first!.y + first!.height).toBeGreaterThan(380);
    // ...but stays inside the map, and the lone word is a region of its own.
    expect(first!.x).toBeGreaterThanOrEqual(0);
    expect(second).toBeDefined();
    expect(second!.x + second!.width).toBeLessThanOrEqual(800);
    expect(second!.x).toBeGreaterThan(500);
  });

  it('pads a lone grade by twice as much in the wide look, enough to take in a label of which only the grade showed', () => {
    // 1024 x 768 map: a reach is 0.06 x 1024 = 61 px. A grade blob 20 x 24 px at (500, 400).
    const map = mapWith(1024, 768, [[500, 400, 20, 24]]);
    const [near] = textRegions(map);
    const [wide] = textRegions(map, 4);
    expect(near).toBeDefined();
    expect(wide).toBeDefined();
    // Near: 2 reaches (123 px) each side of the blob's box (grown ~9 px by the detector's unclip);
    // wide: 4 reaches (246 px). Both stay inside the map.
    const reach = 0.06 * 1024;
    expect(500 - near!.x).toBeGreaterThanOrEqual(2 * reach);
    expect(500 - near!.x).toBeLessThan(2 * reach + 15);
    expect(500 - wide!.x).toBeGreaterThanOrEqual(4 * reach);
    expect(500 - wide!.x).toBeLessThan(4 * reach + 15);
    expect(wide!.y + wide!.height).toBeLessThanOrEqual(768);
    expect(wide!.width).toBeGreaterThan(1.8 * near!.width);
  });
});
