// One photo in, one reading out, on the calling thread (the worker pool runs this off the main
// thread). Steps: decode -> orientation candidates -> label band -> OCR -> parse -> barcode check.
import type { LabelReading } from '../../../shared/label-reading.js';
import { readLabelBarcode } from './barcode.js';
import { LabelNotFoundError } from './errors.js';
import { warpQuadToRect, type Point } from './homography.js';
import { greyAtSize, loadPhoto, scaleToWidth } from './image-loader.js';
import { findLabelQuads, flipQuad, padQuad } from './label-finder.js';
import { parseLabel, type ParsedLabel } from './label-parser.js';
import { createOcrEngine, type OcrEngine, type OcrLine } from './ocr-engine.js';
import { cropRgb, rotateRgb, type Rect, type RgbImage } from './raster.js';
import { centreX, toSegments } from './text-layout.js';
import { isValidCertNumber } from './validators.js';

/** Reads labels on the current thread; create once (it loads the OCR models), reuse, close. */
export interface LabelPipeline {
  read(image: Buffer): Promise<LabelReading>;
  close(): Promise<void>;
}

type Rotation = 0 | 90 | 180 | 270;

/** The label band is OCR'd at this width: small label text becomes ~25-30 px tall. */
const LABEL_WIDTH = 1400;
/** Share of a slab's height taken by the label band (measured ~16% on CGC slabs; margin for tilt). */
const TOP_BAND = 0.21;
/** Structure score (header, grade, title, cert found) at which a candidate is accepted at once. */
const GOOD_STRUCTURE = 1;
/** A found label read with this much structure (e.g. header, grade, title) ends the search. */
const FOUND_STRUCTURE = 0.75;
/** Below this no label was found: two of header, grade, title line with issue number, and cert number. */
const MIN_STRUCTURE = 0.5;
/** Weights of the fields in the overall confidence (the ones a seller most needs right). */
const OVERALL_WEIGHTS = {
  title: 3,
  issueNumber: 2,
  publisher: 1,
  cgcGrade: 3,
  cgcCertNumber: 3,
  publicationYear: 1,
} as const;

/** Label bands narrower than this (in photo pixels) have small print below what OCR can read reliably. */
const LOW_RESOLUTION_WIDTH = 450;
const SMALL_PRINT_FIELDS = [
  'publisher',
  'publicationYear',
  'labelDate',
  'cgcCertNumber',
  'variant',
  'keyComments',
  'keyIssue',
  'pageQuality',
] as const;

interface Candidate {
  parsed: ParsedLabel;
  label: RgbImage;
  score: number;
  /** Width in photo pixels of the label band before upscaling. */
  sourceWidth: number;
}

/** Loads the OCR models; `threads` is onnxruntime's intra-op thread count. */
export async function createLabelPipeline({
  threads = 1,
}: { threads?: number } = {}): Promise<LabelPipeline> {
  const engine = await createOcrEngine({ threads });
  return {
    async read(image) {
      const photo = await loadPhoto(image);
      const best = await findLabel(engine, photo);
      if (!best || best.parsed.structure < MIN_STRUCTURE) {
        throw new LabelNotFoundError('No grading label could be read on this photo.');
      }
      return toReading(best);
    },
    close: () => engine.close(),
  };
}

/**
 * Tries the likely orientation first (sideways when the photo is landscape), as a tight slab scan
 * and then as a photo with background around the slab; only then the unlikely orientations.
 * Keeps the best-structured reading.
 */
async function findLabel(engine: OcrEngine, photo: RgbImage): Promise<Candidate | null> {
  const landscape = photo.width > photo.height * 1.05;
  const likely: Rotation[] = landscape ? [90, 270] : [0];
  const unlikely: Rotation[] = landscape ? [0, 180] : [180, 90, 270];
  let best: Candidate | null = null;
  const consider = (candidate: Candidate | null) => {
    if (candidate && (!best || candidate.score > best.score)) best = candidate;
    return candidate !== null && candidate.parsed.structure >= GOOD_STRUCTURE;
  };
  for (const rotation of likely) {
    if (consider(await readTopBand(engine, rotateRgb(photo, rotation)))) return best;
  }
  // The label was read but its small print not (a grader's thumbnail): no other view reads it better.
  if (((best as Candidate | null)?.parsed.structure ?? 0) >= FOUND_STRUCTURE) return best;
  // Not a tight slab scan (a phone photo with background, slab off-centre, turned or tilted): find
  // the label's outline from the text and the paper's edges, and read it rectified.
  const found = await readFoundLabel(engine, photo, consider);
  if (found === 'no-text') return best;
  // A label found and read (the small print of a distant label may stay unread): the header search
  // and the other orientations would only find the same label again, at a second or more each.
  if (found || ((best as Candidate | null)?.parsed.structure ?? 0) >= MIN_STRUCTURE) return best;
  // Last resort for upright photos: look for the label header anywhere in the photo and read the
  // band around it.
  for (const rotation of likely) {
    const around = await readAroundHeader(engine, rotateRgb(photo, rotation));
    // No text anywhere in the photo (in any orientation text is still found): stop early.
    if (around === 'no-text') return best;
    if (consider(around)) return best;
  }
  for (const rotation of unlikely) {
    if (consider(await readTopBand(engine, rotateRgb(photo, rotation)))) return best;
  }
  return best;
}

/** Reads the band across the top of a photo that is (mostly) the slab. */
async function readTopBand(engine: OcrEngine, photo: RgbImage): Promise<Candidate> {
  const band = cropRgb(photo, {
    x: 0,
    y: 0,
    width: photo.width,
    height: Math.round(photo.height * TOP_BAND),
  });
  return readBand(engine, band, band.width, looksLikeLabelText);
}

/**
 * Whether a band's text boxes can be a label (header, title, publisher, cert lines...): a band of
 * table and cover art is not worth recognising, and skipping it keeps phone photos fast.
 */
function looksLikeLabelText(boxes: Rect[]): Rect[] {
  return boxes.filter((box) => box.width > 2 * box.height).length >= 4 ? boxes : [];
}

/** The detector sees the whole photo at this size when looking for the label's outline. */
const FINDER_LIMIT = 1024;
/** Padding around the found outline, as shares of its width and height: never clip the label's ends. */
const FINDER_PAD_SIDE = 0.04;
const FINDER_PAD_VERTICAL = 0.08;

/**
 * Finds label outlines in the whole photo (label-finder.ts), warps each to an upright rectangle and
 * reads it, upside down too when the first reading has little label structure. True when a good
 * reading was found (`consider` keeps the best), 'no-text' when the photo has no text at all.
 */
async function readFoundLabel(
  engine: OcrEngine,
  photo: RgbImage,
  consider: (candidate: Candidate | null) => boolean,
): Promise<boolean | 'no-text'> {
  const map = await engine.detectionMap(photo, FINDER_LIMIT);
  const grey = await greyAtSize(photo, map.width, map.height);
  const quads = findLabelQuads(map.prob, map.width, map.height, grey);
  if (quads.length === 0) return map.prob.some((p) => p > 0.3) ? false : 'no-text';
  let structure = 0;
  for (const [index, quad] of quads.entries()) {
    // The runner-up outline only when the best one showed no label at all, and only as found:
    // every reading costs about a second.
    if (index > 0 && structure >= MIN_STRUCTURE) break;
    const corners = quad.corners.map((p) => ({ x: p.x / map.scaleX, y: p.y / map.scaleY }));
    const padded = padQuad(corners, FINDER_PAD_SIDE, FINDER_PAD_VERTICAL);
    const outlines = index === 0 ? [padded, flipQuad(padded)] : [padded];
    for (const outline of outlines) {
      const candidate = await readBand(engine, rectify(photo, outline), quadWidth(corners));
      if (consider(candidate) || candidate.parsed.structure >= FOUND_STRUCTURE) return true;
      structure = Math.max(structure, candidate.parsed.structure);
    }
  }
  return false;
}

/** Mean length of a quad's top and bottom edges, in photo pixels. */
function quadWidth([tl, tr, br, bl]: readonly Point[]): number {
  const dist = (a?: Point, b?: Point) => (a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0);
  return (dist(tl, tr) + dist(bl, br)) / 2;
}

/** Warps a label outline (clockwise from its top-left) to an upright LABEL_WIDTH-wide image. */
function rectify(photo: RgbImage, outline: readonly Point[]): RgbImage {
  const [tl, tr, br, bl] = outline as [Point, Point, Point, Point];
  const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const aspect = (dist(tl, bl) + dist(tr, br)) / Math.max(1, dist(tl, tr) + dist(bl, br));
  const height = Math.max(32, Math.min(LABEL_WIDTH, Math.round(LABEL_WIDTH * aspect)));
  return warpQuadToRect(photo, outline, LABEL_WIDTH, height);
}

/** Finds the "CGC ... GRADE" header line anywhere in the photo and reads the label around it. */
async function readAroundHeader(engine: OcrEngine, photo: RgbImage): Promise<Candidate | null | 'no-text'> {
  const scale = Math.min(1, 1280 / Math.max(photo.width, photo.height));
  const small = scale < 1 ? await scaleToWidth(photo, Math.round(photo.width * scale)) : photo;
  // Only long, line-shaped boxes can be the header: skip recognising the cover art's text.
  let textFound = false;
  const { lines } = await engine.recognise(small, {
    detLimit: 1280,
    selectBoxes: (boxes) => {
      textFound = boxes.length > 0;
      return boxes.filter((box) => box.width > 5 * box.height && box.width > small.width * 0.08).slice(0, 40);
    },
  });
  if (!textFound) return 'no-text';
  const header = lines.find((line) =>
    /UNIVERSAL|GRADE|SIGNATURE|QUALIFIED|RESTORED|AUTHENTI|HENTIC|THENT|CBCS|PGX/i.test(line.text),
  );
  if (!header) return null;
  const unit = header.box.width / scale;
  const cx = centreX(header.box) / scale;
  const top = header.box.y / scale;
  // Padded beyond the label's ends (~2.7 header widths): a header read short must not clip the title.
  const region: Rect = { x: cx - 1.5 * unit, y: top - 0.12 * unit, width: 3 * unit, height: 0.62 * unit };
  return readBand(engine, cropRgb(photo, region));
}

/** Reads one label image; `sourceWidth` is the label's width in photo pixels (default: the band's). */
async function readBand(
  engine: OcrEngine,
  band: RgbImage,
  sourceWidth = band.width,
  selectBoxes?: (boxes: Rect[]) => Rect[],
): Promise<Candidate> {
  const scaled = await scaleToWidth(band, LABEL_WIDTH);
  const result = await engine.recognise(scaled, { detLimit: 1408, deskew: true, selectBoxes });
  const label = result.image;
  const lines = markEdgeLines(result.lines, label.width);
  const parsed = parseLabel(toSegments(lines), label.width);
  const meanScore = lines.length ? lines.reduce((sum, line) => sum + line.score, 0) / lines.length : 0;
  return { parsed, label, score: parsed.structure + 0.1 * meanScore, sourceWidth };
}

/** A line box this close to the crop's left or right edge (share of the width) touches it. */
const EDGE_MARGIN = 0.004;
/** Score factor of a line that touches the crop's edge: brings a 0.9 reading to 0.45. */
const EDGE_PENALTY = 0.5;

/**
 * Flags lines whose box reaches the crop's left or right edge and lowers their score, and with it
 * the confidence of every field read from them: such a line may go on beyond the crop (a title
 * that lost its first word, an issue number its last digit, both read at 0.9 before). This is the
 * one place the edge lowers confidence; the parser may also use `touchesEdge` itself.
 */
export function markEdgeLines(lines: readonly OcrLine[], width: number): OcrLine[] {
  const margin = Math.max(1, EDGE_MARGIN * width);
  return lines.map((line) => {
    const touchesEdge = line.box.x <= margin || line.box.x + line.box.width >= width - margin;
    return touchesEdge ? { ...line, touchesEdge, score: line.score * EDGE_PENALTY } : line;
  });
}

/** Cross-checks with the barcode and assembles the public reading. */
async function toReading({ parsed, label, sourceWidth }: Candidate): Promise<LabelReading> {
  const notes = [...parsed.notes];
  const fieldConfidence = { ...parsed.fieldConfidence };
  if (sourceWidth < LOW_RESOLUTION_WIDTH) {
    // Measured on 313 px wide scans: the small print (publisher line, cert number, variant) is
    // 3-4 px tall and OCR confuses digits there while still reporting fair scores.
    for (const field of SMALL_PRINT_FIELDS) fieldConfidence[field] *= 0.6;
    notes.push('Low-resolution photo: please check the certification number, publisher and date.');
  }
  let cert = parsed.cgcCertNumber;
  let barcode: string | null = null;
  if (parsed.certBox) {
    const box = parsed.certBox;
    const region = {
      x: box.x - box.width * 0.6,
      y: box.y + box.height * 0.6,
      width: box.width * 2.2,
      height: box.height * 2.4,
    };
    barcode = await readLabelBarcode(label, region).catch(() => null);
  }
  if (barcode) {
    const digits = barcode.replace(/\s/g, '');
    if (cert === null && isValidCertNumber(digits, parsed.grader)) {
      cert = digits;
      fieldConfidence.cgcCertNumber = 0.9;
      notes.push('Certification number read from the barcode only.');
    } else if (cert !== null && digits === cert) {
      fieldConfidence.cgcCertNumber = Math.max(fieldConfidence.cgcCertNumber, 0.99);
    } else if (cert !== null) {
      fieldConfidence.cgcCertNumber = Math.min(fieldConfidence.cgcCertNumber, 0.3);
      notes.push(
        `The barcode (${digits}) and the printed certification number (${cert}) disagree: please check it.`,
      );
    }
  }
  let weighted = 0;
  let total = 0;
  for (const [field, weight] of Object.entries(OVERALL_WEIGHTS) as [keyof typeof OVERALL_WEIGHTS, number][]) {
    weighted += fieldConfidence[field] * weight;
    total += weight;
  }
  return {
    title: parsed.title,
    issueNumber: parsed.issueNumber,
    publisher: parsed.publisher,
    publicationYear: parsed.publicationYear,
    cgcGrade: parsed.cgcGrade,
    cgcCertNumber: cert,
    variant: parsed.variant,
    keyIssue: parsed.keyIssue,
    confidence: Math.round((weighted / total) * 100) / 100,
    labelDate: parsed.labelDate,
    gradeWords: parsed.gradeWords,
    pageQuality: parsed.pageQuality,
    keyComments: parsed.keyComments,
    labelType: parsed.labelType,
    grader: parsed.grader,
    fieldConfidence: Object.fromEntries(
      Object.entries(fieldConfidence).map(([field, value]) => [field, Math.round(value * 100) / 100]),
    ) as LabelReading['fieldConfidence'],
    barcode,
    notes,
  };
}
