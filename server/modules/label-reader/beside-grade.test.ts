import { describe, expect, it } from 'vitest';
import type { Point } from './homography.js';
import { besideGrade } from './finder-looks.js';

// A grade's box in photo pixels: 40 wide, 30 tall, centred on (120, 215).
const grade = { x: 100, y: 200, width: 40, height: 30 };

describe('besideGrade', () => {
  it('outlines the label to the right of an upright grade: 1.5 boxes behind, 7 ahead, 1.8 either side', () => {
    const [tl, tr, br, bl] = besideGrade(grade, 0) as [Point, Point, Point, Point];
    expect(tl.x).toBeCloseTo(120 - 1.5 * 40, 6);
    expect(tr.x).toBeCloseTo(120 + 7 * 40, 6);
    expect(tl.y).toBeCloseTo(215 - 1.8 * 40, 6);
    expect(bl.y).toBeCloseTo(215 + 1.8 * 40, 6);
    expect(br.x).toBeCloseTo(tr.x, 6);
    expect(br.y).toBeCloseTo(bl.y, 6);
  });

  it('runs along the text at its angle, and the other way round for a label lying upside down', () => {
    const [tl, tr] = besideGrade(grade, -25) as [Point, Point, Point, Point];
    expect((Math.atan2(tr.y - tl.y, tr.x - tl.x) * 180) / Math.PI).toBeCloseTo(-25, 6);
    // Turned half round, the outline lies on the grade's other side, read from its top-left as
    // the label would be upright: its first corner is now below and right of the grade.
    const [flippedTl, flippedTr] = besideGrade(grade, 180) as [Point, Point, Point, Point];
    expect(flippedTl.x).toBeCloseTo(120 + 1.5 * 40, 6);
    expect(flippedTl.y).toBeCloseTo(215 + 1.8 * 40, 6);
    expect(flippedTr.x).toBeCloseTo(120 - 7 * 40, 6);
  });
});
