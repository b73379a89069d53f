import { describe, expect, it } from 'vitest';
import { rotateSmall, type RgbImage } from './raster.js';
import { estimateSkew, findTextBoxes, rotateMap } from './text-detection.js';

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

describe('rotateMap', () => {
  it('turns a map as rotateSmall turns the image, so tilted lines come out one box each', () => {
    // Three bars tilted 6 degrees overlap in y: as found, their boxes merge into fewer, taller ones.
    const tilted = barsMap(800, 260, 6);
    expect(findTextBoxes(tilted, 800, 260).filter((box) => box.height < 40)).toHaveLength(0);
    const turned = rotateMap(tilted, 800, 260, 1, 1, 800, 260, estimateSkew(tilted, 800, 260));
    const boxes = findTextBoxes(turned, 800, 260);
    expect(boxes).toHaveLength(3);
    for (const box of boxes) expect(box.height).toBeLessThan(50);
    // At scale 1 the map turns exactly as the image would: the same values as rotateSmall gives.
    const image: RgbImage = { width: 800, height: 260, data: new Uint8Array(800 * 260 * 3) };
    tilted.forEach((v, i) => image.data.fill(Math.round(v * 255), i * 3, i * 3 + 3));
    const straight = rotateSmall(image, 6);
    const fromImage = Array.from({ length: 800 * 260 }, (_, i) => (straight.data[i * 3] ?? 0) / 255);
    const fromMap = rotateMap(tilted, 800, 260, 1, 1, 800, 260, 6);
    let worst = 0;
    fromMap.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - (fromImage[i] ?? 0)))));
    expect(worst).toBeLessThan(0.01);
  });

  it('keeps the image geometry when the map is at another scale than the image', () => {
    // A spot right of a 400 x 200 image's centre, turned 20 degrees: the half-size map's turned
    // spot lies where the turned image's spot does, at half the coordinates.
    const image: RgbImage = { width: 400, height: 200, data: new Uint8Array(400 * 200 * 3) };
    const map = new Float32Array(200 * 100);
    for (let y = 90; y < 110; y++)
      for (let x = 280; x < 300; x++) image.data.fill(255, (y * 400 + x) * 3, (y * 400 + x) * 3 + 3);
    for (let y = 45; y < 55; y++) for (let x = 140; x < 150; x++) map[y * 200 + x] = 0.9;
    const straight = rotateSmall(image, 20);
    const imageGrey = Float32Array.from({ length: 400 * 200 }, (_, i) =>
      (straight.data[i * 3] ?? 0) > 127 ? 0.9 : 0,
    );
    const [imageBox] = findTextBoxes(imageGrey, 400, 200);
    const turned = rotateMap(map, 200, 100, 0.5, 0.5, 400, 200, 20);
    const [mapBox] = findTextBoxes(
      turned.map((v) => (v > 0.45 ? 0.9 : 0)),
      200,
      100,
    );
    if (!imageBox || !mapBox) throw new Error('spot not found');
    const centre = (box: { x: number; y: number; width: number; height: number }) => [
      box.x + box.width / 2,
      box.y + box.height / 2,
    ];
    const [ix = 0, iy = 0] = centre(imageBox);
    const [mx = 0, my = 0] = centre(mapBox);
    expect(Math.abs(ix - 2 * mx)).toBeLessThan(3);
    expect(Math.abs(iy - 2 * my)).toBeLessThan(3);
    expect(Math.hypot(ix - 290, iy - 100)).toBeGreaterThan(20);
  });
});
