// Whether a found outline shows a label at all, asked before it is read in full. A label always
// prints its grade ('9.8', big digits in their own box) and its header ('CGC UNIVERSAL GRADE'), and
// the detector finds both even where it misses the small print; a block of cover text the finder
// took for a label shows neither. Reading such an outline in full (and upside down) cost 0.5-1.2 s
// of CPU, up to nine times on one tilted phone photo (ADR 0044).
import { readsAsHeader } from './header-words.js';
import type { OcrEngine, TextBoxes } from './ocr-engine.js';
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
 * Whether a found outline, rectified, shows a box that reads as a label's grade or header: `text`
 * is its text boxes (`textBoxes` of its detection map, straightened as its full read will be).
 * `eitherWayUp`: the boxes are read upside down too, for an outline that will be read both ways up.
 * Boxes are read one at a time, the likeliest first: a label shows its grade at the first try.
 */
export async function showsLabelMark(
  engine: OcrEngine,
  text: TextBoxes,
  eitherWayUp: boolean,
): Promise<boolean> {
  const { upright: image, boxes } = text;
  const grades = boxes
    .filter((b) => b.width >= 0.6 * b.height && b.width <= 2.5 * b.height)
    .filter((b) => b.height >= MIN_GRADE_HEIGHT * image.width && b.height <= 0.8 * image.height)
    .sort((a, b) => b.width * b.height - a.width * a.height)
    .slice(0, GRADE_BOXES);
  const headers = boxes
    .filter((b) => b.width > 5 * b.height && b.width >= MIN_HEADER_WIDTH * image.width)
    .sort((a, b) => b.width - a.width)
    .slice(0, HEADER_BOXES);
  const checks = [
    ...grades.map((box) => ({ box, wanted: isGrade })),
    ...headers.map((box) => ({ box, wanted: readsAsHeader })),
  ];
  for (const turn of eitherWayUp ? ([0, 180] as const) : ([0] as const)) {
    for (const { box, wanted } of checks) {
      const [line] =
        turn === 0
          ? await engine.recogniseBoxes(image, [box])
          : await engine.recogniseBoxes(...halfTurned(image, box));
      if (line && wanted(line.text)) return true;
    }
  }
  return false;
}

const isGrade = (text: string) => parsePrintedGrade(text) !== null;

/** One box of `image` turned half round, as an image of its own and the box that is all of it. */
function halfTurned(image: RgbImage, box: Rect): [RgbImage, Rect[]] {
  const turned = rotateRgb(cropRgb(image, box), 180);
  return [turned, [{ x: 0, y: 0, width: turned.width, height: turned.height }]];
}
