/** An 8-bit RGB image held as interleaved bytes (what sharp's `.raw()` gives for 3 channels). */
export interface RgbImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** An axis-aligned rectangle in pixel coordinates. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** An area's edges in pixel coordinates: the left and top edges inside it, the right and bottom past it. */
export interface Edges {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** A rectangle's edges. */
export function edgesOf(rect: Rect): Edges {
  return { left: rect.x, top: rect.y, right: rect.x + rect.width, bottom: rect.y + rect.height };
}

/**
 * `edges` rounded to the nearest whole pixels and clipped to `image`: the pixels a measurement over
 * the area reads. Null when no pixel is left.
 */
export function pixelEdges(image: { width: number; height: number }, edges: Edges): Edges | null {
  const left = Math.max(0, Math.round(edges.left));
  const right = Math.min(image.width, Math.round(edges.right));
  const top = Math.max(0, Math.round(edges.top));
  const bottom = Math.min(image.height, Math.round(edges.bottom));
  return right > left && bottom > top ? { left, top, right, bottom } : null;
}

/**
 * The gaps between two rectangles across (x) and down (y): negative where they overlap, by as much
 * as they overlap.
 */
export function gapsBetween(a: Rect, b: Rect): { x: number; y: number } {
  return {
    x: Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width),
    y: Math.max(a.y, b.y) - Math.min(a.y + a.height, b.y + b.height),
  };
}

/** Copies a rectangle (clamped to the image) out of an RGB image. */
export function cropRgb(image: RgbImage, rect: Rect): RgbImage {
  const x0 = Math.max(0, Math.floor(rect.x));
  const y0 = Math.max(0, Math.floor(rect.y));
  const x1 = Math.min(image.width, Math.ceil(rect.x + rect.width));
  const y1 = Math.min(image.height, Math.ceil(rect.y + rect.height));
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const src = ((y0 + y) * image.width + x0) * 3;
    data.set(image.data.subarray(src, src + width * 3), y * width * 3);
  }
  return { width, height, data };
}

/**
 * Bilinear resize into a float CHW tensor, normalised per channel as `(v / 255 - mean) / std`.
 * Done in plain JS because the OCR crops are small and a sharp round trip per text line costs more.
 * `outWidth` may exceed `targetWidth`: the rest is padding filled with `pad`.
 */
export function resizeToTensor(
  image: RgbImage,
  targetWidth: number,
  targetHeight: number,
  mean: readonly [number, number, number],
  std: readonly [number, number, number],
  out: Float32Array,
  outWidth = targetWidth,
  pad = 0,
): void {
  const plane = outWidth * targetHeight;
  const scaleX = image.width / targetWidth;
  const scaleY = image.height / targetHeight;
  const { data, width: w, height: h } = image;
  // Each column's two source pixels and weight are the same on every row and channel: worked out
  // once (this loop ran per channel and pixel before, and was the reader's costliest JS).
  const left = new Int32Array(targetWidth);
  const right = new Int32Array(targetWidth);
  const weight = new Float64Array(targetWidth);
  for (let x = 0; x < targetWidth; x++) {
    const sx = Math.min(w - 1, Math.max(0, (x + 0.5) * scaleX - 0.5));
    const x0 = Math.floor(sx);
    left[x] = x0 * 3;
    right[x] = Math.min(w - 1, x0 + 1) * 3;
    weight[x] = sx - x0;
  }
  const [m0, m1, m2] = mean;
  const [s0, s1, s2] = std;
  for (let y = 0; y < targetHeight; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) * scaleY - 0.5));
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    const upper = y0 * w * 3;
    const lower = Math.min(h - 1, y0 + 1) * w * 3;
    const row = y * outWidth;
    for (let x = 0; x < targetWidth; x++) {
      const l = upper + (left[x] as number);
      const r = upper + (right[x] as number);
      const dl = lower + (left[x] as number);
      const dr = lower + (right[x] as number);
      const fx = weight[x] as number;
      const at = row + x;
      out[at] = (bilinearAt(data, l, r, dl, dr, fx, fy) / 255 - m0) / s0;
      out[plane + at] = (bilinearAt(data, l + 1, r + 1, dl + 1, dr + 1, fx, fy) / 255 - m1) / s1;
      out[2 * plane + at] = (bilinearAt(data, l + 2, r + 2, dl + 2, dr + 2, fx, fy) / 255 - m2) / s2;
    }
    for (let x = targetWidth; x < outWidth; x++) {
      out[row + x] = pad;
      out[plane + row + x] = pad;
      out[2 * plane + row + x] = pad;
    }
  }
}

/** Bilinear value from the bytes at a (top left), b (top right), d (bottom left) and e (bottom right). */
export function bilinearAt(
  data: Uint8Array,
  a: number,
  b: number,
  d: number,
  e: number,
  fx: number,
  fy: number,
): number {
  const topLeft = data[a] as number;
  const bottomLeft = data[d] as number;
  const top = topLeft + ((data[b] as number) - topLeft) * fx;
  const bottom = bottomLeft + ((data[e] as number) - bottomLeft) * fx;
  return top + (bottom - top) * fy;
}

/** Rotates an RGB image clockwise by a multiple of 90 degrees. */
export function rotateRgb(image: RgbImage, degrees: 0 | 90 | 180 | 270): RgbImage {
  if (degrees === 0) return image;
  const { width: w, height: h, data } = image;
  const outW = degrees === 180 ? w : h;
  const outH = degrees === 180 ? h : w;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let nx: number;
      let ny: number;
      if (degrees === 90) {
        nx = h - 1 - y;
        ny = x;
      } else if (degrees === 180) {
        nx = w - 1 - x;
        ny = h - 1 - y;
      } else {
        nx = y;
        ny = w - 1 - x;
      }
      const src = (y * w + x) * 3;
      const dst = (ny * outW + nx) * 3;
      out[dst] = data[src] ?? 0;
      out[dst + 1] = data[src + 1] ?? 0;
      out[dst + 2] = data[src + 2] ?? 0;
    }
  }
  return { width: outW, height: outH, data: out };
}

/**
 * Rotates an RGB image by a few degrees about its centre, keeping its size and filling uncovered
 * corners with `fill`: `rotateSmall(image, skew)` straightens text that `estimateSkew` found
 * tilted by `skew` degrees (text running down to the right is a positive skew).
 */
export function rotateSmall(image: RgbImage, degrees: number, fill = 0): RgbImage {
  const { width: w, height: h, data } = image;
  const out = new Uint8Array(w * h * 3).fill(fill);
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  for (let y = 0; y < h; y++) {
    const dy = y - cy;
    // The row's terms once per row, summed in the same order as per pixel.
    const sinDy = sin * dy;
    const cosDy = cos * dy;
    for (let x = 0; x < w; x++) {
      // Inverse mapping: where in the source does this output pixel come from?
      const dx = x - cx;
      const sx = cos * dx - sinDy + cx;
      const sy = sin * dx + cosDy + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const dst = (y * w + x) * 3;
      const top = (y0 * w + x0) * 3;
      const bottom = top + w * 3;
      out[dst] = Math.round(weighted(data, top, bottom, fx, fy));
      out[dst + 1] = Math.round(weighted(data, top + 1, bottom + 1, fx, fy));
      out[dst + 2] = Math.round(weighted(data, top + 2, bottom + 2, fx, fy));
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Where a point of `rotateSmall(image, degrees)` (an image `width` x `height`) lies in the image it
 * was turned from: the same mapping rotateSmall samples its pixels by.
 */
export function rotateSmallSource(
  point: { x: number; y: number },
  width: number,
  height: number,
  degrees: number,
): { x: number; y: number } {
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  const dx = point.x - (width - 1) / 2;
  const dy = point.y - (height - 1) / 2;
  return { x: cos * dx - sin * dy + (width - 1) / 2, y: sin * dx + cos * dy + (height - 1) / 2 };
}

/** rotateSmall's bilinear value of one channel, weighted as it always was (top row by 1 - fy). */
function weighted(data: Uint8Array, top: number, bottom: number, fx: number, fy: number): number {
  const a = data[top] as number;
  const d = data[bottom] as number;
  return (
    (a + ((data[top + 3] as number) - a) * fx) * (1 - fy) + (d + ((data[bottom + 3] as number) - d) * fx) * fy
  );
}
