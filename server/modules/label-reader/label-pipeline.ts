// One photo in, one reading out, on the calling thread (the worker pool runs this off the main
// thread). Steps: decode -> orientation candidates -> label band -> OCR -> parse -> barcode check.
// A label the top band does not read is looked for by the finder's looks (finder-looks.ts), in the
// order findLabel below takes them; every outline they find is read here (quadReader).
import type { LabelReading } from '../../../shared/label-reading.js';
import { readLabelBarcode } from './barcode.js';
import { createCertDigitReader, type CertDigitReader } from './cert-digits.js';
import { overallConfidence } from './confidence-calibration.js';
import { smallLabelNote } from './small-label-note.js';
import { showsLabelMark } from './label-marks.js';
import { LabelNotFoundError } from './errors.js';
import {
  labelShaped,
  padOutline,
  quadWidth,
  readBesideGrade,
  readFoundLabel,
  readLevelledLabel,
  readTurnedLabel,
  tiltedPastHeaderSearch,
  type QuadReader,
  type WholePhotoMap,
} from './finder-looks.js';
import { readsAsHeader } from './header-words.js';
import { applyHomography, homographyFromRect, warpQuadToRect, type Point } from './homography.js';
import { loadPhoto, scaleToWidth } from './image-loader.js';
import { flipQuad } from './label-finder.js';
import { parseLabel, type ParsedLabel } from './label-parser.js';
import type { LineMatrix } from './pattern-decode.js';
import {
  createOcrEngine,
  halfTurn,
  textBoxes,
  type DetectionMap,
  type OcrEngine,
  type OcrLine,
  type TextBoxes,
} from './ocr-engine.js';
import {
  fillCertFromDigits,
  lineMatrixAround,
  readDateLinePatterns,
  rereadSmallPrint,
} from './small-print.js';
import { doubtCoveredFields } from './label-covers.js';
import { repairTitleLine } from './title-words.js';
import { readLostIssueNumber } from './issue-after-hash.js';
import { doubtLetterO } from './title-zeros.js';
import { repairVariantLine } from './variant-words.js';
import { cropRgb, rotateRgb, rotateSmall, rotateSmallSource, type Rect, type RgbImage } from './raster.js';
import { findTextBoxes } from './text-detection.js';
import { centreX, toSegments } from './text-layout.js';
import { withPublisherFromTitle } from './title-publisher.js';
import { isValidCertNumber } from './validators.js';

/** Reads labels on the current thread; create once (it loads the OCR models), reuse, close. */
export interface LabelPipeline {
  read(image: Buffer): Promise<LabelReading>;
  /** The reading, with what the recogniser saw on the label's variant line (`ReadingWithVariantLine`). */
  readWithVariantLine(image: Buffer): Promise<ReadingWithVariantLine>;
  close(): Promise<void>;
}

/**
 * A reading and the recogniser's output for the label's variant line (null when the label showed
 * none, or only at a thumbnail's 3-4 px): the extraction reads it against the dealer's price guide's
 * variants for the book (extraction/variant-snap.ts), which the reader does not have.
 */
export interface ReadingWithVariantLine {
  reading: LabelReading;
  variantLine: LineMatrix | null;
}

export type Rotation = 0 | 90 | 180 | 270;

/** The label band is OCR'd at this width: small label text becomes ~25-30 px tall. */
const LABEL_WIDTH = 1400;
/** The detector sees a label image (LABEL_WIDTH wide) at this size when it is read. */
const READ_LIMIT = 1408;
/** Share of a slab's height taken by the label band (measured ~16% on CGC slabs; margin for tilt). */
export const TOP_BAND = 0.21;
/** Structure score (header, grade, title, cert found) at which a candidate is accepted at once. */
const GOOD_STRUCTURE = 1;
/** A found label read with this much structure (e.g. header, grade, title) ends the search. */
const FOUND_STRUCTURE = 0.75;
/** Below this no label was found: two of header, grade, title line with issue number, and cert number. */
const MIN_STRUCTURE = 0.5;

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
  /** Read from a top band of the photo (`readTopBand`), not from a label outline rectified. */
  fromBand?: boolean;
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
  const certDigits = await createCertDigitReader();
  const chooseLabel = async (image: Buffer): Promise<Candidate> => {
    const photo = await loadPhoto(image);
    if (!largeEnoughForLabel(photo)) {
      throw new LabelNotFoundError('The photo is too small or too thin to hold a readable label.');
    }
    const found = await findLabel(engine, photo);
    // The finder's outlines are read around their header already when it matters (`aroundHeader`).
    const tighter = found?.fromBand && labelSmallInBand(found) ? await readTighter(engine, found) : null;
    const best = tighter && tighter.parsed.structure >= (found?.parsed.structure ?? 0) ? tighter : found;
    if (best && onChosen) onChosen(best);
    if (!best || best.parsed.structure < MIN_STRUCTURE) {
      throw new LabelNotFoundError('No grading label could be read on this photo.');
    }
    return best;
  };
  return {
    read: async (image) => toReading(engine, certDigits, await chooseLabel(image)),
    async readWithVariantLine(image) {
      const best = await chooseLabel(image);
      return {
        reading: await toReading(engine, certDigits, best),
        variantLine: await variantLineOf(engine, best),
      };
    },
    close: async () => {
      await certDigits.close();
      await engine.close();
    },
  };
}

/**
 * The recogniser's output for the chosen label's variant line: one recognition of the line. A
 * thumbnail's line is 3-4 px tall, where what the recogniser saw is no guide (as in toReading).
 */
async function variantLineOf(
  engine: OcrEngine,
  { label, parsed, sourceWidth }: Candidate,
): Promise<LineMatrix | null> {
  if (sourceWidth < LOW_RESOLUTION_WIDTH || !parsed.variantBox) return null;
  return lineMatrixAround(engine, label, parsed.variantBox);
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
  // The photo turned whole, each way at most once: the finder and the header search share a view.
  const views = new Map<Rotation, RgbImage>([[0, photo]]);
  const view = (rotation: Rotation): RgbImage => {
    const turned = views.get(rotation) ?? rotateRgb(photo, rotation);
    views.set(rotation, turned);
    return turned;
  };
  let best: Candidate | null = null;
  const consider = (candidate: Candidate | null) => {
    if (candidate && (!best || candidate.score > best.score)) best = candidate;
    return candidate !== null && candidate.parsed.structure >= GOOD_STRUCTURE;
  };
  // Bands whose quick look showed no label text, or a label small in the band, read in full only
  // if the finder reads no label.
  const passedOver: { band: RgbImage; look: BandLook }[] = [];
  for (const rotation of likely) {
    const band = topBand(photo, rotation);
    const look = await lookAtBand(engine, band);
    if (look !== 'label-fills-band') {
      passedOver.push({ band, look });
      continue;
    }
    const read = await readTopBand(engine, band);
    // Even a label whose whole structure was read goes on to the finder when it spans little of
    // the band: its small print was read downscaled with the band (years lost on the phone bench).
    if (consider(read) && !labelSmallInBand(read)) return best;
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
  const finderView = view(landscape ? 90 : 0);
  const reader = quadReader(engine, finderView, consider);
  const found = await readFoundLabel(engine, finderView, reader);
  if (found === 'no-text') return best;
  const bestStructure = () => (best as Candidate | null)?.parsed.structure ?? 0;
  const search: PhotoSearch = { view, consider, bestStructure };
  // The finder read no label, or one without its grade: a band passed over may hold the label
  // (small in it, or too small for the quick look), and its read at the label width gives the
  // grade, large print, where the finder's did not (dev-065 on seed 4). `consider` keeps the
  // better reading. Labels read with their grade keep the finder's reading: its small print is
  // read at the photo's resolution (ADR 0035).
  // A band whose quick look showed no label text is read only for the grade: its read never did
  // better than a reading with its grade (20 times on three phone sets, ADR 0059).
  const gradeRead = ((best as Candidate | null)?.parsed.cgcGrade ?? null) !== null;
  if (!found.read || !gradeRead)
    for (const { band, look } of passedOver)
      if (look !== 'no-label-text' || !gradeRead) consider(await readTopBand(engine, band));
  // A label found and read (the small print of a distant label may stay unread): the header search
  // and the other orientations would only find the same label again, at a second or more each.
  if (found.read || bestStructure() >= MIN_STRUCTURE) return best;
  if ((await finderLooksAfterOutlines(engine, search, finderView, found, reader, likely)) !== null)
    return best;
  // The finder looks once more at the photo turned the other way (ADR 0078, 0079), with its later
  // looks; only here, when every look above has read nothing. A landscape photo as taken: a phone
  // held sideways over a slab lying upright on other comics, whose label's lines ran down the
  // quarter-turned view, where the cover art gave the finder more text than the label. A portrait
  // photo turned a quarter round: a slab lying sideways, whose grade the whole-photo map did not
  // read as one (its digits ran up the view), so no look beside it was taken.
  const otherView = view(landscape ? 0 : 90);
  const otherReader = quadReader(engine, otherView, consider);
  // Only where some box of that view reads as a grade running level in it (`gradeFirst`): a photo
  // of a cover alone has taken two seconds and more by now.
  const other = await readFoundLabel(engine, otherView, otherReader, { gradeFirst: true });
  if (other === 'no-text' || other.read || bestStructure() >= MIN_STRUCTURE) return best;
  // With no grade seen, `gradeFirst` stopped before the outlines: the later looks are left out
  // with them, the turned-label look too (it is for a view with no grade). The header is looked
  // for in the view's own orientation (a landscape photo's slab stands upright as taken), or either
  // way up (a portrait photo's slab lay sideways either way).
  if (other.gradeSeen) {
    const headerRotations: Rotation[] = landscape ? [0] : [90, 270];
    const later = await finderLooksAfterOutlines(
      engine,
      search,
      otherView,
      other,
      otherReader,
      headerRotations,
    );
    if (later !== null) return best;
  }
  for (const rotation of unlikely) {
    const band = topBand(photo, rotation);
    if ((await lookAtBand(engine, band)) !== 'no-label-text' && consider(await readTopBand(engine, band)))
      return best;
  }
  return best;
}

/** What the looks at one photo share (findLabel): its turned views, and the best reading so far. */
interface PhotoSearch {
  view: (rotation: Rotation) => RgbImage;
  /** Keeps a candidate if it is the best so far; true when it reads enough of a label to stop. */
  consider: (candidate: Candidate | null) => boolean;
  /** The best reading's structure so far (0 when none). */
  bestStructure: () => number;
}

/**
 * The finder's looks after its outlines in `finderView` read no label (findLabel): with the
 * photo's text levelled, around a header found in the views `headerRotations` turn the photo to,
 * and beside a grade; or, when no view showed a grade, for a label turned 15-30 degrees. 'read'
 * when a label was read; 'no-text' when the header search found no text at all (the photo has
 * none: stop looking); null when nothing was read.
 */
async function finderLooksAfterOutlines(
  engine: OcrEngine,
  { view, consider, bestStructure }: PhotoSearch,
  finderView: RgbImage,
  found: { whole: WholePhotoMap; gradeSeen: boolean },
  reader: QuadReader,
  headerRotations: readonly Rotation[],
): Promise<'read' | 'no-text' | null> {
  // No view of the photo showed a grade: a photo with no label (a cover alone), where the header
  // search, the levelled look and the look beside a grade find nothing (ADR 0036, 0037).
  if (found.gradeSeen) {
    // Look once more with the photo's text turned level (before the unlikely orientations, which
    // read only slabs lying upside down or sideways in an upright photo); only when some box of the
    // whole-photo map reads as a grade (ADR 0036). Then beside those grades.
    const levelled = async () =>
      (await found.whole.grades()).length > 0 &&
      (await readLevelledLabel(engine, finderView, found.whole, reader));
    // Text tilted past what the header search's detector finds: the levelled look first (ADR 0067).
    const tilted = tiltedPastHeaderSearch(found.whole);
    if (tilted && (await levelled())) return 'read';
    if (bestStructure() < MIN_STRUCTURE) {
      const header = await searchForHeader(engine, view, headerRotations, consider);
      // No text anywhere in the photo (in any orientation text is still found): stop early.
      if (header !== null) return header;
    }
    // The grade check (up to twelve small reads) runs only when these looks may be taken.
    if (bestStructure() < MIN_STRUCTURE) {
      if (!tilted && (await levelled())) return 'read';
      const grades = await found.whole.grades();
      if (bestStructure() < MIN_STRUCTURE && (await readBesideGrade(grades, reader))) return 'read';
    }
  } else if (await readTurnedLabel(engine, finderView, found.whole, reader)) {
    // No view showed a grade: a label turned 15-30 degrees may show none (ADR 0058).
    return 'read';
  }
  return null;
}

/**
 * The header row spans ~35-40% of a label's width, and a tight scan's label fills its band: a
 * header narrower than this share of the image it was read in means the label fills under ~80% of
 * the image's width (a phone photo), and its small print was read downscaled.
 * At 0.3 rather than 0.22, the finder's rectified read of such labels gave small print the band
 * read had missed, and lost none (ADR 0035).
 */
const SMALL_HEADER_SHARE = 0.3;

function labelSmallInBand({ parsed, label }: Candidate): boolean {
  return parsed.headerBox !== null && parsed.headerBox.width < SMALL_HEADER_SHARE * label.width;
}

/**
 * A label read from a top band it spans little of (`labelSmallInBand`), read again from the region
 * around its header (the label's extent, as `aroundHeader` takes it) enlarged to the label width.
 * In the band its lines were detected a third of their usual size, and a thin first letter fell
 * outside its box ('pider-Boy1', dev-085 on phone seed 4; ADR 0065). Null when there is no header.
 */
async function readTighter(
  engine: OcrEngine,
  { parsed, label, sourceWidth }: Candidate,
): Promise<Candidate | null> {
  const header = parsed.headerBox;
  if (!header) return null;
  const around = labelAroundHeader(header);
  const x0 = Math.max(0, around.x);
  const x1 = Math.min(label.width, around.x + around.width);
  const y0 = Math.max(0, around.y);
  const y1 = Math.min(label.height, around.y + around.height);
  if (x1 - x0 < 16 || y1 - y0 < 16) return null;
  const region = cropRgb(label, { x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  // Awaited here so that this read shows in the stack (the tests watch for it).
  return await readBand(engine, region, (region.width * sourceWidth) / label.width);
}

/**
 * The band across the top of the photo turned by `rotation` that is (mostly) the slab, where a
 * tight scan's label lies. It is cut from the photo before it is turned, so that only the band is
 * turned: turning a 4 MP photo whole for each of the unlikely orientations took 70-80 ms each.
 */
export function topBand(photo: RgbImage, rotation: Rotation = 0): RgbImage {
  const { width, height } = photo;
  const quarter = rotation === 90 || rotation === 270;
  const depth = Math.round((quarter ? width : height) * TOP_BAND);
  // Where the turned photo's top lies in the photo (rotateRgb turns clockwise).
  const side: Rect =
    rotation === 0
      ? { x: 0, y: 0, width, height: depth }
      : rotation === 90
        ? { x: 0, y: 0, width: depth, height }
        : rotation === 180
          ? { x: 0, y: height - depth, width, height: depth }
          : { x: width - depth, y: 0, width: depth, height };
  return rotateRgb(cropRgb(photo, side), rotation);
}

/**
 * The longer side of the top band's quick look, half the label width: a label that fills the band
 * still prints its lines 10-17 px tall there, and the pass costs a quarter of the full one.
 */
const BAND_LOOK_LIMIT = 704;

/**
 * The widest line of the quick look, as a share of the band's width, under which the label spans
 * too little of the band for the band's read to be kept (`labelSmallInBand`). On the dev scans,
 * whose labels fill the band, the header spans 0.35-0.39 of it and the widest line 0.36 or more
 * (0.28 once, the header found as two boxes). On phone photos whose band read found the header
 * under 0.3 of the band, the widest line spanned 0.12-0.40 (seed 1) and 0.24-0.30 (seed 2).
 * ADR 0041.
 */
const SMALL_LOOK_SHARE = 0.26;

type BandLook = 'no-label-text' | 'label-small-in-band' | 'label-fills-band';

/**
 * What a quick, coarse detection pass over the band shows. On phone photos the top band is mostly
 * background or cover art: its full detection pass at the label width (0.15 s, twice for a
 * landscape photo) was spent before the finder looked for the label anyway. And a label that spans
 * only part of the band is read better by the finder, rectified at the photo's resolution
 * (`labelSmallInBand`): its band read (0.4-0.8 s) was spent before the finder read it again.
 * findLabel reads such bands in full after all when the finder reads no label; a label that spans
 * only part of the band may also print too small for this look to see.
 */
async function lookAtBand(engine: OcrEngine, band: RgbImage): Promise<BandLook> {
  // A thumbnail's band is enlarged for the look, as readBand enlarges it for the read.
  const image = band.width < BAND_LOOK_LIMIT ? await scaleToWidth(band, BAND_LOOK_LIMIT) : band;
  const map = await engine.detectionMap(image, BAND_LOOK_LIMIT);
  const lines = labelLines(findTextBoxes(map.prob, map.width, map.height));
  if (lines.length === 0) return 'no-label-text';
  const widest = Math.max(...lines.map((box) => box.width));
  return widest < SMALL_LOOK_SHARE * map.width ? 'label-small-in-band' : 'label-fills-band';
}

/** Reads a photo's top band (`topBand`) at the label width. */
async function readTopBand(engine: OcrEngine, band: RgbImage): Promise<Candidate> {
  return { ...(await readBand(engine, band, band.width, looksLikeLabelText)), fromBand: true };
}

/** Line-shaped boxes (header, title, publisher, cert lines...), when there are enough for a label. */
function labelLines(boxes: readonly Rect[]): Rect[] {
  const lines = boxes.filter((box) => box.width > 2 * box.height);
  return lines.length >= 4 ? lines : [];
}

/**
 * Whether a band's text boxes can be a label: a band of table and cover art is not worth
 * recognising, and skipping it keeps phone photos fast.
 */
function looksLikeLabelText(boxes: Rect[]): Rect[] {
  return labelLines(boxes).length > 0 ? boxes : [];
}

/**
 * The finder's QuadReader (finder-looks.ts): reads each outline rectified that shows a grade or a
 * header (label-marks.ts), the best one upside down too and around its header when that says the
 * outline missed part of the label, keeping the best reading through `consider`; every look's
 * outlines are read with what the earlier looks read.
 */
function quadReader(
  engine: OcrEngine,
  photo: RgbImage,
  consider: (candidate: Candidate | null) => boolean,
): QuadReader {
  let structure = 0;
  const sawLabel = () => structure >= MIN_STRUCTURE;
  const read = async (quads: readonly { corners: readonly Point[] }[]): Promise<boolean> => {
    for (const [index, quad] of quads.entries()) {
      // The runner-up outline only when the best one showed no label at all, and only as found:
      // every reading costs about a second.
      if (index > 0 && sawLabel()) break;
      const corners = quad.corners;
      if (!labelShaped(corners)) continue;
      const padded = padOutline(corners);
      const outlines = index === 0 ? [padded, flipQuad(padded)] : [padded];
      let firstMap: DetectionMap | undefined;
      let text: TextBoxes | undefined;
      for (const [turn, outline] of outlines.entries()) {
        const rectified = rectify(photo, outline);
        if (!rectified) continue;
        if (turn === 0) {
          // An outline showing neither a grade nor a header (either way up) is cover text: not
          // read in full (ADR 0044). Its detection map is the one the full read would make.
          firstMap = await engine.detectionMap(rectified, READ_LIMIT);
          text = textBoxes(rectified, firstMap, true);
          if (!(await showsLabelMark(engine, text, outlines.length > 1))) break;
        }
        // The flipped outline's image is the first one's turned half round, and so is its
        // detection map: only the recognition runs again (0.15-0.8 s of detection saved).
        const known =
          turn === 1 && firstMap ? { map: halfTurn(firstMap) } : firstMap && { map: firstMap, text };
        let candidate = await readBand(engine, rectified, quadWidth(corners), undefined, known);
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
        // The header read this way up: the label is upright, and read upside down it did not read
        // better once in 22 such outlines on three phone sets (ADR 0059). Not read again.
        if (candidate.parsed.headerBox) break;
      }
    }
    return false;
  };
  return { read, sawLabel };
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
  const toPhoto = homographyFromRect(label.width, label.height, outline);
  if (!toPhoto) return null;
  const { x, y, width, height } = labelAroundHeader(header);
  return [
    { x, y },
    { x: x + width, y },
    { x: x + width, y: y + height },
    { x, y: y + height },
  ].map((p) => applyHomography(toPhoto, p.x, p.y));
}

/** The whole label's extent from its header's box (AROUND_*), in the same coordinates. */
function labelAroundHeader(header: Rect): Rect {
  const unit = header.width;
  const half = unit * AROUND_HALF_WIDTH * (1 + AROUND_SIDE);
  const top = header.y - AROUND_TOP * unit;
  return {
    x: header.x + header.width / 2 - half,
    y: top,
    width: 2 * half,
    height: header.y + AROUND_BOTTOM * unit - top,
  };
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
  return lines.find((line) => readsAsHeader(line.text));
}

/**
 * Last resort for upright photos: looks for the label header anywhere in the photo, in each of the
 * likely orientations, and reads the band around it (readAroundHeader). 'read': `consider` took a
 * good reading; 'no-text': the photo shows no text at all.
 * The likely orientations of a landscape photo are 90 and 270 degrees: one is the other turned
 * half round, so the header-shaped boxes found in the first are the second's, turned: only the
 * recognition runs again, not the detection pass (~1 s CPU on a photo where no label is found).
 * `view` gives the photo turned each way (the finder's own view among them).
 */
async function searchForHeader(
  engine: OcrEngine,
  view: (rotation: Rotation) => RgbImage,
  likely: readonly Rotation[],
  consider: (candidate: Candidate | null) => boolean,
): Promise<'read' | 'no-text' | null> {
  let headerBoxes: HeaderBoxes | undefined;
  for (const rotation of likely) {
    const turned =
      headerBoxes && (rotation - headerBoxes.rotation + 360) % 360 === 180 ? headerBoxes : undefined;
    const around = await readAroundHeader(engine, view(rotation), turned, (boxes) => {
      headerBoxes = { rotation, ...boxes };
    });
    if (around === 'no-text') return 'no-text';
    if (consider(around)) return 'read';
  }
  return null;
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
 * `known`, the band's detection map (and its text boxes) when already known.
 */
async function readBand(
  engine: OcrEngine,
  band: RgbImage,
  sourceWidth = band.width,
  selectBoxes?: (boxes: Rect[]) => Rect[],
  known?: { map: DetectionMap; text?: TextBoxes },
): Promise<Candidate> {
  const scaled = await scaleToWidth(band, LABEL_WIDTH);
  const result = await engine.recognise(scaled, {
    detLimit: READ_LIMIT,
    deskew: true,
    selectBoxes,
    ...known,
  });
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
async function toReading(
  engine: OcrEngine,
  certDigits: CertDigitReader,
  candidate: Candidate,
): Promise<LabelReading> {
  const { label, sourceWidth } = candidate;
  // A label under LOW_RESOLUTION_WIDTH across in the photo: a grader's thumbnail, or a label as
  // small in a phone photo.
  const thumbnail = sourceWidth < LOW_RESOLUTION_WIDTH;
  // Re-reading the small print of a thumbnail (3-4 px tall) gains nothing and costs time; its
  // publisher-and-date line is still read once against what it can say. The digit recogniser,
  // trained on labels 300-650 px across, reads the cert line of both (ADR 0070).
  const reread = thumbnail
    ? await readDateLinePatterns(engine, label, candidate.parsed)
    : await rereadSmallPrint(engine, label, candidate.parsed);
  const smallPrint = await fillCertFromDigits(certDigits, label, reread);
  // The issue number first: a title cut clear of a misread number is what repairTitleLine checks.
  const numbered = await readLostIssueNumber(engine, label, smallPrint);
  const titled = await doubtLetterO(engine, label, await repairTitleLine(engine, label, numbered));
  // A thumbnail's variant line is 3-4 px tall: what the recogniser saw there is no guide.
  const lined = thumbnail ? titled : await repairVariantLine(engine, label, titled);
  // Last, once the title is final: a publisher line that gave nothing, guessed from the title.
  const parsed = withPublisherFromTitle(lined);
  // A finger, glare or a sticker over either end of the label (label-covers.ts).
  const { notes, fieldConfidence } = doubtCoveredFields(label, parsed);
  if (thumbnail) {
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
  // Thumbnails have their note above.
  const smallLabel = thumbnail
    ? null
    : smallLabelNote(sourceWidth, {
        cgcCertNumber: cert,
        // As the label gave it: a publisher guessed from the title was not read from the label.
        publisher: lined.publisher,
        labelDate: parsed.labelDate,
      });
  if (smallLabel) notes.push(smallLabel);
  return {
    title: parsed.title,
    issueNumber: parsed.issueNumber,
    publisher: parsed.publisher,
    publicationYear: parsed.publicationYear,
    cgcGrade: parsed.cgcGrade,
    cgcCertNumber: cert,
    variant: parsed.variant,
    keyIssue: parsed.keyIssue,
    confidence: overallConfidence(fieldConfidence),
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
