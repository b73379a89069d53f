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
  for (let c = 0; c < 3; c++) {
    const m = mean[c] ?? 0;
    const s = std[c] ?? 1;
    const base = c * plane;
    for (let y = 0; y < targetHeight; y++) {
      const sy = Math.min(h - 1, Math.max(0, (y + 0.5) * scaleY - 0.5));
      const y0 = Math.floor(sy);
      const y1 = Math.min(h - 1, y0 + 1);
      const fy = sy - y0;
      const row = base + y * outWidth;
      for (let x = 0; x < targetWidth; x++) {
        const sx = Math.min(w - 1, Math.max(0, (x + 0.5) * scaleX - 0.5));
        const x0 = Math.floor(sx);
        const x1 = Math.min(w - 1, x0 + 1);
        const fx = sx - x0;
        const a = data[(y0 * w + x0) * 3 + c] ?? 0;
        const b = data[(y0 * w + x1) * 3 + c] ?? 0;
        const d = data[(y1 * w + x0) * 3 + c] ?? 0;
        const e = data[(y1 * w + x1) * 3 + c] ?? 0;
        const top = a + (b - a) * fx;
        const bottom = d + (e - d) * fx;
        const v = top + (bottom - top) * fy;
        out[row + x] = (v / 255 - m) / s;
      }
      for (let x = targetWidth; x < outWidth; x++) out[row + x] = pad;
    }
  }
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
    for (let x = 0; x < w; x++) {
      // Inverse mapping: where in the source does this output pixel come from?
      const dx = x - cx;
      const dy = y - cy;
      const sx = cos * dx - sin * dy + cx;
      const sy = sin * dx + cos * dy + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const dst = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) {
        const a = data[(y0 * w + x0) * 3 + c] ?? 0;
        const b = data[(y0 * w + x0 + 1) * 3 + c] ?? 0;
        const d = data[((y0 + 1) * w + x0) * 3 + c] ?? 0;
        const e = data[((y0 + 1) * w + x0 + 1) * 3 + c] ?? 0;
        out[dst + c] = Math.round((a + (b - a) * fx) * (1 - fy) + (d + (e - d) * fx) * fy);
      }
    }
  }
  return { width: w, height: h, data: out };
}
