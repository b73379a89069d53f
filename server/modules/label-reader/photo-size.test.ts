import { describe, expect, it } from 'vitest';
import { largeEnoughForLabel } from './label-pipeline.js';

describe('largeEnoughForLabel', () => {
  it('reads grader thumbnails, phone photos and a photo of the label alone', () => {
    expect(largeEnoughForLabel({ width: 309, height: 500 })).toBe(true);
    expect(largeEnoughForLabel({ width: 2400, height: 1800 })).toBe(true);
    // A label cropped on its own: about 5 times as wide as it is tall.
    expect(largeEnoughForLabel({ width: 1000, height: 200 })).toBe(true);
    expect(largeEnoughForLabel({ width: 160, height: 160 })).toBe(true);
  });

  it('refuses photos too small or too thin to hold a label, in either orientation', () => {
    expect(largeEnoughForLabel({ width: 1, height: 1 })).toBe(false);
    expect(largeEnoughForLabel({ width: 159, height: 1000 })).toBe(false);
    expect(largeEnoughForLabel({ width: 2400, height: 15 })).toBe(false);
    expect(largeEnoughForLabel({ width: 300, height: 2401 })).toBe(false);
    expect(largeEnoughForLabel({ width: 2400, height: 299 })).toBe(false);
  });
});
