// The label finder's looks at a photo whose top band showed no label (a phone photo: background,
// the slab off-centre, turned or tilted). Each look finds label outlines (label-finder.ts) in some
// view of the photo and hands them to a QuadReader, which reads them rectified and keeps the best
// reading (label-pipeline.ts). In the order label-pipeline's findLabel takes them: the whole-photo
// map's outlines, closer looks at its text regions (near, then wide); after the header search, the
// photo's text turned level, and last the region beside a lone grade.
import { applyHomography, homographyFromRect, warpQuadToRect, type Point } from './homography.js';
import { greyAtSize, scaleToWidth } from './image-loader.js';
import {
  bounds,
  clusterBoxes,
  dominantTextAngle,
  findLabelQuads,
  padQuad,
  type LabelQuad,
} from './label-finder.js';
import type { DetectionMap, OcrEngine } from './ocr-engine.js';
import { cropRgb, gapsBetween, type Rect, type RgbImage } from './raster.js';
import { findTextBoxes } from './text-detection.js';
import { parsePrintedGrade } from './validators.js';

/** The detector sees the whole photo at this size when looking for the label's outline. */
const FINDER_LIMIT = 1024;
/** Padding around the found outline, as shares of its width and height: never clip the label's ends. */
const FINDER_PAD_SIDE = 0.04;
const FINDER_PAD_VERTICAL = 0.08;
/** Greatest height over width of a padded outline worth reading: labels measure 0.2-0.35. */
const LABEL_MAX_ASPECT = 0.6;

/** An outline label-finder.ts found, mapped back into photo coordinates. */
export type FoundQuad = Omit<LabelQuad, 'corners'> & { corners: Point[] };

/**
 * Reads found outlines and keeps the best reading (label-pipeline's quadReader): every look's
 * outlines are read with what the earlier looks read.
 */
export interface QuadReader {
  /** Reads each outline (the best one upside down too); true when a label was read. */
  read(quads: readonly { corners: readonly Point[] }[]): Promise<boolean>;
  /**
   * Whether some outline read so far showed part of a label (its grade and one more landmark): a
   * look then stops short of its costlier outlines, which would find the same label again.
   */
  sawLabel(): boolean;
}

/**
 * The whole photo's detection map, with its text boxes and its text direction (label-finder's
 * dominantTextAngle) worked out once, when a look first asks: every look after the first uses them.
 */
export interface WholePhotoMap {
  map: DetectionMap;
  boxes(): Rect[];
  angle(): number | null;
  /** The boxes that read as a grade (gradesInPhoto), looked for once. */
  grades(): Promise<GradeInPhoto[]>;
}

function wholePhotoMap(engine: OcrEngine, photo: RgbImage, map: DetectionMap): WholePhotoMap {
  let boxes: Rect[] | undefined;
  let angle: number | null | undefined;
  let grades: Promise<GradeInPhoto[]> | undefined;
  const whole: WholePhotoMap = {
    map,
    boxes: () => (boxes ??= findTextBoxes(map.prob, map.width, map.height)),
    angle: () => (angle === undefined ? (angle = dominantTextAngle(map.prob, map.width, map.height)) : angle),
    grades: () => (grades ??= gradesInPhoto(engine, photo, whole)),
  };
  return whole;
}

/**
 * Finds label outlines in the whole photo (label-finder.ts), warps each to an upright rectangle and
 * reads it, upside down too when the first reading has little label structure. `read`: a good
 * reading was found (the reader keeps the best); 'no-text' when the photo has no text at all.
 * `whole`: the whole photo's detection map, for the later looks (readLevelledLabel, readBesideGrade).
 * `gradeSeen`: some view of the photo showed a box that reads as a grade (see `gradesInPhoto`).
 * `gradeFirst`: read nothing unless some box of the whole-photo map reads as a grade running
 * nearer level than upright (`levelInView`): a second look at a photo, turned so that a label the
 * first look missed runs level, where a cover alone would spend a second and more on its outlines
 * and text regions, and as much again on the later looks if one of its boxes read as a grade.
 */
export async function readFoundLabel(
  engine: OcrEngine,
  photo: RgbImage,
  reader: QuadReader,
  { gradeFirst = false }: { gradeFirst?: boolean } = {},
): Promise<{ read: boolean; whole: WholePhotoMap; gradeSeen: boolean } | 'no-text'> {
  const map = await engine.detectionMap(photo, FINDER_LIMIT);
  if (!map.prob.some((p) => p > 0.3)) return 'no-text';
  const whole = wholePhotoMap(engine, photo, map);
  if (gradeFirst && !(await whole.grades()).some(levelInView))
    return { read: false, whole, gradeSeen: false };
  const grey = await greyAtSize(photo, map.width, map.height);
  const coarse = findLabelQuads(map.prob, map.width, map.height, grey, whole.angle()).map((quad) => ({
    ...quad,
    corners: quad.corners.map((p) => ({ x: p.x / map.scaleX, y: p.y / map.scaleY })),
  }));
  if (coarse.length > 0 && (await reader.read(coarse))) return { read: true, whole, gradeSeen: true };
  // No outline, or none that reads as a label (a block of cover text taken for it): look closer
  // at the photo's text, where a label too small for the whole-photo map shows as a few boxes.
  // Every label shows its grade: when no box of the whole-photo map reads as one (the label too
  // small, or its grade run into other text there), a closer view's outlines are read only if
  // that view shows one: a photo of a cover alone spent 1-2 s reading its cover text (ADR 0037).
  // An outline that showed part of a label showed its grade.
  if (reader.sawLabel()) return { read: false, whole, gradeSeen: true };
  const seen = { gradeSeen: (await whole.grades()).length > 0 };
  const notFound = () => ({ read: false, whole, gradeSeen: seen.gradeSeen });
  const boxes = whole.boxes();
  const fine = await findInTextRegions(engine, photo, map, textRegions(map, NEAR_REACH, boxes), seen);
  if (fine.length > 0 && (await reader.read(fine))) return { read: true, whole, gradeSeen: true };
  // A slab small in the frame shows only its grade (or header) in the whole-photo map, a few boxes
  // where a cover in view shows more: a region padded by two reaches around them holds part of the
  // label only. Look again, wider, and read its best label-shaped outlines only: on a photo with no
  // readable label every outline read costs a second or more.
  if (reader.sawLabel() || boxes.length > WIDE_MAX_TEXT_BOXES) return notFound();
  const wide = (await findInTextRegions(engine, photo, map, textRegions(map, WIDE_REACH, boxes), seen))
    .filter((quad) => labelShaped(quad.corners))
    .slice(0, WIDE_OUTLINES);
  if (wide.length > 0 && (await reader.read(wide))) return { read: true, whole, gradeSeen: true };
  return notFound();
}

/**
 * The finder's levelled look, when neither the outlines nor the header search read a label and the
 * photo's text runs well off level: the detector (PP-OCRv4 mobile) misses most of a label turned
 * 15-30 degrees, showing its grade and the cover's logo only, and finds its lines once they run
 * level. Looks again with the text turned level: the whole photo at the whole-photo map's scale,
 * then its text regions closer. True when a label was read.
 */
export async function readLevelledLabel(
  engine: OcrEngine,
  photo: RgbImage,
  { map, boxes, angle: textAngle }: WholePhotoMap,
  reader: QuadReader,
): Promise<boolean> {
  const angle = textAngle();
  if (angle === null || Math.abs(angle) < LEVEL_MIN_ANGLE) return false;
  const whole = { x: 0, y: 0, width: photo.width, height: photo.height };
  const levelled = await findInView(engine, photo, levelledView(whole, angle, map.scaleX));
  if (levelled.length > 0 && (await reader.read(levelled))) return true;
  if (reader.sawLabel()) return false;
  // A region whose outlines do not read (the slab's, not the label's) does not end the look: the
  // next region's did read dev-041 (seed 2, ADR 0033).
  for (const region of textRegions(map, NEAR_REACH, boxes()).slice(0, FINE_REGIONS)) {
    const rect = toPhotoRect(region, map);
    // The levelled whole view above saw the photo at the map's scale: a region seen no closer
    // gives its outlines again (dev-049, seed 4: 1239 x 1290 against 1225 x 1280, 1.8 s).
    if (!closerThanMap(rect, map)) continue;
    const closer = await findInView(engine, photo, levelledView(rect, angle, closerScale(rect)));
    if (closer.length > 0 && (await reader.read(closer))) return true;
  }
  return false;
}

/**
 * How far the turned look turns the photo (degrees). A label turned 15-30 degrees shows the
 * detector nothing, not even its grade, when the whole-photo map sees it small: dev-030 on phone
 * seed 7, turned 28 degrees with its label 680 px across, showed only the cover's logo, and read
 * in full once the photo was turned 15, 25 or 30 degrees (ADR 0058).
 */
const TURNED_LOOK_DEGREES = 25;

/**
 * The finder's look for a label no view showed a grade of: the whole photo turned
 * TURNED_LOOK_DEGREES the way its text leans (a cover's logo leans with its slab), at the
 * whole-photo map's scale, its outlines read if the view shows a grade. True when a label was read.
 * Taken only when every other look found nothing, so a photo with no label pays for it before it
 * is turned down: one detection pass of the turned photo and a few small reads, 0.5-1 s on the
 * phone bench. Turning the other way too read nothing more on seed 7 and cost as much again.
 */
export async function readTurnedLabel(
  engine: OcrEngine,
  photo: RgbImage,
  { map, angle }: WholePhotoMap,
  reader: QuadReader,
): Promise<boolean> {
  const whole = { x: 0, y: 0, width: photo.width, height: photo.height };
  const degrees = (angle() ?? 0) < 0 ? -TURNED_LOOK_DEGREES : TURNED_LOOK_DEGREES;
  const quads = await findInView(engine, photo, levelledView(whole, degrees, map.scaleX), {
    gradeFirst: true,
  });
  return quads.length > 0 && (await reader.read(quads));
}

/**
 * Where a label lies around its grade, in sizes of the grade's box in the whole-photo map (grown
 * around the digits, and upright while the grade may be turned): from 1.5 behind the box's centre
 * to 7 ahead along the text, and 1.8 either side of it. Measured on CGC labels: about 6 ahead.
 */
const BESIDE_GRADE_BEHIND = 1.5;
const BESIDE_GRADE_AHEAD = 7;
const BESIDE_GRADE_ACROSS = 1.8;
/**
 * Read beside: this many of the boxes that read as a grade, biggest first. Each costs two or three
 * label reads. They are counted among the boxes that read as a grade, not among all grade-shaped
 * ones: on a slab lying on other comics the two biggest grade-shaped boxes are often the cover's
 * print, and the label's grade the third (ADR 0082).
 */
const GRADE_CANDIDATES = 2;

/**
 * The finder's last look, for a slab small in the frame whose label shows in the whole-photo map
 * by its grade alone (the big digits in their white box), beside a cover whose text draws every
 * other look. The detector misses the label's lines even in a closer view of them, but finds them
 * once the label is read at its full width: beside each grade-shaped box that reads as a grade
 * (`grades`, gradesInPhoto's), the region along the grade's own direction is read as a found
 * outline, on either side of it (the label may lie upside down). True when a label was read.
 */
export async function readBesideGrade(grades: readonly GradeInPhoto[], reader: QuadReader): Promise<boolean> {
  for (const { rect, angle } of grades.slice(0, GRADE_CANDIDATES)) {
    const sides = [angle, angle + 180].map((degrees) => ({ corners: besideGrade(rect, degrees) }));
    if (await reader.read(sides)) return true;
  }
  return false;
}

/**
 * A grade whose text runs nearer level than upright in its view (within 45 degrees either way up).
 * A view turned a quarter round from the first is looked at for a label that ran up the first: its
 * grade runs level in the turned view. A box of cover art read as a grade at 45 degrees (dev-039's
 * phone variant, seed 1) is no nearer level in one view than in the other, and sent a photo with
 * no label through every later look of the turned view: 6 s (ADR 0079).
 */
function levelInView({ angle }: GradeInPhoto): boolean {
  return Math.abs(angle) < 45;
}

/** Grade-shaped boxes looked at for a grade, biggest first: each costs two small recognitions. */
const GRADE_CHECKS = 12;

/** A box of the whole-photo map that reads as a grade: in photo coordinates, with its text's direction. */
export interface GradeInPhoto {
  rect: Rect;
  angle: number;
}

/**
 * The biggest grade-shaped boxes of the whole-photo map that read as a grade ('9.8'). A label
 * always shows its grade, big digits in their own box, which the detector finds even where it
 * misses the label's lines (a label turned 15-30 degrees, a slab small in the frame): a photo with
 * none is, almost always, a photo with no label.
 */
export async function gradesInPhoto(
  engine: OcrEngine,
  photo: RgbImage,
  { map, boxes, angle: textAngle }: WholePhotoMap,
  enough = GRADE_CHECKS,
): Promise<GradeInPhoto[]> {
  const photoAngle = textAngle() ?? 0;
  const candidates = [...boxes(), ...joinDigitBoxes(boxes())]
    .filter(gradeShaped(map))
    .sort((a, b) => b.width * b.height - a.width * a.height)
    .slice(0, GRADE_CHECKS);
  const grades: GradeInPhoto[] = [];
  for (const box of candidates) {
    // The grade's digits run along its label, where the photo's text may be a cover's logo.
    const angle = boxTextAngle(map, box) ?? photoAngle;
    const rect = toPhotoRect(box, map);
    // A cover's art has grade-shaped boxes too: a photo with no label took 2.4 s more for them.
    if (await readsAsGrade(engine, photo, rect, angle)) grades.push({ rect, angle });
    if (grades.length >= enough) break;
  }
  return grades;
}

/** Whether some box of `view`'s detection map reads as a grade (the first found ends the search). */
async function showsGrade(engine: OcrEngine, view: RgbImage, map: DetectionMap): Promise<boolean> {
  return (await gradesInPhoto(engine, view, wholePhotoMap(engine, view, map), 1)).length > 0;
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
    // Two digits, never a lone one: a cover's '9' read as the grade 9.0 sent a photo with no label
    // on to the levelled look (dev-096, 1.5-2 s on every phone set; ADR 0036).
    if (line && parsePrintedGrade(line.text) !== null) return true;
  }
  return false;
}

/**
 * Joining the digits of a grade shown as a box per digit (joinDigitBoxes): boxes whose heights are
 * within this ratio, side by side with a gap under DIGIT_GAP of the lower one's height, overlapping
 * down the page by more than DIGIT_OVERLAP of it.
 */
const DIGIT_HEIGHT_RATIO = 1.6;
const DIGIT_GAP = 0.6;
const DIGIT_OVERLAP = 0.5;

/**
 * A grade small in the frame can show in the whole-photo map as a box per digit ('9' and '8'),
 * each of which reads as a lone digit: the boxes of such a row, joined into one box each (rows of
 * a single box are left out: they are checked as they are).
 */
export function joinDigitBoxes(boxes: readonly Rect[]): Rect[] {
  const sideBySide = (a: Rect, b: Rect) => {
    const low = Math.min(a.height, b.height);
    if (Math.max(a.height, b.height) > DIGIT_HEIGHT_RATIO * low) return false;
    const gap = gapsBetween(a, b);
    return gap.x < DIGIT_GAP * low && gap.y < -DIGIT_OVERLAP * low;
  };
  return clusterBoxes(boxes, sideBySide)
    .filter((row) => row.length > 1)
    .map(bounds);
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
/**
 * Text this far off level (degrees, either way) and up to 45 (past that it runs nearer upright, a
 * slab lying sideways, which the header search's quarter turns read): the header search finds no
 * header there, and the levelled look goes first (ADR 0067). Its header-shaped boxes must be five
 * times as wide as tall, which a header tilted 12 degrees is not, and its straightened second look
 * turns text 10 degrees at most. The steepest text it was seen to read was tilted 19.75 degrees
 * (dev-085, phone seed 1); this leaves a margin for the angle's error, measured on the whole photo.
 */
const PAST_HEADER_SEARCH_TILT = 22;

/** Whether the photo's text is tilted too far for the header search and not yet upright (see above). */
export function tiltedPastHeaderSearch(whole: WholePhotoMap): boolean {
  const angle = whole.angle();
  return angle !== null && Math.abs(angle) >= PAST_HEADER_SEARCH_TILT && Math.abs(angle) <= 45;
}

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

/**
 * Label outlines (label-finder.ts) in a view of the photo, in photo coordinates. `gradeFirst`: none
 * unless some box of the view reads as a grade, as for the closer looks of a photo no view has
 * shown one in (ADR 0037): reading a cover's outlines costs 0.5-1 s each.
 */
async function findInView(
  engine: OcrEngine,
  photo: RgbImage,
  { outline, width, height }: View,
  { gradeFirst = false } = {},
): Promise<FoundQuad[]> {
  const toPhoto = homographyFromRect(width, height, outline);
  if (!toPhoto || width < 32 || height < 32) return [];
  const view = warpQuadToRect(photo, outline, width, height);
  const map = await engine.detectionMap(view, Math.max(width, height));
  const grey = await greyAtSize(view, map.width, map.height);
  const quads = findLabelQuads(map.prob, map.width, map.height, grey);
  if (gradeFirst && quads.length > 0 && !(await showsGrade(engine, view, map))) return [];
  return quads.map((quad) => ({
    ...quad,
    corners: quad.corners.map((p) => applyHomography(toPhoto, p.x / map.scaleX, p.y / map.scaleY)),
  }));
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

/** A closer look sees its region at least this many times larger than the whole-photo map does. */
const CLOSER_MIN = 1.3;

/**
 * Whether a closer look at `rect` (photo coordinates) sees it larger than the whole-photo map did.
 * A region about as big as the photo (text all over a cover) is seen no closer: its outlines would
 * be the map's again, read again at 0.5-1.5 s (ADR 0037).
 */
function closerThanMap(rect: Rect, map: DetectionMap): boolean {
  return closerScale(rect) >= CLOSER_MIN * map.scaleX;
}

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
 * `seen.gradeSeen`: whether some view showed a grade. While none has, a region's outlines are
 * returned only when its own view shows one (which then sets it).
 */
async function findInTextRegions(
  engine: OcrEngine,
  photo: RgbImage,
  map: DetectionMap,
  regions: readonly Rect[],
  seen: { gradeSeen: boolean },
): Promise<FoundQuad[]> {
  for (const region of regions.slice(0, FINE_REGIONS)) {
    const rect = toPhotoRect(region, map);
    if (!closerThanMap(rect, map)) continue;
    const crop = cropRgb(photo, rect);
    const scale = closerScale(crop);
    const view = scale > 1 ? await scaleToWidth(crop, Math.round(crop.width * scale)) : crop;
    const fine = await engine.detectionMap(view, FINE_LIMIT);
    const grey = await greyAtSize(view, fine.width, fine.height);
    const quads = findLabelQuads(fine.prob, fine.width, fine.height, grey);
    if (quads.length === 0) continue;
    if (!seen.gradeSeen) {
      if (!(await showsGrade(engine, view, fine))) continue;
      seen.gradeSeen = true;
    }
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
    const gap = gapsBetween(a, b);
    return Math.max(gap.x, gap.y) < reach;
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
 * Whether a found outline, once padded, is shaped like a label. A near-square one is a cover's text
 * block inside the slab's edges: its read costs 2-8 s of CPU (its cover text), and none of 12 on the
 * phone bench showed a label.
 */
export function labelShaped(corners: readonly Point[]): boolean {
  return outlineAspect(padOutline(corners)) <= LABEL_MAX_ASPECT;
}

/** A found outline padded so that the label's ends are not clipped when it is read. */
export function padOutline(corners: readonly Point[]): [Point, Point, Point, Point] {
  return padQuad(corners, FINDER_PAD_SIDE, FINDER_PAD_VERTICAL);
}

/** Height over width of an outline: its corners listed a quarter turn round give its height as a width. */
function outlineAspect(corners: readonly Point[]): number {
  const [tl, tr, br, bl] = corners;
  return quadWidth([tl, bl, br, tr] as Point[]) / Math.max(1, quadWidth(corners));
}

/** Mean length of a quad's top and bottom edges, in photo pixels. */
export function quadWidth([tl, tr, br, bl]: readonly Point[]): number {
  const dist = (a?: Point, b?: Point) => (a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0);
  return (dist(tl, tr) + dist(bl, br)) / 2;
}
