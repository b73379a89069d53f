import { describe, expect, it } from 'vitest';
import type { Point } from './homography.js';
import { levelledView } from './finder-looks.js';

const rect = { x: 100, y: 50, width: 400, height: 300 };

describe('levelledView', () => {
  it('is the rectangle itself, scaled, when the text already runs level', () => {
    const view = levelledView(rect, 0, 2);
    expect(view.width).toBe(800);
    expect(view.height).toBe(600);
    const expected = [
      [100, 50],
      [500, 50],
      [500, 350],
      [100, 350],
    ];
    view.outline.forEach((p, i) => {
      expect(p.x).toBeCloseTo(expected[i]![0]!, 6);
      expect(p.y).toBeCloseTo(expected[i]![1]!, 6);
    });
  });

  it("runs the view's rows along text at the given angle and takes in the whole rectangle", () => {
    const degrees = -20;
    const view = levelledView(rect, degrees, 1);
    const [tl, tr, br, bl] = view.outline as [Point, Point, Point, Point];
    // The view's top edge runs in the photo at the text's angle (up to the right for -20 degrees).
    const angle = (Math.atan2(tr.y - tl.y, tr.x - tl.x) * 180) / Math.PI;
    expect(angle).toBeCloseTo(degrees, 6);
    // Its sides are the view's size (scale 1), and it is centred on the rectangle.
    expect(Math.hypot(tr.x - tl.x, tr.y - tl.y)).toBeCloseTo(view.width, 0);
    expect(Math.hypot(bl.x - tl.x, bl.y - tl.y)).toBeCloseTo(view.height, 0);
    expect((tl.x + br.x) / 2).toBeCloseTo(300, 6);
    expect((tl.y + br.y) / 2).toBeCloseTo(200, 6);
    // Every corner of the rectangle lies inside the turned outline (a convex quad, clockwise).
    const inside = (x: number, y: number) =>
      [tl, tr, br, bl].every((a, i, all) => {
        const b = all[(i + 1) % 4]!;
        return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) >= -1e-6;
      });
    for (const [x, y] of [
      [100, 50],
      [500, 50],
      [500, 350],
      [100, 350],
    ]) {
      expect(inside(x!, y!)).toBe(true);
    }
  });

  it('turns vertical text (a landscape shot of an upright slab) a quarter round', () => {
    const view = levelledView(rect, -90, 1);
    expect(view.width).toBe(300);
    expect(view.height).toBe(400);
  });
});
