import type { Rect } from './raster.js';

const BINARY_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.55;
const UNCLIP_RATIO = 1.6;
const MIN_SIDE = 3;

/**
 * DB post-processing for PP-OCR detection: threshold the probability map, take connected
 * components and grow each one's bounding box back out (the model predicts shrunk text kernels).
 * Axis-aligned boxes are enough because the label is deskewed/rotated before OCR.
 */
export function findTextBoxes(prob: Float32Array, width: number, height: number): Rect[] {
  const total = width * height;
  // A pixel is pushed once, when first seen as text. One byte a pixel for "seen", and each
  // neighbour's test written out: with a helper function for the test this ran 1.3x slower, and
  // 1.8x with that helper labelling an Int32Array per pixel as before (ADR 0059).
  const seen = new Uint8Array(total);
  const stack = new Int32Array(total);
  const boxes: Rect[] = [];
  for (let start = 0; start < total; start++) {
    if (seen[start] !== 0 || !(prob[start]! > BINARY_THRESHOLD)) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let minX = width;
    let minY = height;
    let maxX = 0;
    let maxY = 0;
    let sum = 0;
    let count = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      sum += prob[p]!;
      count++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      // 4-connectivity keeps neighbouring lines apart (left, right, up, down).
      let q = p - 1;
      if (x > 0 && seen[q] === 0 && prob[q]! > BINARY_THRESHOLD) {
        seen[q] = 1;
        stack[top++] = q;
      }
      q = p + 1;
      if (x < width - 1 && seen[q] === 0 && prob[q]! > BINARY_THRESHOLD) {
        seen[q] = 1;
        stack[top++] = q;
      }
      q = p - width;
      if (y > 0 && seen[q] === 0 && prob[q]! > BINARY_THRESHOLD) {
        seen[q] = 1;
        stack[top++] = q;
      }
      q = p + width;
      if (y < height - 1 && seen[q] === 0 && prob[q]! > BINARY_THRESHOLD) {
        seen[q] = 1;
        stack[top++] = q;
      }
    }
    const w = maxX - minX + 1;
    const h = maxY - minY + 1;
    if (Math.min(w, h) < MIN_SIDE || sum / count < BOX_THRESHOLD) continue;
    const grow = (w * h * UNCLIP_RATIO) / (2 * (w + h));
    const x0 = Math.max(0, minX - grow);
    const y0 = Math.max(0, minY - grow);
    const x1 = Math.min(width, maxX + 1 + grow);
    const y1 = Math.min(height, maxY + 1 + grow);
    boxes.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  }
  return boxes;
}

/**
 * Estimates how many degrees the text in a detection probability map is tilted (positive:
 * clockwise), by finding the angle at which the text pixels' rows line up best (projection
 * profile). Searches -10..10 degrees; cheap because only text pixels are visited.
 */
export function estimateSkew(prob: Float32Array, width: number, height: number): number {
  // Sample at most ~40k text pixels. Counted first, then kept in typed arrays: the angle search
  // runs 41 times over them (number arrays made it 1.8x slower).
  const total = width * height;
  const step = Math.max(1, Math.floor(total / 400_000));
  let count = 0;
  for (let p = 0; p < total; p += step) if (prob[p]! > BINARY_THRESHOLD) count++;
  if (count < 200) return 0;
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  for (let p = 0, i = 0; p < total; p += step) {
    if (prob[p]! > BINARY_THRESHOLD) {
      xs[i] = p % width;
      ys[i++] = Math.floor(p / width);
    }
  }
  const bins = new Float64Array(height * 2 + width);
  let bestAngle = 0;
  let bestScore = -1;
  for (let tenth = -100; tenth <= 100; tenth += 5) {
    const radians = (tenth / 10) * (Math.PI / 180);
    const sin = Math.sin(radians);
    const cos = Math.cos(radians);
    bins.fill(0);
    for (let i = 0; i < count; i++) {
      const row = Math.round(ys[i]! * cos - xs[i]! * sin + width);
      if (row >= 0 && row < bins.length) bins[row]!++;
    }
    let score = 0;
    for (const n of bins) score += n * n;
    if (score > bestScore) {
      bestScore = score;
      bestAngle = tenth / 10;
    }
  }
  return bestAngle;
}

/**
 * The detection map of an image turned `degrees` by rotateSmall (about its centre, clockwise),
 * made from the map of the image as it was instead of a second detection pass: the map's text
 * kernels turn with the text, and the pass costs 0.2-0.4 s on a label. `scaleX` and `scaleY` are
 * map pixels per image pixel; the image is `imageWidth` x `imageHeight`. Outside the turned image
 * the map is 0, as for rotateSmall's black corners.
 */
export function rotateMap(
  prob: Float32Array,
  width: number,
  height: number,
  scaleX: number,
  scaleY: number,
  imageWidth: number,
  imageHeight: number,
  degrees: number,
): Float32Array {
  const out = new Float32Array(width * height);
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  const cx = (imageWidth - 1) / 2;
  const cy = (imageHeight - 1) / 2;
  for (let my = 0; my < height; my++) {
    const dy = (my + 0.5) / scaleY - 0.5 - cy;
    for (let mx = 0; mx < width; mx++) {
      const dx = (mx + 0.5) / scaleX - 0.5 - cx;
      // Where the turned image's pixel came from (rotateSmall's inverse mapping), in map pixels.
      const sx = (cos * dx - sin * dy + cx + 0.5) * scaleX - 0.5;
      const sy = (sin * dx + cos * dy + cy + 0.5) * scaleY - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const p = y0 * width + x0;
      const a = prob[p] as number;
      const b = prob[p + 1] as number;
      const d = prob[p + width] as number;
      const e = prob[p + width + 1] as number;
      out[my * width + mx] = (a + (b - a) * fx) * (1 - fy) + (d + (e - d) * fx) * fy;
    }
  }
  return out;
}
