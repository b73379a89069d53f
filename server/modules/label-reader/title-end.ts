// The ends of the title line covered on the slab: a thumb holding it, glare on the plastic, a
// sticker. Whatever is left still reads as sure as the rest.
// - Its end holds the issue number: with a thumb-coloured shape over the last tenth of the title
//   line, 'Action Comics #105' for '#1056' at 0.97, 'Venom #2' for '#23' at 0.99 (ten such on the
//   dev scans; ADR 0053).
// - Its start holds the title's first word: with a shape over the first tenth, 'pider-Boy' and
//   'azing Spider-Man' at 0.94 (65-71 of 112 dev scans wrong at 0.8 or more; ADR 0054).
// A crop that cuts the line is caught elsewhere (reachesRightEdge in label-parser.ts,
// markEdgeLines in label-pipeline.ts); this is the label itself covered.
//
// The title line is centred, so on a clean label the margins just left and just right of it both
// lie on the label's plain paper.
// - The end: a right margin unlike the left one is taken for a cover. The title's centre against
//   the publisher line's was tried as a second sign: a phone photo's small print is read off its
//   centre too often, and the two together caught 40 of 51 covers, the margins alone 48.
// - The start: the right margin is no reference there (CGC's labels shade to blue towards the
//   hologram), so the left margin is compared with the paper between the title's own letters. Glare
//   is much the colour of a pale label; it is told by its near-white, or by the title line standing
//   right of the label's centre column, as it does when a word or more of it is hidden.
// Not seen: a cover ending inside a digit ('108' read as '100') under paper-coloured glare.
import { brightestQuarterColour, compareColours } from './paper-colour.js';
import { pixelEdges, type Edges, type Rect, type RgbImage } from './raster.js';

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

/** The colour of `image` between `edges` (clipped), or null when no pixel is left. */
function stripOf(image: RgbImage, edges: Edges): Strip | null {
  const pixels = pixelEdges(image, edges);
  if (!pixels) return null;
  const { left, right, top, bottom } = pixels;
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

/** The strips of `label` just left and just right of the title line, over the middle half of its height. */
function marginsOf(label: RgbImage, title: Rect): { left: Strip; right: Strip } | null {
  const gap = MARGIN_GAP * title.height;
  const width = MARGIN_WIDTH * title.height;
  const rightStart = title.x + title.width + gap;
  const leftEnd = title.x - gap;
  if (title.height <= 0 || leftEnd - width < 0 || rightStart + width > label.width) return null;
  // The middle half of the line's height: its box may take in the edge of the header band above.
  const top = title.y + title.height / 4;
  const bottom = title.y + (title.height * 3) / 4;
  const left = stripOf(label, { left: leftEnd - width, right: leftEnd, top, bottom });
  const right = stripOf(label, { left: rightStart, right: rightStart + width, top, bottom });
  return left && right ? { left, right } : null;
}

/**
 * Whether the label's margin just right of the title line `title` looks unlike the plain paper of
 * the margin just left of it. False when a margin falls outside `label` (the crop's edge has rules
 * of its own), or when the left margin is no plain paper.
 */
export function marginHidesLineEnd(label: RgbImage, title: Rect): boolean {
  const margins = marginsOf(label, title);
  if (!margins || margins.left.grain > PAPER_GRAIN) return false;
  const { left, right } = margins;
  // Black paper: anything brighter beside the line is no paper.
  if (left.mean.reduce((a, b) => a + b, 0) < 1) return right.mean.reduce((a, b) => a + b, 0) >= 1;
  const { brightness, colourChange } = compareColours(right.mean, left.mean);
  return colourChange >= MARGIN_COLOUR_CHANGE || brightness > MARGIN_BRIGHTER || brightness < MARGIN_DARKER;
}

/**
 * The left margin is no paper when its colour differs from the paper between the title's letters
 * by this much: clean labels' differed by at most 0.024 (scans, phone seeds 1 and 2); skin by
 * 0.04-0.13 (a thumb over a pale yellow label the least).
 */
const START_COLOUR_CHANGE = 0.035;

/**
 * Glare over the left margin: every channel at least this bright, and its dimmest channel this
 * many times the paper's (a near-white label's margin is no brighter than its paper).
 */
const GLARE_LEVEL = 235;
const GLARE_OVER_PAPER = 1.15;

/**
 * The paper's mean colour between the title's letters, over the middle half of the line (both
 * ways): away from either end, where a cover may reach into the box.
 */
function paperOfLine(label: RgbImage, title: Rect): number[] | null {
  return brightestQuarterColour(label, {
    x: title.x + title.width / 4,
    y: title.y + title.height / 4,
    width: title.width / 2,
    height: title.height / 2,
  });
}

/**
 * Whether the label's margin just left of the title line `title` looks unlike the paper between
 * its letters: a thumb, near-white glare, or a dark finger or sticker (under MARGIN_DARKER: clean
 * left margins were at least 0.94 times as bright as that paper). False when the margin falls
 * outside `label`.
 */
export function marginHidesLineStart(label: RgbImage, title: Rect): boolean {
  const margins = marginsOf(label, title);
  const paper = paperOfLine(label, title);
  if (!margins || !paper) return false;
  const left = margins.left.mean;
  const { brightness, colourChange } = compareColours(left, paper);
  const dimmest = Math.min(...left);
  const glare = dimmest >= GLARE_LEVEL && dimmest >= GLARE_OVER_PAPER * Math.min(...paper);
  return colourChange >= START_COLOUR_CHANGE || brightness < MARGIN_DARKER || glare;
}

/**
 * Whether the title line starts too near the label image's left edge for its left margin to be
 * measured. On CGC's labels the grade stands left of the title, so the image was cut short there:
 * at a cover's edge, when the finder outlined only the label's uncovered part ('ergirl and the
 * Legion of Super-Heroes' and 'Spider-Man' for 'Amazing Spider-Man' at 0.94, with a thumb over
 * the start on phone seed 1). Clean labels' titles start at least a line height in (scans, phone
 * seeds 1 and 2; once 0.48 on seed 2, a title read at 0).
 */
export function lineStartsAtImageEdge(title: Rect): boolean {
  return title.x < (MARGIN_GAP + MARGIN_WIDTH) * title.height;
}

/**
 * The title line's centre this many of its heights right of both the publisher line's and the cert
 * number's centres: a word or more of its start is hidden. One of them alone is read off centre
 * too often in a phone photo (up to 0.99 on phone seed 2); with both, clean labels measured at most
 * 0.05 (scans), 0.25 (phone seed 1) and 0.12 (phone seed 2). The first letter hidden moves the
 * centre 0-0.3 line heights, a word 0.4-1.1.
 */
const START_SHIFT = 0.35;

/**
 * Lines set flush left (dev-095, with art on the label's right) start within this many title-line
 * heights of each other, the publisher line and the cert number too: no centre to measure against.
 */
const FLUSH_LEFT = 0.3;

/** Whether the title line `title` stands right of the centre column of the `publisher` line and the `cert`. */
export function titleRightOfCentre(title: Rect, publisher: Rect, cert: Rect): boolean {
  if (title.height <= 0) return false;
  const aligned = (a: Rect, b: Rect) => Math.abs(a.x - b.x) < FLUSH_LEFT * title.height;
  if (aligned(title, publisher) && aligned(publisher, cert)) return false;
  const centre = (box: Rect) => box.x + box.width / 2;
  const shift = Math.min(centre(title) - centre(publisher), centre(title) - centre(cert)) / title.height;
  return shift >= START_SHIFT;
}

/**
 * The highest confidence of an issue number read from a title line whose end may be hidden: below
 * the check bar once calibrated (issue numbers raw 0.5-0.58 are calibrated to 0.56), so the seller
 * is asked to check it, as for a '#' not read.
 */
export const HIDDEN_END_ISSUE_CONFIDENCE = 0.55;

export const HIDDEN_END_NOTE =
  'The end of the title line may be covered (a finger, glare or a sticker): please check the issue number.';

/**
 * The highest confidence of a title whose first letters may be hidden: under the check bar once
 * calibrated (titles raw 0.68-0.85 are calibrated to 0.47, as a title with a misread word is).
 */
export const HIDDEN_START_TITLE_CONFIDENCE = 0.7;

export const HIDDEN_START_NOTE =
  'The start of the title line may be covered (a finger, glare or a sticker): please check the title.';
