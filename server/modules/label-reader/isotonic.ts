// Isotonic (monotone non-decreasing) regression by pool-adjacent-violators, and the conservative
// step table the reader's confidence calibration is made of. Pure; used by the calibration script
// and its tests.

/** One observation: the raw confidence of a field and whether the field was right. */
export interface Observation {
  raw: number;
  right: boolean;
}

/** A block of the fit: raw confidences from `from` up map to `value`; `n` observations, `rightCount` right. */
export interface CalibrationStep {
  from: number;
  value: number;
  n: number;
  rightCount: number;
}

/**
 * Pool-adjacent-violators: blocks of raw confidences whose share right never decreases. The
 * observations of one raw value (readings round confidences to 0.01, so there are many ties) always
 * share a block: a lookup of that value must see all of them, right and wrong.
 */
export function isotonicBlocks(observations: readonly Observation[]): CalibrationStep[] {
  const byRaw = new Map<number, { n: number; rightCount: number }>();
  for (const { raw, right } of observations) {
    const group = byRaw.get(raw) ?? { n: 0, rightCount: 0 };
    group.n += 1;
    if (right) group.rightCount += 1;
    byRaw.set(raw, group);
  }
  const blocks: CalibrationStep[] = [];
  for (const [raw, group] of [...byRaw].sort((a, b) => a[0] - b[0])) {
    blocks.push({ from: raw, value: group.rightCount / group.n, ...group });
    // Merge while the last block is no more right than the one before.
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1]!;
      const before = blocks[blocks.length - 2]!;
      if (before.value < last.value) break;
      const n = before.n + last.n;
      const rightCount = before.rightCount + last.rightCount;
      blocks.splice(blocks.length - 2, 2, { from: before.from, value: rightCount / n, n, rightCount });
    }
  }
  return blocks;
}

/** Wilson score lower bound of a share right (z = 1.28: a one-sided 90% bound). */
export function wilsonLower(rightCount: number, n: number, z = 1.28): number {
  if (n === 0) return 0;
  const p = rightCount / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return Math.max(0, (centre - margin) / (1 + z2 / n));
}

/**
 * Share right (lower bound) -> reported confidence. The product's promise is "0.8 or more means
 * right at least 98% of the time", so a block is reported at 0.8 or more only when its lower bound
 * reaches TRUSTED; below that, confidences are squeezed under 0.8.
 */
export const TRUSTED = 0.97;
export function reportedConfidence(lowerBound: number): number {
  return lowerBound >= TRUSTED
    ? 0.8 + (0.2 * (lowerBound - TRUSTED)) / (1 - TRUSTED)
    : (0.79 * lowerBound) / TRUSTED;
}

/**
 * The calibration table of one field: isotonic blocks, each mapped to the reported confidence of
 * its Wilson lower bound, then made monotone from the top down (a block never reports more than
 * any block above it), so the table stays conservative where data are few.
 */
export function fitCalibration(observations: readonly Observation[]): CalibrationStep[] {
  const blocks = isotonicBlocks(observations).map((block) => ({
    ...block,
    value: reportedConfidence(wilsonLower(block.rightCount, block.n)),
  }));
  for (let i = blocks.length - 2; i >= 0; i--) {
    blocks[i]!.value = Math.min(blocks[i]!.value, blocks[i + 1]!.value);
  }
  return blocks.map((block) => ({ ...block, value: Math.round(block.value * 1000) / 1000 }));
}

/**
 * Looks a raw confidence up in a table (below the first step: 0; a raw 0 always stays 0). The
 * table only ever lowers a confidence: where the dev photos had no errors, one block spans a wide
 * range of raw values (every issue number from 0.5 up was right), and raising a reading the
 * parser has doubts about (a line touching the crop's edge, a guessed '#') to that block's value
 * would throw those doubts away on photos unlike the dev set.
 */
export function applyCalibration(steps: readonly CalibrationStep[], raw: number): number {
  if (raw <= 0 || steps.length === 0) return 0;
  let value = 0;
  for (const step of steps) {
    if (raw >= step.from) value = step.value;
    else break;
  }
  return Math.min(value, raw);
}
