// The flip read's detection map comes from the first read's (label-pipeline.ts, quadReader).
import { describe, expect, it } from 'vitest';
import { halfTurn, type DetectionMap } from './ocr-engine.js';

describe('halfTurn', () => {
  it('turns a map half round: each pixel goes to the opposite corner, the original is kept', () => {
    // 3 x 2 map: rows [0.1 0.2 0.3] [0.4 0.5 0.6].
    const map: DetectionMap = {
      prob: Float32Array.from([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]),
      width: 3,
      height: 2,
      scaleX: 0.5,
      scaleY: 0.25,
    };
    const turned = halfTurn(map);
    expect(Array.from(turned.prob)).toEqual(Array.from(Float32Array.from([0.6, 0.5, 0.4, 0.3, 0.2, 0.1])));
    // (x, y) -> (width - 1 - x, height - 1 - y): the top-left pixel's value is now bottom right.
    expect(turned.prob[1 * 3 + 2]).toBe(map.prob[0]);
    expect([turned.width, turned.height, turned.scaleX, turned.scaleY]).toEqual([3, 2, 0.5, 0.25]);
    expect(map.prob[0]).toBeCloseTo(0.1);
  });
});
