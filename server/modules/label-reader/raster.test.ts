import { describe, expect, it } from 'vitest';
import {
  edgesOf,
  pixelEdges,
  resizeToTensor,
  rotateSmall,
  rotateSmallSource,
  type RgbImage,
} from './raster.js';

/** The straightforward bilinear resize resizeToTensor replaced (per channel, per pixel): the reference. */
function referenceResize(
  image: RgbImage,
  targetWidth: number,
  targetHeight: number,
  mean: readonly [number, number, number],
  std: readonly [number, number, number],
  out: Float32Array,
  outWidth: number,
  pad: number,
): void {
  const plane = outWidth * targetHeight;
  const { data, width: w, height: h } = image;
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < targetHeight; y++) {
      const sy = Math.min(h - 1, Math.max(0, (y + 0.5) * (h / targetHeight) - 0.5));
      const y0 = Math.floor(sy);
      const y1 = Math.min(h - 1, y0 + 1);
      for (let x = 0; x < targetWidth; x++) {
        const sx = Math.min(w - 1, Math.max(0, (x + 0.5) * (w / targetWidth) - 0.5));
        const x0 = Math.floor(sx);
        const x1 = Math.min(w - 1, x0 + 1);
        const at = (yy: number, xx: number) => data[(yy * w + xx) * 3 + c] ?? 0;
        const top = at(y0, x0) + (at(y0, x1) - at(y0, x0)) * (sx - x0);
        const bottom = at(y1, x0) + (at(y1, x1) - at(y1, x0)) * (sx - x0);
        const v = top + (bottom - top) * (sy - y0);
        out[c * plane + y * outWidth + x] = (v / 255 - (mean[c] ?? 0)) / (std[c] ?? 1);
      }
      for (let x = targetWidth; x < outWidth; x++) out[c * plane + y * outWidth + x] = pad;
    }
  }
}

/** A deterministic noisy image (a fixed linear congruential sequence). */
function noisyImage(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  let state = 12345;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    data[i] = state % 256;
  }
  return { width, height, data };
}

describe('resizeToTensor', () => {
  const mean = [0.485, 0.456, 0.406] as const;
  const std = [0.229, 0.224, 0.225] as const;

  it.each([
    ['downscaled', 97, 61, 40, 24, 40],
    ['upscaled, with right padding', 23, 11, 70, 48, 96],
    ['one pixel wide', 1, 9, 8, 48, 16],
    ['same size', 32, 32, 32, 32, 32],
  ])('gives what the plain per-pixel bilinear resize gives (%s)', (_, w, h, tw, th, ow) => {
    const image = noisyImage(w, h);
    const fast = new Float32Array(3 * ow * th).fill(Number.NaN);
    const reference = new Float32Array(3 * ow * th).fill(Number.NaN);
    resizeToTensor(image, tw, th, mean, std, fast, ow, -1);
    referenceResize(image, tw, th, mean, std, reference, ow, -1);
    expect(fast.some(Number.isNaN)).toBe(false);
    expect(Array.from(fast)).toEqual(Array.from(reference));
  });

  it('normalises a flat grey image to one value per channel and pads with the pad value', () => {
    const image = { width: 4, height: 4, data: new Uint8Array(48).fill(128) };
    const out = new Float32Array(3 * 8 * 2);
    resizeToTensor(image, 6, 2, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5], out, 8, 0);
    const value = Math.fround((128 / 255 - 0.5) / 0.5);
    for (let c = 0; c < 3; c++) {
      expect(Array.from(out.subarray(c * 16, c * 16 + 8))).toEqual([...Array(6).fill(value), 0, 0]);
    }
  });
});

describe('rotateSmallSource', () => {
  it('finds where a pixel of the turned image came from', () => {
    // A 200 x 120 image, black but for one white 3 x 3 spot away from the centre.
    const width = 200;
    const height = 120;
    const data = new Uint8Array(width * height * 3);
    for (let y = 29; y <= 31; y++)
      for (let x = 149; x <= 151; x++) data.fill(255, (y * width + x) * 3, (y * width + x) * 3 + 3);
    const turned = rotateSmall({ width, height, data }, 8);
    // The brightest pixel of the turned image maps back onto the spot.
    let brightest = 0;
    for (let i = 0; i < width * height; i++)
      if ((turned.data[i * 3] ?? 0) > (turned.data[brightest * 3] ?? 0)) brightest = i;
    const source = rotateSmallSource(
      { x: brightest % width, y: Math.floor(brightest / width) },
      width,
      height,
      8,
    );
    expect(source.x).toBeCloseTo(150, 0);
    expect(source.y).toBeCloseTo(30, 0);
    // No turn: every point is itself.
    expect(rotateSmallSource({ x: 17, y: 5 }, width, height, 0)).toEqual({ x: 17, y: 5 });
  });
});

describe('pixelEdges', () => {
  const image = { width: 100, height: 50 };

  it('rounds an area to the nearest whole pixels', () => {
    expect(pixelEdges(image, edgesOf({ x: 10.4, y: 5.6, width: 20.2, height: 10 }))).toEqual({
      left: 10,
      top: 6,
      right: 31,
      bottom: 16,
    });
  });

  it('clips an area reaching past the image to its pixels', () => {
    expect(pixelEdges(image, { left: -8, top: -3, right: 120, bottom: 60 })).toEqual({
      left: 0,
      top: 0,
      right: 100,
      bottom: 50,
    });
  });

  it('gives nothing for an area outside the image or narrower than half a pixel', () => {
    expect(pixelEdges(image, { left: 101, top: 0, right: 140, bottom: 10 })).toBeNull();
    expect(pixelEdges(image, { left: 10.6, top: 0, right: 10.9, bottom: 10 })).toBeNull();
    expect(pixelEdges(image, { left: 0, top: 20, right: 10, bottom: 20 })).toBeNull();
  });
});
