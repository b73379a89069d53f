import { describe, expect, it } from 'vitest';
import { CGC_GRADES } from '../schemas/comic.js';
import { carryAlongCurve, GRADE_CURVE, gradeSteps, relativeValue } from './grade-curve.js';

describe('grade curve', () => {
  it('covers every grade of the scale, 9.8 being the reference', () => {
    expect(GRADE_CURVE.map(([grade]) => grade)).toEqual([...CGC_GRADES]);
    expect(relativeValue(9.8)).toBe(1);
  });
  it('never pays more for a lower grade', () => {
    for (let i = 1; i < GRADE_CURVE.length; i += 1) {
      expect(GRADE_CURVE[i]![1]).toBeLessThan(GRADE_CURVE[i - 1]![1]);
    }
  });
  it('carries values between grades and back', () => {
    expect(carryAlongCurve(10000, 9.8, 9.6)).toBe(6200);
    expect(carryAlongCurve(6200, 9.6, 9.8)).toBe(10000);
    expect(carryAlongCurve(4800, 9.4, 9.8)).toBe(10000);
  });
  it('interpolates between steps in log space and clamps outside the scale', () => {
    const between = relativeValue(9.7);
    expect(between).toBeGreaterThan(0.62);
    expect(between).toBeLessThan(1);
    expect(between).toBeCloseTo(Math.sqrt(0.62), 5);
    expect(relativeValue(11)).toBe(2.5);
    expect(relativeValue(0.1)).toBe(0.03);
  });
  it('counts steps of the scale', () => {
    expect(gradeSteps(9.8, 9.4)).toBe(2);
    expect(gradeSteps(9.8, 9.8)).toBe(0);
    expect(gradeSteps(2, 1.8)).toBe(1);
  });
});
