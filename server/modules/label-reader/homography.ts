// Projective transforms (homographies) between planes: the label finder maps a tilted label back to a
// flat rectangle with them, and the phone-photo bench uses them to tilt dev scans. sharp has affine
// transforms only, so the perspective warp is done here by inverse mapping on raw pixels.
import { bilinearAt, type RgbImage } from './raster.js';

/** A point in pixel coordinates. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A 3x3 matrix in row-major order, normalised so that the last entry is 1 where possible. */
export type Homography = readonly [number, number, number, number, number, number, number, number, number];

/**
 * The homography taking the four `from` points onto the four `to` points (in the same order).
 * Solves the 8 unknowns of the standard direct linear transform; null when the points are degenerate
 * (three of them on a line).
 */
export function homographyFromQuads(from: readonly Point[], to: readonly Point[]): Homography | null {
  if (from.length !== 4 || to.length !== 4) throw new Error('homographyFromQuads needs four points each');
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i] as Point;
    const { x: u, y: v } = to[i] as Point;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  const h = solve(a);
  if (!h) return null;
  return [h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1] as unknown as Homography;
}

/** Gauss-Jordan elimination with partial pivoting on an n x (n+1) augmented matrix. */
function solve(m: number[][]): number[] | null {
  const n = m.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    }
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const top = m[col]!;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const r = m[row]!;
      const factor = r[col]! / top[col]!;
      if (factor === 0) continue;
      for (let k = col; k <= n; k++) r[k] = r[k]! - factor * top[k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** Where `h` takes the point (x, y). */
export function applyHomography(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
}

/** The inverse transform (adjugate; the scale of a homography does not matter). */
export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, i, j] = h;
  const inv = [
    e * j - f * i,
    c * i - b * j,
    b * f - c * e,
    f * g - d * j,
    a * j - c * g,
    c * d - a * f,
    d * i - e * g,
    b * g - a * i,
    a * e - b * d,
  ];
  const s = Math.abs(inv[8]!) > 1e-12 ? inv[8]! : 1;
  return inv.map((v) => v / s) as unknown as Homography;
}

/**
 * The homography mapping an upright `width` x `height` image onto `quad` (corners clockwise from
 * its top-left): a rectified label's or view's pixels back to the photo they were warped from.
 */
export function homographyFromRect(width: number, height: number, quad: readonly Point[]): Homography | null {
  const corners = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  return homographyFromQuads(corners, quad);
}

/**
 * Warps the quadrilateral `quad` of `image` (corners clockwise from top-left) onto an upright
 * `width` x `height` rectangle, with bilinear sampling; outside the image is filled with `fill`.
 */
export function warpQuadToRect(
  image: RgbImage,
  quad: readonly Point[],
  width: number,
  height: number,
  fill = 255,
): RgbImage {
  // Output pixel centre -> source position: map the output rectangle onto the quad.
  const h = homographyFromRect(width, height, quad);
  const out = new Uint8Array(width * height * 3).fill(fill);
  const { data, width: w, height: hh } = image;
  if (!h || w < 2 || hh < 2) return { width, height, data: out };
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h;
  for (let y = 0; y < height; y++) {
    const py = y + 0.5;
    // The row's terms once per row (same sums, in the same order, as per pixel): this loop covers
    // every pixel of each label read (1400 x 300-800).
    const rowX = h1 * py;
    const rowY = h4 * py;
    const rowDen = h7 * py;
    for (let x = 0; x < width; x++) {
      const px = x + 0.5;
      const den = h6 * px + rowDen + h8;
      const sx = (h0 * px + rowX + h2) / den - 0.5;
      const sy = (h3 * px + rowY + h5) / den - 0.5;
      if (sx < 0 || sy < 0 || sx > w - 1 || sy > hh - 1) continue;
      const x0 = Math.min(w - 2, Math.floor(sx));
      const y0 = Math.min(hh - 2, Math.floor(sy));
      const fx = sx - x0;
      const fy = sy - y0;
      const p = (y0 * w + x0) * 3;
      const q = p + w * 3;
      const dst = (y * width + x) * 3;
      out[dst] = Math.round(bilinearAt(data, p, p + 3, q, q + 3, fx, fy));
      out[dst + 1] = Math.round(bilinearAt(data, p + 1, p + 4, q + 1, q + 4, fx, fy));
      out[dst + 2] = Math.round(bilinearAt(data, p + 2, p + 5, q + 2, q + 5, fx, fy));
    }
  }
  return { width, height, data: out };
}
