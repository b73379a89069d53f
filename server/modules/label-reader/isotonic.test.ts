import { describe, expect, it } from 'vitest';
import { calibrateField, calibrateReading } from './confidence-calibration.js';
import { labelReading } from '../../test/factories.js';
import {
  applyCalibration,
  fitCalibration,
  isotonicBlocks,
  reportedConfidence,
  wilsonLower,
  type Observation,
} from './isotonic.js';

/** A deterministic set: right more often as the raw confidence rises. */
function observations(): Observation[] {
  const out: Observation[] = [];
  for (let i = 0; i < 400; i++) {
    const raw = (i % 100) / 100;
    // Right unless a pseudo-random draw falls above raw^2 (few errors at the top).
    const draw = ((i * 7919) % 1000) / 1000;
    out.push({ raw, right: draw < raw * raw + 0.02 });
  }
  return out;
}

describe('isotonic calibration', () => {
  it('pool-adjacent-violators gives blocks whose share right never decreases', () => {
    const blocks = isotonicBlocks(observations());
    for (let i = 1; i < blocks.length; i++) {
      expect(blocks[i]!.value).toBeGreaterThanOrEqual(blocks[i - 1]!.value);
      expect(blocks[i]!.from).toBeGreaterThan(blocks[i - 1]!.from);
    }
    expect(blocks.reduce((n, b) => n + b.n, 0)).toBe(400);
  });

  it('keeps every observation of one raw value in one block, so a lookup sees the wrong ones too', () => {
    const tied = [
      ...Array.from({ length: 20 }, () => ({ raw: 0.7, right: true })),
      { raw: 0.93, right: false },
      ...Array.from({ length: 100 }, () => ({ raw: 0.93, right: true })),
    ];
    const blocks = isotonicBlocks(tied);
    const at093 = blocks.filter((block) => block.from <= 0.93).at(-1);
    expect(at093!.rightCount).toBeLessThan(at093!.n);
    expect(blocks.reduce((wrong, block) => wrong + block.n - block.rightCount, 0)).toBe(1);
  });

  it('the fitted table is monotone and reports 0.8+ only where the lower bound is trusted', () => {
    const table = fitCalibration(observations());
    let previous = -1;
    for (let raw = 0; raw <= 1; raw += 0.01) {
      const value = applyCalibration(table, raw);
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
    for (const step of table) {
      if (step.value >= 0.8) expect(wilsonLower(step.rightCount, step.n)).toBeGreaterThanOrEqual(0.97);
    }
  });

  it('a field seen right only a few times never reaches 0.8', () => {
    const few = Array.from({ length: 10 }, () => ({ raw: 0.99, right: true }));
    expect(applyCalibration(fitCalibration(few), 0.99)).toBeLessThan(0.8);
    const many = Array.from({ length: 200 }, () => ({ raw: 0.99, right: true }));
    expect(applyCalibration(fitCalibration(many), 0.99)).toBeGreaterThanOrEqual(0.8);
  });

  it('only ever lowers a raw confidence', () => {
    const table = fitCalibration(
      Array.from({ length: 300 }, (_, i) => ({ raw: 0.5 + (i % 50) / 100, right: true })),
    );
    expect(applyCalibration(table, 0.55)).toBeLessThanOrEqual(0.55);
    expect(applyCalibration(table, 0.99)).toBeLessThanOrEqual(0.99);
  });

  it('maps lower bounds below the trusted share under 0.8', () => {
    expect(reportedConfidence(0.96)).toBeLessThan(0.8);
    expect(reportedConfidence(0.97)).toBeCloseTo(0.8);
    expect(reportedConfidence(1)).toBeCloseTo(1);
  });

  it('calibrates a reading field by field and recomputes the overall confidence', () => {
    const tables = { title: fitCalibration(Array.from({ length: 200 }, () => ({ raw: 0.9, right: true }))) };
    expect(calibrateField('title', 0.95, tables)).toBeGreaterThan(0.8);
    expect(calibrateField('title', 0.5, tables)).toBe(0);
    // A field without a table is left as read.
    expect(calibrateField('grader', 0.9, tables)).toBe(0.9);
    const reading = calibrateReading(
      labelReading({
        title: 'X',
        issueNumber: '1',
        cgcGrade: 9.8,
        confidence: 0.9,
        grader: 'CGC',
        fieldConfidence: { title: 0.95, issueNumber: 0.9, grader: 0.9 },
      }),
      tables,
    );
    expect(reading.fieldConfidence.title).toBeGreaterThan(0.8);
    expect(reading.fieldConfidence.grader).toBe(0.9);
    expect(reading.confidence).toBeLessThan(0.9);
  });
});
