// The label's paper colour, measured where print and paper mix, and how far another colour is from
// it: the cover rules (title-end.ts, grade-cover.ts) tell a thumb, glare or a sticker from paper.
import { edgesOf, pixelEdges, type Rect, type RgbImage } from './raster.js';

/**
 * The mean colour of the brightest quarter of `label`'s pixels inside `area` (clipped): the paper
 * between the print's strokes. Null when `area` holds no pixel.
 */
export function brightestQuarterColour(label: RgbImage, area: Rect): number[] | null {
  const pixels = pixelEdges(label, edgesOf(area));
  if (!pixels) return null;
  const { left: x0, right: x1, top: y0, bottom: y1 } = pixels;
  const count = (x1 - x0) * (y1 - y0);
  const lumas = new Float64Array(count);
  let index = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const at = (y * label.width + x) * 3;
      lumas[index++] =
        0.299 * (label.data[at] ?? 0) + 0.587 * (label.data[at + 1] ?? 0) + 0.114 * (label.data[at + 2] ?? 0);
    }
  }
  const keep = Math.max(1, Math.floor(count / 4));
  // The keep-th brightest luma; of the pixels at exactly that luma, the first in row order count.
  const threshold = Float64Array.from(lumas).sort()[count - keep]!;
  let ties = keep - lumas.filter((luma) => luma > threshold).length;
  const sum = [0, 0, 0];
  index = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const luma = lumas[index++]!;
      if (luma < threshold || (luma === threshold && ties-- <= 0)) continue;
      const at = (y * label.width + x) * 3;
      for (let channel = 0; channel < 3; channel++) sum[channel]! += label.data[at + channel] ?? 0;
    }
  }
  return sum.map((value) => value / keep);
}

/**
 * A colour's brightness against a `reference` colour's (the ratio of their channel sums), and the
 * largest change in a channel's share of the sum.
 */
export function compareColours(
  colour: readonly number[],
  reference: readonly number[],
): { brightness: number; colourChange: number } {
  const sum = colour.reduce((a, b) => a + b, 0);
  const referenceSum = Math.max(
    reference.reduce((a, b) => a + b, 0),
    1,
  );
  const colourChange = Math.max(
    ...colour.map((value, channel) =>
      Math.abs(value / Math.max(sum, 1) - reference[channel]! / referenceSum),
    ),
  );
  return { brightness: sum / referenceSum, colourChange };
}
