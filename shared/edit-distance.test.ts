import { describe, expect, it } from 'vitest';
import { distancesToPrefixes, editDistance, substringDistance, withinEdits } from './edit-distance.js';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('wolverine', 'wolverine')).toBe(0);
    expect(editDistance('yoong', 'young')).toBe(1);
    expect(editDistance('swit', 'swift')).toBe(1);
    expect(editDistance('variaat', 'variant')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('substringDistance', () => {
  it('is the fewest edits from some run of the text to the word', () => {
    expect(substringDistance('CGCUNIVERSALGRADE', 'UNIVERSAL')).toBe(0);
    expect(substringDistance('CGCUNIVENSALGRAO', 'UNIVERSAL')).toBe(1);
    expect(substringDistance('XXUNIVRSALXX', 'UNIVERSAL')).toBe(1);
    expect(substringDistance('UNIVEIAL', 'UNIVERSAL')).toBe(2);
    expect(substringDistance('', 'GRADE')).toBe(5);
    expect(substringDistance('GRADE', '')).toBe(0);
  });
});

describe('withinEdits', () => {
  it('agrees with the edit distance', () => {
    const words = ['wolverine', 'wohrerine', 'swift', 'swit', 'gwen', 'gwes', 'shakur', 'shaker', 'a', ''];
    for (const a of words) {
      for (const b of words) {
        for (const most of [0, 1, 2]) expect(withinEdits(a, b, most)).toBe(editDistance(a, b) <= most);
      }
    }
  });
});

describe('distancesToPrefixes', () => {
  it("gives the distance to each of the second word's beginnings", () => {
    expect(distancesToPrefixes('CGCUNIVERSAL', 'CGCUNIVERSALGRADE')).toEqual([
      12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5,
    ]);
    // '', s, si, sit, sitt, sitti, sittin, sitting
    expect(distancesToPrefixes('kitten', 'sitting')).toEqual([6, 6, 5, 4, 3, 3, 2, 3]);
    expect(distancesToPrefixes('', 'abc')).toEqual([0, 1, 2, 3]);
    expect(distancesToPrefixes('abc', '')).toEqual([3]);
  });
});
