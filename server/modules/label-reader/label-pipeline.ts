// One photo in, one reading out, on the calling thread (the worker pool runs this off the main
// thread). Steps: decode -> orientation candidates -> label band -> OCR -> parse -> barcode check.
import type { LabelReading } from '../../../shared/label-reading.js';
import { readLabelBarcode } from './barcode.js';
import { LabelNotFoundError } from './errors.js';
import { isHeaderText } from './header-words.js';
import { applyHomography, homographyFromQuads, warpQuadToRect, type Point } from './homography.js';
import { greyAtSize, loadPhoto, scaleToWidth } from './image-loader.js';
import {
  clusterBoxes,
  dominantTextAngle,
  findLabelQuads,
  flipQuad,
  padQuad,
  type LabelQuad,
} from './label-finder.js';
import { parseLabel, type ParsedLabel } from './label-parser.js';
import { createOcrEngine, halfTurn, type DetectionMap, type OcrEngine, type OcrLine } from './ocr-engine.js';
import { readDateLinePatterns, rereadSmallPrint } from './small-print.js';
import { findTextBoxes } from './text-detection.js';
import { cropRgb, rotateRgb, rotateSmall, rotateSmallSource, type Rect, type RgbImage } from './raster.js';
import { centreX, toSegments } from './text-layout.js';
import { isValidCertNumber, parseGrade } from './validators.js';

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

export interface Candidate {
  parsed: ParsedLabel;
  label: RgbImage;
  /** The detection map of the image read, before it was straightened. */
  map: DetectionMap;
  /** The recognised lines of `label` (after the edge mark), for developer tools. */
  lines: OcrLine[];
  score: number;
  /** Width in photo pixels of the label band before upscaling. */
  sourceWidth: number;
}

/** Loads the OCR models; `threads` is onnxruntime's intra-op thread count. */
export async function createLabelPipeline({
  threads = 1,
  onChosen,
  wrapEngine = (engine) => engine,
}: {
  threads?: number;
  /** Developer hook (scripts/debug-label.ts): the reading chosen, before the barcode check. */
  onChosen?: (candidate: Candidate) => void;
  /** Developer hook (scripts/trace-label.ts): wraps the OCR engine, to time each of its calls. */
  wrapEngine?: (engine: OcrEngine) => OcrEngine;
} = {}): Promise<LabelPipeline> {
  const engine = wrapEngine(await createOcrEngine({ threads }));
  return {
    async read(image) {
      const photo = await loadPhoto(image);
      if (!largeEnoughForLabel(photo)) {
        throw new LabelNotFoundError('The photo is too small or too thin to hold a readable label.');
      }
      const best = await findLabel(engine, photo);
      if (best && onChosen) onChosen(best);
      if (!best || best.parsed.structure < MIN_STRUCTURE) {
        throw new LabelNotFoundError('No grading label could be read on this photo.');
      }
      return toReading(engine, best);
    },
    close: () => engine.close(),
  };
}

/**
 * The smallest photo side worth reading: grader thumbnails 309 px across still give their title,
 * issue number and grade; a label in fewer pixels than this gives nothing.
 */
const MIN_PHOTO_SIDE = 160;
/** Greatest longer-over-shorter side of a photo worth reading: a label alone measures up to ~5:1. */
const MAX_PHOTO_ASPECT = 8;

/**
 * Whether a photo can hold a readable label. Without this, a 1 x 1 image or a 5000 x 32 strip took
 * 3-7 s of CPU before no label was found: its few-pixel top band was upscaled to the label width
 * and searched in every orientation.
 */
export function largeEnoughForLabel({ width, height }: { width: number; height: number }): boolean {
  const shorter = Math.min(width, height);
  return shorter >= MIN_PHOTO_SIDE && Math.max(width, height) <= MAX_PHOTO_ASPECT * shorter;
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
    const band = await readTopBand(engine, rotateRgb(photo, rotation));
    // Even a label whose whole structure was read goes on to the finder when it spans little of
    // the band: its small print was read downscaled with the band (years lost on the phone bench).
    if (consider(band) && !labelSmallInBand(band)) return best;
  }
  // The label was read but its small print not (a grader's thumbnail): no other view reads it
  // better, unless the label spans only part of the band (a phone photo with the slab small in
  // frame), where reading the label's outline rectified at the photo's resolution does.
  const first = best as Candidate | null;
  if (first && first.parsed.structure >= FOUND_STRUCTURE && !labelSmallInBand(first)) return best;
  // Not a tight slab scan (a phone photo with background, slab off-centre, turned or tilted): find
  // the label's outline from the text and the paper's edges, and read it rectified.
  // The finder looks at a landscape photo turned a quarter round, as the top band does: the slab
  // then stands upright, and the detector finds little of a label whose lines run down the photo.
  const finderView = landscape ? rotateRgb(photo, 90) : photo;
  const reader = quadReader(engine, finderView, consider);
  const found = await readFoundLabel(engine, finderView, reader);
  if (found === 'no-text') return best;
  const bestStructure = () => (best as Candidate | null)?.parsed.structure ?? 0;
  // A label found and read (the small print of a distant label may stay unread): the header search
  // and the other orientations would only find the same label again, at a second or more each.
  if (found.read || bestStructure() >= MIN_STRUCTURE) return best;
  // Last resort for upright photos: look for the label header anywhere in the photo and read the
  // band around it.
  // The likely orientations of a landscape photo are 90 and 270 degrees: one is the other turned
  // half round, so the header-shaped boxes found in the first are the second's, turned: only the
  // recognition runs again, not the detection pass (~1 s CPU on a photo where no label is found).
  let headerBoxes: HeaderBoxes | undefined;
  for (const rotation of likely) {
    const turned =
      headerBoxes && (rotation - headerBoxes.rotation + 360) % 360 === 180 ? headerBoxes : undefined;
    const around = await readAroundHeader(engine, rotateRgb(photo, rotation), turned, (boxes) => {
      headerBoxes = { rotation, ...boxes };
    });
    // No text anywhere in the photo (in any orientation text is still found): stop early.
    if (around === 'no-text') return best;
    if (consider(around)) return best;
  }
  // Nothing read yet: look once more with the photo's text turned level (before the unlikely
  // orientations, which read only slabs lying upside down or sideways in an upright photo).
  if (bestStructure() < MIN_STRUCTURE && (await readLevelledLabel(engine, finderView, found.map, reader))) {
    return best;
  }
  if (bestStructure() < MIN_STRUCTURE && (await readBesideGrade(engine, finderView, found.map, reader))) {
    return best;
  }
  for (const rotation of unlikely) {
    if (consider(await readTopBand(engine, rotateRgb(photo, rotation)))) return best;
  }
  return best;
}

/**
 * The header row spans ~35-40% of a label's width: a header narrower than this share of the image
 * it was read in means the label fills well under the image's width, and its small print was read
 * downscaled.
 */
const SMALL_HEADER_SHARE = 0.22;

function labelSmallInBand({ parsed, label }: Candidate): boolean {
  return parsed.headerBox !== null && parsed.headerBox.width < SMALL_HEADER_SHARE * label.width;
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
/** Greatest height over width of a padded outline worth reading: labels measure 0.2-0.35. */
const LABEL_MAX_ASPECT = 0.6;

/** An outline label-finder.ts found, mapped back into photo coordinates. */
type FoundQuad = Omit<LabelQuad, 'corners'> & { corners: Point[] };

/**
 * Reads found outlines, keeping the best reading through `consider`: every finder stage's outlines,
 * with what the earlier stages read (`structure`, the best label structure read so far).
 */
interface QuadReader {
  /** Reads each outline (the best one upside down too); true when a label was read. */
  read(quads: readonly { corners: readonly Point[] }[]): Promise<boolean>;
  structure(): number;
}

function quadReader(
  engine: OcrEngine,
  photo: RgbImage,
  consider: (candidate: Candidate | null) => boolean,
): QuadReader {
  let structure = 0;
  const read = async (quads: readonly { corners: readonly Point[] }[]): Promise<boolean> => {
    for (const [index, quad] of quads.entries()) {
      // The runner-up outline only when the best one showed no label at all, and only as found:
      // every reading costs about a second.
      if (index > 0 && structure >= MIN_STRUCTURE) break;
      const corners = quad.corners;
      if (!labelShaped(corners)) continue;
      const padded = padQuad(corners, FINDER_PAD_SIDE, FINDER_PAD_VERTICAL);
      const outlines = index === 0 ? [padded, flipQuad(padded)] : [padded];
      let firstMap: DetectionMap | undefined;
      for (const [turn, outline] of outlines.entries()) {
        const rectified = rectify(photo, outline);
        if (!rectified) continue;
        // The flipped outline's image is the first one's turned half round, and so is its
        // detection map: only the recognition runs again (0.15-0.8 s of detection saved).
        const known = turn === 1 && firstMap ? halfTurn(firstMap) : undefined;
        let candidate = await readBand(engine, rectified, quadWidth(corners), undefined, known);
        if (turn === 0) firstMap = candidate.map;
        // The outline may be the label's centre column only (the paper's edges not found, the
        // header stripe's taken for them) or take in much of the slab: the header's box says
        // where the whole label is. Read that region too and keep the better reading.
        const around = candidate.parsed.structure < GOOD_STRUCTURE ? aroundHeader(candidate, outline) : null;
        const aroundImage = around ? rectify(photo, around) : null;
        if (around && aroundImage) {
          const again = await readBand(engine, aroundImage, quadWidth(around) / (1 + 2 * AROUND_SIDE));
          if (again.score > candidate.score) candidate = again;
        }
        if (consider(candidate) || candidate.parsed.structure >= FOUND_STRUCTURE) return true;
        structure = Math.max(structure, candidate.parsed.structure);
      }
    }
    return false;
  };
  return { read, structure: () => structure };
}

/**
 * Finds label outlines in the whole photo (label-finder.ts), warps each to an upright rectangle and
 * reads it, upside down too when the first reading has little label structure. `read`: a good
 * reading was found (`consider` keeps the best); 'no-text' when the photo has no text at all.
 * `map`: the whole photo's detection map, for a later levelled look (readLevelledLabel).
 */
async function readFoundLabel(
  engine: OcrEngine,
  photo: RgbImage,
  reader: QuadReader,
): Promise<{ read: boolean; map: DetectionMap } | 'no-text'> {
  const map = await engine.detectionMap(photo, FINDER_LIMIT);
  if (!map.prob.some((p) => p > 0.3)) return 'no-text';
  const grey = await greyAtSize(photo, map.width, map.height);
  const coarse = findLabelQuads(map.prob, map.width, map.height, grey).map((quad) => ({
    ...quad,
    corners: quad.corners.map((p) => ({ x: p.x / map.scaleX, y: p.y / map.scaleY })),
  }));
  const found = { read: true, map };
  const notFound = { read: false, map };
  if (coarse.length > 0 && (await reader.read(coarse))) return found;
  // No outline, or none that reads as a label (a block of cover text taken for it): look closer
  // at the photo's text, where a label too small for the whole-photo map shows as a few boxes.
  if (reader.structure() >= MIN_STRUCTURE) return notFound;
  const boxes = findTextBoxes(map.prob, map.width, map.height);
  const fine = await findInTextRegions(engine, photo, map, textRegions(map, NEAR_REACH, boxes));
  if (fine.length > 0 && (await reader.read(fine))) return found;
  // A slab small in the frame shows only its grade (or header) in the whole-photo map, a few boxes
  // where a cover in view shows more: a region padded by two reaches around them holds part of the
  // label only. Look again, wider, and read its best label-shaped outlines only: on a photo with no
  // readable label every outline read costs a second or more.
  if (reader.structure() >= MIN_STRUCTURE) return notFound;
  if (boxes.length > WIDE_MAX_TEXT_BOXES) return notFound;
  const wide = (await findInTextRegions(engine, photo, map, textRegions(map, WIDE_REACH, boxes)))
    .filter((quad) => labelShaped(quad.corners))
    .slice(0, WIDE_OUTLINES);
  return { read: wide.length > 0 && (await reader.read(wide)), map };
}

/**
 * The finder's last look, when neither the outlines nor the header search read a label and the
 * photo's text runs well off level: the detector (PP-OCRv4 mobile) misses most of a label turned
 * 15-30 degrees, showing its grade and the cover's logo only, and finds its lines once they run
 * level. Looks again with the text turned level: the whole photo at the whole-photo map's scale,
 * then its text regions closer. True when a label was read.
 */
async function readLevelledLabel(
  engine: OcrEngine,
  photo: RgbImage,
  map: DetectionMap,
  reader: QuadReader,
): Promise<boolean> {
  const angle = dominantTextAngle(map.prob, map.width, map.height);
  if (angle === null || Math.abs(angle) < LEVEL_MIN_ANGLE) return false;
  const whole = { x: 0, y: 0, width: photo.width, height: photo.height };
  const levelled = await findInView(engine, photo, levelledView(whole, angle, map.scaleX));
  if (levelled.length > 0 && (await reader.read(levelled))) return true;
  if (reader.structure() >= MIN_STRUCTURE) return false;
  // A region whose outlines do not read (the slab's, not the label's) does not end the look: the
  // next region's did read dev-041 (seed 2, ADR 0033).
  for (const region of textRegions(map, NEAR_REACH).slice(0, FINE_REGIONS)) {
    const rect = toPhotoRect(region, map);
    const closer = await findInView(engine, photo, levelledView(rect, angle, closerScale(rect)));
    if (closer.length > 0 && (await reader.read(closer))) return true;
  }
  return false;
}

/**
 * Where a label lies around its grade, in sizes of the grade's box in the whole-photo map (grown
 * around the digits, and upright while the grade may be turned): from 1.5 behind the box's centre
 * to 7 ahead along the text, and 1.8 either side of it. Measured on CGC labels: about 6 ahead.
 */
const BESIDE_GRADE_BEHIND = 1.5;
const BESIDE_GRADE_AHEAD = 7;
const BESIDE_GRADE_ACROSS = 1.8;
/** Grade-shaped boxes read beside, biggest first: each costs two or three label reads. */
const GRADE_CANDIDATES = 2;

/**
 * The finder's last look, for a slab small in the frame whose label shows in the whole-photo map
 * by its grade alone (the big digits in their white box), beside a cover whose text draws every
 * other look. The detector misses the label's lines even in a closer view of them, but finds them
 * once the label is read at its full width: beside each grade-shaped box that reads as a grade,
 * the region along the grade's own direction is read as a found outline, on either side of it (the
 * label may lie upside down). True when a label was read.
 */
async function readBesideGrade(
  engine: OcrEngine,
  photo: RgbImage,
  map: DetectionMap,
  reader: QuadReader,
): Promise<boolean> {
  const whole = dominantTextAngle(map.prob, map.width, map.height) ?? 0;
  const grades = findTextBoxes(map.prob, map.width, map.height)
    .filter(gradeShaped(map))
    .sort((a, b) => b.width * b.height - a.width * a.height)
    .slice(0, GRADE_CANDIDATES);
  for (const box of grades) {
    // The grade's digits run along its label, where the photo's text may be a cover's logo.
    const angle = boxTextAngle(map, box) ?? whole;
    const rect = toPhotoRect(box, map);
    // A cover's art has grade-shaped boxes too: a photo with no label took 2.4 s more for them.
    if (!(await readsAsGrade(engine, photo, rect, angle))) continue;
    const sides = [angle, angle + 180].map((degrees) => ({ corners: besideGrade(rect, degrees) }));
    if (await reader.read(sides)) return true;
  }
  return false;
}

/** Whether a box (photo coordinates) reads as a grade ('9.8') along its text, either way up. */
async function readsAsGrade(
  engine: OcrEngine,
  photo: RgbImage,
  box: Rect,
  degrees: number,
): Promise<boolean> {
  // The recogniser reads lines 48 px tall: the box is looked at no smaller than that.
  const scale = Math.max(1, 64 / Math.min(box.width, box.height));
  for (const turn of [0, 180]) {
    const { outline, width, height } = levelledView(box, degrees + turn, scale);
    if (width < 8 || height < 8) return false;
    const view = warpQuadToRect(photo, outline, width, height);
    const [line] = await engine.recogniseBoxes(view, [{ x: 0, y: 0, width, height }]);
    if (line && parseGrade(line.text) !== null) return true;
  }
  return false;
}

/** Whether a box of the whole-photo map can be a grade: about square (two or three digits in a box). */
function gradeShaped(map: DetectionMap): (box: Rect) => boolean {
  const side = Math.min(map.width, map.height);
  return (box) =>
    box.width >= 0.6 * box.height &&
    box.width <= 2.5 * box.height &&
    box.height >= 0.01 * side &&
    Math.max(box.width, box.height) <= 0.15 * side;
}

/** The direction of the text inside one box of a detection map (label-finder's dominantTextAngle). */
function boxTextAngle(map: DetectionMap, box: Rect): number | null {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const width = Math.min(map.width, Math.ceil(box.x + box.width)) - x0;
  const height = Math.min(map.height, Math.ceil(box.y + box.height)) - y0;
  if (width < 2 || height < 2) return null;
  const prob = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    prob.set(map.prob.subarray((y0 + y) * map.width + x0, (y0 + y) * map.width + x0 + width), y * width);
  }
  return dominantTextAngle(prob, width, height);
}

/**
 * The outline (photo coordinates, clockwise from its top-left as read) of the region beside a
 * grade's box where the rest of its label lies, reading along `degrees`.
 */
export function besideGrade(box: Rect, degrees: number): Point[] {
  const size = Math.max(box.width, box.height);
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const across = BESIDE_GRADE_ACROSS * size;
  return turnedRect(
    centre,
    degrees,
    [-BESIDE_GRADE_BEHIND * size, BESIDE_GRADE_AHEAD * size],
    [-across, across],
  );
}

/** Text lines turned at least this far off level (degrees) are mostly missed by the detector. */
const LEVEL_MIN_ANGLE = 6;

/** A view of the photo: the region `outline` (photo coordinates) warped to a `width` x `height` image. */
interface View {
  outline: Point[];
  width: number;
  height: number;
}

/**
 * The view of `rect` (photo coordinates) turned about its centre so that text running at `degrees`
 * (label-finder's dominantTextAngle) runs level, grown to take in all of `rect`, at `scale` view
 * pixels per photo pixel.
 */
export function levelledView(rect: Rect, degrees: number, scale: number): View {
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const width = Math.ceil(rect.width * Math.abs(cos) + rect.height * Math.abs(sin));
  const height = Math.ceil(rect.width * Math.abs(sin) + rect.height * Math.abs(cos));
  const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  // The view's corners, about its centre, turned back by the text's angle into the photo.
  const outline = turnedRect(centre, degrees, [-width / 2, width / 2], [-height / 2, height / 2]);
  return { outline, width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * The corners (clockwise from the top-left as read), in photo coordinates, of the rectangle from u0
 * to u1 along a line at `degrees` through `centre` and from v0 to v1 across it (down the page).
 */
function turnedRect(
  centre: Point,
  degrees: number,
  [u0, u1]: readonly [number, number],
  [v0, v1]: readonly [number, number],
): Point[] {
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return [
    [u0, v0],
    [u1, v0],
    [u1, v1],
    [u0, v1],
  ].map(([u = 0, v = 0]) => ({ x: centre.x + u * cos - v * sin, y: centre.y + u * sin + v * cos }));
}

/** Label outlines (label-finder.ts) in a view of the photo, in photo coordinates. */
async function findInView(
  engine: OcrEngine,
  photo: RgbImage,
  { outline, width, height }: View,
): Promise<FoundQuad[]> {
  const toPhoto = homographyFromQuads(rectCorners(width, height), outline);
  if (!toPhoto || width < 32 || height < 32) return [];
  const view = warpQuadToRect(photo, outline, width, height);
  const map = await engine.detectionMap(view, Math.max(width, height));
  const grey = await greyAtSize(view, map.width, map.height);
  return findLabelQuads(map.prob, map.width, map.height, grey).map((quad) => ({
    ...quad,
    corners: quad.corners.map((p) => applyHomography(toPhoto, p.x / map.scaleX, p.y / map.scaleY)),
  }));
}

/** The corners of a `width` x `height` image, clockwise from its top-left. */
function rectCorners(width: number, height: number): Point[] {
  return [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
}

/** A rectangle of a detection map in photo coordinates. */
function toPhotoRect(region: Rect, map: DetectionMap): Rect {
  return {
    x: region.x / map.scaleX,
    y: region.y / map.scaleY,
    width: region.width / map.scaleX,
    height: region.height / map.scaleY,
  };
}

/** Text regions given a finer look when the whole-photo map shows no label, best first. */
const FINE_REGIONS = 2;
/** The finer detection pass sees a region at this size, upscaled at most FINE_MAX_UPSCALE times. */
const FINE_LIMIT = 1024;
const FINE_MAX_UPSCALE = 2.5;

/** How much a closer look upscales a region of the photo: to FINE_LIMIT, at most FINE_MAX_UPSCALE times. */
function closerScale({ width, height }: { width: number; height: number }): number {
  return Math.min(FINE_MAX_UPSCALE, FINE_LIMIT / Math.max(width, height));
}

/**
 * Padding around a cluster of text in the finer pass, in cluster reaches (6% of the map's longer
 * side): the near region keeps the label large in the finer view; the wide one, looked at only when
 * the near one read nothing, takes in a whole label of which only the grade showed.
 */
const NEAR_REACH = 2;
const WIDE_REACH = 4;
/** Outlines read from the wide look (best first). */
const WIDE_OUTLINES = 2;
/**
 * The wide look is taken only when the whole-photo map shows at most this many text boxes.
 * Measured on the phone bench: slabs small in the frame showed 1-4, photos with a cover in
 * view 7-16 (ADR 0024, session 8 addendum).
 */
const WIDE_MAX_TEXT_BOXES = 5;

/**
 * Second, finer look for a label too small in the frame for the whole-photo map (a slab a metre
 * away, a 1 MP photo): the label's small print is then 2-4 px tall in the map and only its header,
 * grade and the cover's big logo show as text. Around the biggest clusters of that text, the photo
 * is cropped, upscaled to FINE_LIMIT and searched again. Quads in photo coordinates.
 */
async function findInTextRegions(
  engine: OcrEngine,
  photo: RgbImage,
  map: DetectionMap,
  regions: readonly Rect[],
): Promise<FoundQuad[]> {
  for (const region of regions.slice(0, FINE_REGIONS)) {
    const rect = toPhotoRect(region, map);
    const crop = cropRgb(photo, rect);
    const scale = closerScale(crop);
    const view = scale > 1 ? await scaleToWidth(crop, Math.round(crop.width * scale)) : crop;
    const fine = await engine.detectionMap(view, FINE_LIMIT);
    const grey = await greyAtSize(view, fine.width, fine.height);
    const quads = findLabelQuads(fine.prob, fine.width, fine.height, grey);
    if (quads.length === 0) continue;
    // Map pixels -> view pixels -> crop pixels -> photo pixels (cropRgb clamps to the photo).
    const x0 = Math.max(0, Math.round(rect.x));
    const y0 = Math.max(0, Math.round(rect.y));
    const sx = fine.scaleX * (view.width / crop.width);
    const sy = fine.scaleY * (view.height / crop.height);
    return quads.map((quad) => ({
      ...quad,
      corners: quad.corners.map((p) => ({ x: x0 + p.x / sx, y: y0 + p.y / sy })),
    }));
  }
  return [];
}

/**
 * Clusters of text boxes in a detection map, padded to take in the rest of a label whose header,
 * grade or title alone were found (map coordinates), biggest amount of text first.
 */
export function textRegions(
  map: DetectionMap,
  padReaches = NEAR_REACH,
  boxes: readonly Rect[] = findTextBoxes(map.prob, map.width, map.height),
): Rect[] {
  if (boxes.length === 0) return [];
  const reach = 0.06 * Math.max(map.width, map.height);
  const clusters = clusterBoxes(boxes, (a, b) => {
    const gapX = Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width);
    const gapY = Math.max(a.y, b.y) - Math.min(a.y + a.height, b.y + b.height);
    return Math.max(gapX, gapY) < reach;
  });
  return clusters
    .map((cluster) => {
      const x0 = Math.min(...cluster.map((b) => b.x));
      const y0 = Math.min(...cluster.map((b) => b.y));
      const x1 = Math.max(...cluster.map((b) => b.x + b.width));
      const y1 = Math.max(...cluster.map((b) => b.y + b.height));
      // A cluster of the grade alone is a sixth of the label's width: pad enough to take in the rest.
      const pad = Math.max(0.5 * Math.max(x1 - x0, y1 - y0), padReaches * reach);
      const mass = cluster.reduce((sum, b) => sum + b.width * b.height, 0);
      const rect = {
        x: Math.max(0, x0 - pad),
        y: Math.max(0, y0 - pad),
        width: Math.min(map.width, x1 + pad) - Math.max(0, x0 - pad),
        height: Math.min(map.height, y1 + pad) - Math.max(0, y0 - pad),
      };
      return { rect, mass };
    })
    .sort((a, b) => b.mass - a.mass)
    .map(({ rect }) => rect);
}

/**
 * Where the whole label lies around its header, in header widths: CGC labels measure ~2.55 header
 * widths across, centred on the header, and ~0.65 down from just above the header's text.
 * Padded like the finder's outline so the label's ends are not clipped.
 */
const AROUND_HALF_WIDTH = 1.3;
const AROUND_SIDE = 0.06;
const AROUND_TOP = 0.15;
const AROUND_BOTTOM = 0.72;
/** A header whose centre is this share of the image's width off its centre: the label is not centred. */
const OFF_CENTRE = 0.08;

/**
 * The label's outline in photo coordinates from the header found in a rectified read of `outline`,
 * or null when the read's image already is about that region (header 0.3-0.45 of its width, centred).
 */
function aroundHeader({ parsed, label }: Candidate, outline: readonly Point[]): Point[] | null {
  const header = parsed.headerBox;
  if (!header) return null;
  const share = header.width / label.width;
  // The header is centred on the label: off the image's centre, the outline missed one end.
  const offCentre = Math.abs(header.x + header.width / 2 - label.width / 2) / label.width;
  if (share >= 0.3 && share <= 0.45 && offCentre < OFF_CENTRE) return null;
  const toPhoto = homographyFromQuads(rectCorners(label.width, label.height), outline);
  if (!toPhoto) return null;
  const unit = header.width;
  const cx = header.x + header.width / 2;
  const half = unit * AROUND_HALF_WIDTH * (1 + AROUND_SIDE);
  const top = header.y - AROUND_TOP * unit;
  const bottom = header.y + AROUND_BOTTOM * unit;
  return [
    { x: cx - half, y: top },
    { x: cx + half, y: top },
    { x: cx + half, y: bottom },
    { x: cx - half, y: bottom },
  ].map((p) => applyHomography(toPhoto, p.x, p.y));
}

/**
 * Whether a found outline, once padded, is shaped like a label. A near-square one is a cover's text
 * block inside the slab's edges: its read costs 2-8 s of CPU (its cover text), and none of 12 on the
 * phone bench showed a label.
 */
function labelShaped(corners: readonly Point[]): boolean {
  return outlineAspect(padQuad(corners, FINDER_PAD_SIDE, FINDER_PAD_VERTICAL)) <= LABEL_MAX_ASPECT;
}

/** Height over width of an outline: its corners listed a quarter turn round give its height as a width. */
function outlineAspect(corners: readonly Point[]): number {
  const [tl, tr, br, bl] = corners;
  return quadWidth([tl, bl, br, tr] as Point[]) / Math.max(1, quadWidth(corners));
}

/** Mean length of a quad's top and bottom edges, in photo pixels. */
function quadWidth([tl, tr, br, bl]: readonly Point[]): number {
  const dist = (a?: Point, b?: Point) => (a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0);
  return (dist(tl, tr) + dist(bl, br)) / 2;
}

/** Warps a label outline (clockwise from its top-left) to an upright LABEL_WIDTH-wide image. */
function rectify(photo: RgbImage, outline: readonly Point[]): RgbImage | null {
  const [tl, tr, br, bl] = outline as [Point, Point, Point, Point];
  const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  // A degenerate outline (edges intersecting far off, a near-singular homography) has no label in
  // it, and NaN sizes must never reach the native image and inference code.
  const reach = 4 * Math.hypot(photo.width, photo.height);
  const sane = (p: Point) =>
    Number.isFinite(p.x) && Number.isFinite(p.y) && Math.abs(p.x) + Math.abs(p.y) < reach;
  if (!outline.every(sane) || dist(tl, tr) + dist(bl, br) < 16) return null;
  const aspect = (dist(tl, bl) + dist(tr, br)) / Math.max(1, dist(tl, tr) + dist(bl, br));
  const height = Math.max(32, Math.min(LABEL_WIDTH, Math.round(LABEL_WIDTH * aspect)));
  return warpQuadToRect(photo, outline, LABEL_WIDTH, height);
}

/** The header-shaped boxes readAroundHeader found in one orientation (coordinates of its downscaled photo). */
interface HeaderBoxes {
  rotation: number;
  width: number;
  height: number;
  boxes: Rect[];
  /** Found again with the photo's text straightened by `turn` degrees, when `boxes` held no header. */
  straightened: { turn: number; boxes: Rect[] } | null;
}

/**
 * Text tilted at least this far (degrees) has header boxes under five times as wide as tall: the
 * detector's boxes are upright rectangles, and a header tilted 12 degrees measures about 2.3 to 1.
 */
const HEADER_TILT = 6;
/** Recognised at most: the header is a long line, and the cover art's text is not worth reading. */
const HEADER_CANDIDATES = 40;

/** The boxes that can be the header: long and line-shaped, within the first HEADER_CANDIDATES. */
function headerShaped(boxes: readonly Rect[], imageWidth: number): Rect[] {
  return boxes
    .filter((box) => box.width > 5 * box.height && box.width > imageWidth * 0.08)
    .slice(0, HEADER_CANDIDATES);
}

/** `boxes` of an image `width` x `height`, turned half round with it, top to bottom. */
function halfTurnBoxes(boxes: readonly Rect[], width: number, height: number): Rect[] {
  return boxes
    .map((b) => ({ x: width - b.x - b.width, y: height - b.y - b.height, width: b.width, height: b.height }))
    .sort((a, b) => a.y - b.y || a.x - b.x);
}

function findHeaderLine(lines: readonly OcrLine[]): OcrLine | undefined {
  return lines.find((line) => /CBCS|PGX/i.test(line.text) || isHeaderText(line.text));
}

/**
 * Finds the "CGC ... GRADE" header line anywhere in the photo and reads the label around it. When
 * no header is read and the photo's text runs HEADER_TILT or more off level, the same detection
 * map is looked at again with the text straightened (recognise's deskew, up to 10 degrees): a
 * tilted header was never recognised (ADR 0031).
 * `turned`: the header-shaped boxes already found in this photo turned half round; they are turned
 * back and only recognised (no detection pass). `onBoxes` receives the boxes this call found.
 */
async function readAroundHeader(
  engine: OcrEngine,
  photo: RgbImage,
  turned?: HeaderBoxes,
  onBoxes?: (boxes: Omit<HeaderBoxes, 'rotation'>) => void,
): Promise<Candidate | null | 'no-text'> {
  const scale = Math.min(1, 1280 / Math.max(photo.width, photo.height));
  const small = scale < 1 ? await scaleToWidth(photo, Math.round(photo.width * scale)) : photo;
  let header: OcrLine | undefined;
  let turn = 0;
  if (turned && turned.width === small.width && turned.height === small.height) {
    // No header-shaped box in the other orientation: none here either, and no header to find.
    if (turned.boxes.length === 0 && !turned.straightened?.boxes.length) return null;
    // Top to bottom, as the detection pass would list them (the first header-like line is taken).
    const boxes = halfTurnBoxes(turned.boxes, small.width, small.height);
    if (boxes.length > 0) header = findHeaderLine(await engine.recogniseBoxes(small, boxes));
    // Text tilted one way is tilted the same way in the photo turned half round.
    if (!header && turned.straightened && turned.straightened.boxes.length > 0) {
      turn = turned.straightened.turn;
      const again = halfTurnBoxes(turned.straightened.boxes, small.width, small.height);
      header = findHeaderLine(await engine.recogniseBoxes(rotateSmall(small, turn), again));
    }
  } else {
    let textFound = false;
    let selected: Rect[] = [];
    const first = await engine.recognise(small, {
      detLimit: 1280,
      selectBoxes: (boxes) => {
        textFound = boxes.length > 0;
        selected = headerShaped(boxes, small.width);
        return selected;
      },
    });
    if (!textFound) return 'no-text';
    header = findHeaderLine(first.lines);
    let straightened: HeaderBoxes['straightened'] = null;
    if (!header && Math.abs(first.skew) >= HEADER_TILT) {
      let again: Rect[] = [];
      const second = await engine.recognise(small, {
        detLimit: 1280,
        deskew: true,
        map: first.map,
        selectBoxes: (boxes) => (again = headerShaped(boxes, small.width)),
      });
      turn = second.image === small ? 0 : second.skew;
      straightened = { turn, boxes: again };
      header = findHeaderLine(second.lines);
    }
    onBoxes?.({ width: small.width, height: small.height, boxes: selected, straightened });
  }
  if (!header) return null;
  // Padded beyond the label's ends (~2.7 header widths): a header read short must not clip the title.
  // Down to 0.62 header widths below it: labels reach ~0.65 down from just above the header (see
  // AROUND_BOTTOM); at 0.5, a slab seen in perspective lost its grade (dev-115, ADR 0032).
  const unit = header.box.width;
  const cx = centreX(header.box);
  const top = header.box.y - 0.12 * unit;
  const bottom = header.box.y + 0.62 * unit;
  if (turn === 0) {
    const region: Rect = { x: cx - 1.5 * unit, y: top, width: 3 * unit, height: bottom - top };
    return readBand(engine, cropRgb(photo, scaleRect(region, 1 / scale)));
  }
  // The region is upright in the straightened photo: its corners, turned back, outline it in the photo.
  const outline = [
    { x: cx - 1.5 * unit, y: top },
    { x: cx + 1.5 * unit, y: top },
    { x: cx + 1.5 * unit, y: bottom },
    { x: cx - 1.5 * unit, y: bottom },
  ].map((corner) => {
    const p = rotateSmallSource(corner, small.width, small.height, turn);
    return { x: p.x / scale, y: p.y / scale };
  });
  const aroundImage = rectify(photo, outline);
  return aroundImage ? readBand(engine, aroundImage, (3 * unit) / scale) : null;
}

function scaleRect(rect: Rect, factor: number): Rect {
  return { x: rect.x * factor, y: rect.y * factor, width: rect.width * factor, height: rect.height * factor };
}

/**
 * Reads one label image; `sourceWidth` is the label's width in photo pixels (default: the band's);
 * `map`, the band's detection map when already known.
 */
async function readBand(
  engine: OcrEngine,
  band: RgbImage,
  sourceWidth = band.width,
  selectBoxes?: (boxes: Rect[]) => Rect[],
  map?: DetectionMap,
): Promise<Candidate> {
  const scaled = await scaleToWidth(band, LABEL_WIDTH);
  const result = await engine.recognise(scaled, { detLimit: 1408, deskew: true, selectBoxes, map });
  const label = result.image;
  const lines = markEdgeLines(result.lines, label.width);
  const parsed = parseLabel(toSegments(lines), label.width);
  const meanScore = lines.length ? lines.reduce((sum, line) => sum + line.score, 0) / lines.length : 0;
  return { parsed, label, map: result.map, lines, score: parsed.structure + 0.1 * meanScore, sourceWidth };
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
async function toReading(engine: OcrEngine, candidate: Candidate): Promise<LabelReading> {
  const { label, sourceWidth } = candidate;
  // Re-reading the small print of a thumbnail (3-4 px tall) gains nothing and costs time; its
  // publisher-and-date line is still read once against what it can say.
  const parsed =
    sourceWidth < LOW_RESOLUTION_WIDTH
      ? await readDateLinePatterns(engine, label, candidate.parsed)
      : await rereadSmallPrint(engine, label, candidate.parsed);
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
