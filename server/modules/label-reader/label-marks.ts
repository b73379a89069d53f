// Whether a found outline shows a label at all, asked before it is read in full. A label always
// prints its grade ('9.8', big digits in their own box) and its header ('CGC UNIVERSAL GRADE'), and
// the detector finds both even where it misses the small print; a block of cover text the finder
// took for a label shows neither. Reading such an outline in full (and upside down) cost 0.5-1.2 s
// of CPU, up to nine times on one tilted phone photo (ADR 0044).
import { isHeaderText } from './header-words.js';
import { textBoxes, type DetectionMap, type OcrEngine } from './ocr-engine.js';
import { cropRgb, rotateRgb, type Rect, type RgbImage } from './raster.js';
import { parsePrintedGrade } from './validators.js';

/** Grade-shaped and header-shaped boxes looked at, biggest first: each costs a small recognition. */
const GRADE_BOXES = 3;
const HEADER_BOXES = 3;
/** The grade's digits in a label image: at least this share of its width tall (about 0.04-0.06). */
const MIN_GRADE_HEIGHT = 0.015;
/** The header spans about 0.35-0.4 of a label's width; a header read short, less. */
const MIN_HEADER_WIDTH = 0.12;

/**
 * Whether `image` (a found outline, rectified) shows a box that reads as a label's grade or header.
 * `map` is its detection map (the one its full read will use). `eitherWayUp`: the boxes are read
 * upside down too, for an outline that will be read both ways up.
 */
export async function showsLabelMark(
  engine: OcrEngine,
  image: RgbImage,
  map: DetectionMap,
  eitherWayUp: boolean,
): Promise<boolean> {
  // The boxes the full read would recognise: a tilted outline's lines merge until straightened.
  const { upright, boxes } = textBoxes(image, map, true);
  const grades = boxes
    .filter((b) => b.width >= 0.6 * b.height && b.width <= 2.5 * b.height)
    .filter((b) => b.height >= MIN_GRADE_HEIGHT * image.width && b.height <= 0.8 * image.height)
    .sort((a, b) => b.width * b.height - a.width * a.height)
    .slice(0, GRADE_BOXES);
  if (await readsAs(engine, upright, grades, eitherWayUp, (text) => parsePrintedGrade(text) !== null))
    return true;
  const headers = boxes
    .filter((b) => b.width > 5 * b.height && b.width >= MIN_HEADER_WIDTH * image.width)
    .sort((a, b) => b.width - a.width)
    .slice(0, HEADER_BOXES);
  return readsAs(
    engine,
    upright,
    headers,
    eitherWayUp,
    (text) => /CBCS|PGX/i.test(text) || isHeaderText(text),
  );
}

/** Whether one of `boxes` of `image` reads as `wanted` says, as it is or (eitherWayUp) turned half round. */
async function readsAs(
  engine: OcrEngine,
  image: RgbImage,
  boxes: readonly Rect[],
  eitherWayUp: boolean,
  wanted: (text: string) => boolean,
): Promise<boolean> {
  if (boxes.length === 0) return false;
  if ((await engine.recogniseBoxes(image, [...boxes])).some((line) => wanted(line.text))) return true;
  if (!eitherWayUp) return false;
  for (const box of boxes) {
    const turned = rotateRgb(cropRgb(image, box), 180);
    const [line] = await engine.recogniseBoxes(turned, [
      { x: 0, y: 0, width: turned.width, height: turned.height },
    ]);
    if (line && wanted(line.text)) return true;
  }
  return false;
}
