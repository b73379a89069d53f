import { describe, expect, it } from 'vitest';
import { clean, matrixOf } from './fixtures/line-matrix.js';
import { DIGIT, greedyLogProb, matchPattern, spelledSlots, type Slot } from './pattern-decode.js';
import { readDatePattern } from './label-date.js';
import { longNameRead, readPublisherPattern } from './publishers.js';

const digits = (n: number) => Array.from({ length: n }, () => DIGIT);

describe('matchPattern', () => {
  it('reads a clean line as the greedy decoder does', () => {
    const matrix = matrixOf(clean('4350'));
    const match = matchPattern(matrix, digits(4));
    expect(match?.text).toBe('4350');
    expect(match?.logProb).toBeCloseTo(greedyLogProb(matrix));
  });

  it("takes a character's second-likeliest class when the pattern rules out the first", () => {
    // The greedy reading is '4A': a blurred 4 taken for an A.
    const matrix = matrixOf([{ '4': 0.9 }, {}, { A: 0.6, '4': 0.3 }, {}]);
    const match = matchPattern(matrix, digits(2));
    expect(match?.text).toBe('44');
    expect(match?.charProb[1]).toBeCloseTo(0.3);
    expect(match?.logProb).toBeLessThan(greedyLogProb(matrix));
  });

  it('splits a doubled digit where a blank, however faint, lets CTC emit it twice', () => {
    // Greedy: a '4' held over three steps, one '4' ('43'); a blank at the middle step gives '443'.
    const merged = matrixOf([{ '4': 0.9 }, { '4': 0.6, '': 0.35 }, { '4': 0.9 }, { '3': 0.9 }]);
    expect(matchPattern(merged, digits(2))?.text).toBe('43');
    expect(matchPattern(merged, digits(3))?.text).toBe('443');
    const tooShort = matrixOf([{ '4': 0.9 }]);
    expect(matchPattern(tooShort, digits(2))).toBeNull();
  });

  it('never reads the same class twice without a blank between', () => {
    // Two steps of '7' and one pattern of two digits: the second must be another digit.
    const matrix = matrixOf([
      { '7': 0.9, '1': 0.05 },
      { '7': 0.9, '1': 0.08 },
    ]);
    expect(matchPattern(matrix, digits(2))?.text).toBe('71');
  });

  it('lets optional and repeating slots take stray marks at their cost', () => {
    const stray: Slot = { accepts: ',.ABC', optional: true, repeat: true, cost: Math.log(0.1) };
    const matrix = matrixOf([...clean('A.'), ...clean('12')]);
    const match = matchPattern(matrix, [stray, ...digits(2)]);
    expect(match?.text).toBe('A.12');
    expect(match?.slots).toEqual([0, 0, 1, 2]);
    expect(matchPattern(matrixOf(clean('12')), [stray, ...digits(2)])?.text).toBe('12');
  });

  it('gives nothing for a pattern of characters the line cannot hold', () => {
    expect(matchPattern(matrixOf(clean('12')), [{ accepts: '@' }])).toBeNull();
    expect(matchPattern(matrixOf([]), digits(1))).toBeNull();
  });
});

describe('spelledSlots', () => {
  it('spells a name with either case and any punctuation between its letters', () => {
    expect(spelledSlots('D.C.').filter((slot) => !slot.optional)).toEqual([
      { accepts: 'Dd' },
      { accepts: 'Cc' },
    ]);
  });
});

describe('readPublisherPattern', () => {
  it('reads a blurred line as the listed name it spells, well ahead of the next', () => {
    // 'Marvel Comics, 1/24' with its letters blurred: each letter only a little likelier than a
    // look-alike ('RaelCemics' is the greedy reading of such a line).
    const blurred = [...'MarvelComics'].flatMap((char) => {
      const lookalike = char === 'M' ? 'R' : char === 'o' ? 'e' : 'x';
      return [{ [char]: 0.4, [lookalike]: 0.45 }, {}];
    });
    const pattern = readPublisherPattern(matrixOf([...blurred, ...clean(',1/24')]));
    expect(pattern?.publisher).toBe('Marvel Comics');
    expect(pattern?.margin).toBeGreaterThan(3);
  });

  it('leads by little on a line of noise', () => {
    const noise = Array.from({ length: 12 }, () => ({ x: 0.3, '': 0.5 }));
    const pattern = readPublisherPattern(matrixOf(noise));
    expect(pattern === null || pattern.margin < 3 || pattern.strain > 1).toBe(true);
  });
});

describe('longNameRead', () => {
  const scores = (list: [string, number][]) => list.map(([name, score]) => ({ name, fit: score, score }));
  const noStrain = () => 0;

  it("weighs the likeliest long name against the other houses' long names only", () => {
    // Phone seed 1, dev-015: a blurred 'D.C. Comics, 5/23' fitted 'Atlas' best.
    const read = longNameRead(
      scores([
        ['Atlas', -28.63],
        ['DC Comics', -27.06 - 1.57 - 0.01],
        ['Comico', -30.2],
        ['EC Comics', -34.21],
      ]),
      noStrain,
    );
    expect(read?.publisher).toBe('DC Comics');
    expect(read?.margin).toBeCloseTo(34.21 - 28.64);
  });

  it("reads an imprint tied with its house's main name as the main name", () => {
    // dev-001: 'Marvel/Icon' 1.6 ahead of 'Marvel Comics' on a blurred 'Marvel Comics, 11/24'.
    const tied = longNameRead(
      scores([
        ['Marvel/Icon', -31.82],
        ['Marvel Comics', -33.42],
        ['Marvel/MAX', -35.16],
        ['DC Comics', -38.88],
      ]),
      noStrain,
    );
    expect(tied).toMatchObject({ publisher: 'Marvel Comics' });
    expect(tied?.margin).toBeCloseTo(38.88 - 31.82);
    // Well ahead of the main name, the imprint stands.
    const clear = longNameRead(
      scores([
        ['Marvel/Icon', -20],
        ['Marvel Comics', -30],
        ['DC Comics', -35],
      ]),
      noStrain,
    );
    expect(clear?.publisher).toBe('Marvel/Icon');
  });

  it('gives nothing when no long name fits', () => {
    expect(longNameRead(scores([['Atlas', -20]]), noStrain)).toBeNull();
  });
});

describe('readDatePattern', () => {
  const now = new Date('2026-11-26T00:00:00Z');

  it('reads the date after a known publisher', () => {
    const date = readDatePattern(matrixOf(clean('Marvel Comics, 10/23')), 'Marvel Comics', now);
    expect(date).toMatchObject({ date: '10/23', year: 2023 });
    expect(date?.sure).toBeCloseTo(0.95);
  });

  it('reads a blurred year digit as the digit it most likely is, with that as its sureness', () => {
    // Greedy: 'Image Comics,8/2B'.
    const line = matrixOf([...clean('Image Comics,8/2'), { B: 0.45, '3': 0.4 }, {}]);
    const date = readDatePattern(line, null, now);
    expect(date).toMatchObject({ date: '8/23', year: 2023 });
    expect(date?.sure).toBeCloseTo(0.4);
  });

  it("reads the bracket a blurred 3 becomes as the date's last digit", () => {
    // Greedy: 'D.C.Comics.10/2)', the 3 of 10/23 with only its right-hand curve left (phone bench).
    const line = matrixOf([...clean('D.C. Comics, 10/2'), { ')': 0.66, '3': 0.01 }, {}]);
    const date = readDatePattern(line, 'DC Comics', now);
    expect(date).toMatchObject({ date: '10/23', year: 2023 });
    expect(date?.sure).toBeCloseTo(0.66);
    // A bracket after a clear last digit is stray text, not the digit.
    const stray = matrixOf([...clean('Marvel Comics, 11/24'), { ')': 0.8 }, {}]);
    expect(readDatePattern(stray, 'Marvel Comics', now)).toMatchObject({ date: '11/24', year: 2024 });
  });

  it('reads a year alone, and gives nothing for a label printed with no date', () => {
    expect(readDatePattern(matrixOf(clean('D.C. Comics, 2023')), 'DC Comics', now)).toMatchObject({
      date: '2023',
      year: 2023,
    });
    expect(readDatePattern(matrixOf(clean('Harvey Publications, No Date')), null, now)).toBeNull();
  });

  it('reports the year alone when the line shows no month before it', () => {
    // 'Image Comics, 23': the forms spell a month, but the recogniser saw none ('1/23' before).
    const date = readDatePattern(matrixOf(clean('Image Comics, 23')), 'Image Comics', now);
    expect(date).toMatchObject({ date: '2023', year: 2023 });
    expect(date?.sure).toBeCloseTo(0.95);
    // A faint month that was there is kept.
    const faint = matrixOf([...clean('Image Comics, '), { '8': 0.2, '': 0.7 }, {}, ...clean('/23')]);
    expect(readDatePattern(faint, 'Image Comics', now)).toMatchObject({ date: '8/23', year: 2023 });
  });
});
