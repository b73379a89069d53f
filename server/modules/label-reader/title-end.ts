// The end of the title line covered on the slab: a thumb holding it, glare on the plastic, a
// sticker. The issue number is printed there, so it loses its last digits and still reads as sure
// as the rest: with a thumb-coloured shape over the last tenth of the title line, 'Action Comics
// #105' for '#1056' at 0.97, 'Venom #2' for '#23' at 0.99 (ten such on the dev scans; ADR 0053).
// A crop that cuts the line is caught elsewhere (reachesRightEdge in label-parser.ts,
// markEdgeLines in label-pipeline.ts); this is the label itself covered.
//
// The title line is centred, so on a clean label the margins just left and just right of it both
// lie on the label's plain paper. A right margin unlike the left one is taken for a cover. The
// title's centre against the publisher line's was tried as a second sign: a phone photo's small
// print is read off its centre too often, and the two together caught 40 of 51 covers, the
// margins alone 48.
// Not seen: a cover ending inside a digit ('108' read as '100') under paper-coloured glare.
import type { Rect, RgbImage } from './raster.js';

/** The margin strips beside the line: this far from its box, this wide, in line heights. */
const MARGIN_GAP = 0.15;
const MARGIN_WIDTH = 0.6;

/**
 * The right margin is no paper when its colour (each channel's share of the sum) differs from the
 * left margin's by this much: clean labels' two margins differed by at most 0.055 (scans, phone
 * seeds 1 and 2: a phone photo's uneven light changes brightness, not colour); skin over a blue
 * label by up to 0.115.
 */
const MARGIN_COLOUR_CHANGE = 0.06;

/**
 * ...or when it is brighter than the left margin by this ratio, or darker than this: glare over a
 * blue label was 1.25-1.30 times as bright; a clean label's right margin 0.80-0.98 times on 90% of
 * the same photos (the labels' print and the phone bench's light both darken to the right).
 */
const MARGIN_BRIGHTER = 1.05;
const MARGIN_DARKER = 0.6;

/**
 * The left margin is taken for plain paper only when its pixels vary this little (the mean of the
 * three channels' standard deviations): at most 3.7 on 95% of the scans' left margins. A grainier
 * one holds print (dev-095, set flush left beside the grade box: 27), and gives no paper to
 * compare the right margin with.
 */
const PAPER_GRAIN = 6.5;

interface Strip {
  /** Mean red, green and blue. */
  mean: number[];
  /** Mean of the three channels' standard deviations. */
  grain: number;
}

/** The colour of `image` over columns x0..x1 and rows y0..y1 (clipped), or null when empty. */
function stripOf(image: RgbImage, x0: number, x1: number, y0: number, y1: number): Strip | null {
  const left = Math.max(0, Math.round(x0));
  const right = Math.min(image.width, Math.round(x1));
  const top = Math.max(0, Math.round(y0));
  const bottom = Math.min(image.height, Math.round(y1));
  if (right <= left || bottom <= top) return null;
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const at = (y * image.width + x) * 3;
      for (let channel = 0; channel < 3; channel++) {
        const value = image.data[at + channel] ?? 0;
        sum[channel]! += value;
        squares[channel]! += value * value;
      }
    }
  }
  const count = (right - left) * (bottom - top);
  const mean = sum.map((value) => value / count);
  const deviations = squares.map((value, channel) =>
    Math.sqrt(Math.max(0, value / count - mean[channel]! ** 2)),
  );
  return { mean, grain: (deviations[0]! + deviations[1]! + deviations[2]!) / 3 };
}

/**
 * Whether the label's margin just right of the title line `title` looks unlike the plain paper of
 * the margin just left of it. False when a margin falls outside `label` (the crop's edge has rules
 * of its own), or when the left margin is no plain paper.
 */
export function marginHidesLineEnd(label: RgbImage, title: Rect): boolean {
  const gap = MARGIN_GAP * title.height;
  const width = MARGIN_WIDTH * title.height;
  const rightStart = title.x + title.width + gap;
  const leftEnd = title.x - gap;
  if (title.height <= 0 || leftEnd - width < 0 || rightStart + width > label.width) return false;
  // The middle half of the line's height: its box may take in the edge of the header band above.
  const top = title.y + title.height / 4;
  const bottom = title.y + (title.height * 3) / 4;
  const left = stripOf(label, leftEnd - width, leftEnd, top, bottom);
  const right = stripOf(label, rightStart, rightStart + width, top, bottom);
  if (!left || !right || left.grain > PAPER_GRAIN) return false;
  const leftSum = left.mean.reduce((a, b) => a + b, 0);
  const rightSum = right.mean.reduce((a, b) => a + b, 0);
  // Black paper: anything brighter beside the line is no paper.
  if (leftSum < 1) return rightSum >= 1;
  const brightness = rightSum / leftSum;
  const colourChange = Math.max(
    ...right.mean.map((value, channel) =>
      Math.abs(value / Math.max(rightSum, 1) - left.mean[channel]! / leftSum),
    ),
  );
  return colourChange >= MARGIN_COLOUR_CHANGE || brightness > MARGIN_BRIGHTER || brightness < MARGIN_DARKER;
}

/**
 * The highest confidence of an issue number read from a title line whose end may be hidden: below
 * the check bar once calibrated (issue numbers raw 0.5-0.58 are calibrated to 0.56), so the seller
 * is asked to check it, as for a '#' not read.
 */
export const HIDDEN_END_ISSUE_CONFIDENCE = 0.55;

export const HIDDEN_END_NOTE =
  'The end of the title line may be covered (a finger, glare or a sticker): please check the issue number.';
