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
  it("gives the distance to each of the second word's beginnings, as editDistance does", () => {
    expect(distancesToPrefixes('CGCUNIVERSAL', 'CGCUNIVERSALGRADE')).toEqual(
      Array.from({ length: 18 }, (_, j) => editDistance('CGCUNIVERSAL', 'CGCUNIVERSALGRADE'.slice(0, j))),
    );
    for (const [a, b] of [
      ['kitten', 'sitting'],
      ['', 'abc'],
      ['abc', ''],
      ['UNIVENSAL', 'UNIVERSALGRADE'],
    ] as const) {
      const expected = Array.from({ length: b.length + 1 }, (_, j) => editDistance(a, b.slice(0, j)));
      expect(distancesToPrefixes(a, b)).toEqual(expected);
    }
  });
});
