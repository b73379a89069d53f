// A second recogniser for the cert number alone, trained by this project for blurred phone photos
// (scripts/cert-reader/, ADR 0069). PP-OCRv4's recogniser reads every line of the label but
// reads none of a blurred, faint cert line where the detector found none: the place below the
// publisher line (label-parser.ts's `certPlace`) gave no digit it could stand by (ADR 0028). This
// small model (CNN + BiLSTM + CTC over the ten digits, 0.35 M weights, trained on rendered numbers
// and the training books' own cert lines, degraded as the phone bench degrades photos) reads part
// of those. Its input is prepared exactly
// as train.py prepares it (Pillow's grey and bilinear resampling), so it sees what it learned on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { projectRoot } from '../../project-root.js';
import { cropRgb, pixelEdges, type Rect, type RgbImage } from './raster.js';

/** The recogniser's input: grey, INPUT_HEIGHT px high, padded on the right to INPUT_WIDTH px. */
const INPUT_HEIGHT = 32;
const INPUT_WIDTH = 192;
/** Classes: 0 is the CTC blank, then the digits 0-9. */
const CLASSES = 11;

export const CERT_DIGITS_MODEL = path.join(
  projectRoot,
  'server',
  'modules',
  'label-reader',
  'models',
  'cert-digits.onnx',
);

/** What the digit recogniser read: the digits, and each one's probability. */
export interface DigitsReading {
  text: string;
  /** Each digit's probability, in order (the least over the steps that gave it). */
  digitProbs: readonly number[];
}

/** The probability of the reading's least sure digit (0 when it read none). */
export function leastSureDigit({ digitProbs }: DigitsReading): number {
  return digitProbs.length ? Math.min(...digitProbs) : 0;
}

export interface CertDigitReader {
  /** Reads the cert line in `box` of `image` (padded as in training); null for a box too small. */
  read(image: RgbImage, box: Rect): Promise<DigitsReading | null>;
  close(): Promise<void>;
}

/**
 * The crop the recogniser is given: the line's box padded half its height on each side and a sixth
 * of it above and below (inside the range train.py cuts its examples with), in whole pixels within
 * the image; null when under 8 x 4 px.
 */
export function certLineRect(image: RgbImage, box: Rect): Rect | null {
  const h = box.height;
  const edges = pixelEdges(image, {
    left: box.x - 0.5 * h,
    top: box.y - h / 6,
    right: box.x + box.width + 0.5 * h,
    bottom: box.y + (h * 7) / 6,
  });
  if (!edges || edges.right - edges.left < 8 || edges.bottom - edges.top < 4) return null;
  return { x: edges.left, y: edges.top, width: edges.right - edges.left, height: edges.bottom - edges.top };
}

/** Pillow's 'L' conversion of an RGB image (ITU-R 601-2 luma, rounded as Pillow rounds it). */
export function pillowGrey(image: RgbImage): Uint8Array {
  const out = new Uint8Array(image.width * image.height);
  for (let i = 0, j = 0; i < out.length; i++, j += 3) {
    out[i] = (image.data[j]! * 19595 + image.data[j + 1]! * 38470 + image.data[j + 2]! * 7471 + 0x8000) >> 16;
  }
  return out;
}

/**
 * Pillow's bilinear resampling weights for one axis (`precompute_coeffs`): a triangle filter
 * widened by the scale when shrinking, so a shrink averages every source pixel it covers.
 */
function triangleWeights(inSize: number, outSize: number): { start: Int32Array; weights: Float64Array[] } {
  const scale = inSize / outSize;
  const filterScale = Math.max(scale, 1);
  const support = filterScale;
  const start = new Int32Array(outSize);
  const weights: Float64Array[] = [];
  for (let x = 0; x < outSize; x++) {
    const centre = (x + 0.5) * scale;
    const xmin = Math.max(0, Math.trunc(centre - support + 0.5));
    const xmax = Math.min(inSize, Math.trunc(centre + support + 0.5)) - xmin;
    const w = new Float64Array(Math.max(0, xmax));
    let total = 0;
    for (let i = 0; i < xmax; i++) {
      const t = Math.abs((i + xmin - centre + 0.5) / filterScale);
      w[i] = t < 1 ? 1 - t : 0;
      total += w[i]!;
    }
    if (total !== 0) for (let i = 0; i < xmax; i++) w[i]! /= total;
    start[x] = xmin;
    weights.push(w);
  }
  return { start, weights };
}

/** Pillow's `resize(..., BILINEAR)` of a grey image: across, then down, each pass rounded to bytes. */
export function pillowBilinear(
  grey: Uint8Array,
  width: number,
  height: number,
  outWidth: number,
  outHeight: number,
): Uint8Array {
  const across = triangleWeights(width, outWidth);
  const wide = new Uint8Array(outWidth * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < outWidth; x++) {
      const w = across.weights[x]!;
      const from = y * width + across.start[x]!;
      let sum = 0;
      for (let i = 0; i < w.length; i++) sum += grey[from + i]! * w[i]!;
      wide[y * outWidth + x] = Math.min(255, Math.max(0, Math.round(sum)));
    }
  }
  const down = triangleWeights(height, outHeight);
  const out = new Uint8Array(outWidth * outHeight);
  for (let y = 0; y < outHeight; y++) {
    const w = down.weights[y]!;
    const from = down.start[y]!;
    for (let x = 0; x < outWidth; x++) {
      let sum = 0;
      for (let i = 0; i < w.length; i++) sum += wide[(from + i) * outWidth + x]! * w[i]!;
      out[y * outWidth + x] = Math.min(255, Math.max(0, Math.round(sum)));
    }
  }
  return out;
}

/** The line crop as the recogniser's input: grey, 32 px high, scaled to zero mean and unit spread, padded with 0. */
export function digitsInput(crop: RgbImage): Float32Array {
  const width = Math.max(1, Math.min(INPUT_WIDTH, Math.round((crop.width * INPUT_HEIGHT) / crop.height)));
  const pixels = pillowBilinear(pillowGrey(crop), crop.width, crop.height, width, INPUT_HEIGHT);
  let mean = 0;
  for (const p of pixels) mean += p / 255;
  mean /= pixels.length;
  let spread = 0;
  for (const p of pixels) spread += (p / 255 - mean) ** 2;
  const std = Math.sqrt(spread / pixels.length);
  const input = new Float32Array(INPUT_HEIGHT * INPUT_WIDTH);
  for (let y = 0; y < INPUT_HEIGHT; y++) {
    for (let x = 0; x < width; x++) {
      input[y * INPUT_WIDTH + x] = (pixels[y * width + x]! / 255 - mean) / (std + 1e-3);
    }
  }
  return input;
}

/** CTC greedy decoding of the per-step scores (steps x CLASSES logits): the digits and their probabilities. */
export function decodeDigits(scores: Float32Array, steps: number): DigitsReading {
  let text = '';
  const digitProbs: number[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    const row = t * CLASSES;
    let best = 0;
    let top = -Infinity;
    for (let c = 0; c < CLASSES; c++) if (scores[row + c]! > top) [best, top] = [c, scores[row + c]!];
    if (best !== 0) {
      let total = 0;
      for (let c = 0; c < CLASSES; c++) total += Math.exp(scores[row + c]! - top);
      if (best !== previous) {
        text += String(best - 1);
        digitProbs.push(1 / total);
      } else {
        // A repeat of the step before: the same digit, as sure as its least sure step.
        digitProbs[digitProbs.length - 1] = Math.min(digitProbs.at(-1)!, 1 / total);
      }
    }
    previous = best;
  }
  return { text, digitProbs };
}

/** Loads the model (one thread, as the reader's worker runs). */
export async function createCertDigitReader(): Promise<CertDigitReader> {
  const session = await ort.InferenceSession.create(readFileSync(CERT_DIGITS_MODEL), {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  return {
    async read(image, box) {
      const rect = certLineRect(image, box);
      if (!rect) return null;
      const input = new ort.Tensor('float32', digitsInput(cropRgb(image, rect)), [
        1,
        1,
        INPUT_HEIGHT,
        INPUT_WIDTH,
      ]);
      const { scores } = await session.run({ line: input });
      if (!scores) throw new Error('cert-digits model: no scores output');
      return decodeDigits(scores.data as Float32Array, scores.dims[1] ?? 0);
    },
    close: () => session.release(),
  };
}
