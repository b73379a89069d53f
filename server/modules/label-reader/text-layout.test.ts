import { describe, expect, it } from 'vitest';
import type { OcrLine } from './ocr-engine.js';
import { toSegments, wordKey } from './text-layout.js';

/** An OCR line whose characters sit at the given x positions (one per character). */
function line(text: string, charX: number[], y = 100, height = 24): OcrLine {
  const x0 = (charX[0] ?? 0) - 5;
  const x1 = (charX.at(-1) ?? 0) + 5;
  return { text, score: 0.9, box: { x: x0, y, width: x1 - x0, height }, charX };
}

const evenly = (start: number, count: number, pitch: number) =>
  Array.from({ length: count }, (_, i) => start + i * pitch);

describe('toSegments', () => {
  it('splits a line that OCR merged across two label columns', () => {
    // "Joe Kelly story" at x 300-420 and "Amazing Spider-Man #913" at x 980-1160, read as one line.
    const left = 'JoeKellystory';
    const right = 'Amazing';
    const merged = line(left + right, [...evenly(300, left.length, 9), ...evenly(980, right.length, 9)]);
    const segments = toSegments([merged]);
    expect(segments.map((s) => s.text)).toEqual(['JoeKellystory', 'Amazing']);
    expect(segments[1]?.box.x).toBeGreaterThan(900);
  });

  it('puts back a space where the characters leave a word-sized gap', () => {
    // "Wolverine" then a gap of ~2.5 character pitches, then "#1".
    const xs = [...evenly(600, 9, 10), 705, 715];
    const segments = toSegments([line('Wolverine#1', xs)]);
    expect(segments.map((s) => s.text)).toEqual(['Wolverine #1']);
  });

  it("puts back a space at a narrower gap where the recogniser's space class had a fair share", () => {
    // "Legionof": the gap before 'o' is 1.5 pitches, too narrow alone.
    const xs = [...evenly(600, 6, 10), 665, 675];
    const spaceProb = [0, 0, 0, 0, 0, 0, 0.35, 0];
    const withSpace = toSegments([{ ...line('Legionof', xs), spaceProb }]);
    expect(withSpace.map((s) => s.text)).toEqual(['Legion of']);
    const without = toSegments([{ ...line('Legionof', xs), spaceProb: spaceProb.map(() => 0.05) }]);
    expect(without.map((s) => s.text)).toEqual(['Legionof']);
  });

  it('keeps evenly spaced characters together and orders segments top to bottom', () => {
    const segments = toSegments([
      line('4245413006', evenly(670, 10, 12), 180),
      line('9.8', [120, 160, 200], 60, 120),
    ]);
    expect(segments.map((s) => s.text)).toEqual(['9.8', '4245413006']);
  });
});

describe('toSegments in a small line', () => {
  it('does not part a word or an issue number at a gap of two time steps', () => {
    // dev-053's title line on phone seed 3, as the recogniser gave it: 'Batman 108', 34 px tall,
    // each character about one time step (5.93 px) wide. The gaps t-m, m-a and 0-8 are two steps,
    // exactly two pitches: they made 'Bat m an 10 8', and the issue was read as 8.
    const batman: OcrLine = {
      text: 'Batman 108',
      score: 0.92,
      box: {
        x: 414.9223484848485,
        y: 112.87833333333334,
        width: 109.78598484848486,
        height: 34.19645833333334,
      },
      charX: [
        429.7582923832924, 435.69266994266997, 441.6270475020475, 453.49580262080264, 465.36455773955777,
        471.2989352989353, 477.2333128583129, 495.03644553644557, 500.9708230958231, 512.8395782145783,
      ],
      charStep: 5.93437755937756,
      spaceProb: [0, 0, 0, 0.0007, 0.0002, 0, 0, 0.11, 0, 0.0002],
    };
    const [segment] = toSegments([batman]);
    expect(segment?.text).toBe('Batman 108');
  });

  it('does not part a word at a gap of exactly two pitches, however the positions round', () => {
    // The title line of dev-083's scan turned a quarter, as the recogniser gave it: each character
    // two time steps apart, but four between 'w' and 'O'. It was read 'w Orldtr33'.
    const turned: OcrLine = {
      text: 'wOrldtr33#1',
      score: 0.9,
      box: {
        x: 638.0110531544957,
        y: 111.02110655737704,
        width: 188.60857550919022,
        height: 35.770286885245895,
      },
      charX: [
        652.9799877187171, 676.9302830214715, 688.9054306728486, 700.8805783242258, 712.8557259756029,
        730.8184474526687, 742.7935951040458, 754.768742755423, 772.7314642324887, 802.6693333609317,
        814.6444810123088,
      ],
      charStep: 5.987573825688578,
      spaceProb: [0, 0.0001, 0.0001, 0.0001, 0.0001, 0.0001, 0.0001, 0.0004, 0, 0.11, 0.0002],
    };
    expect(toSegments([turned]).map((s) => s.text)).toEqual(['wOrldtr33 #1']);
    // Positions as the recogniser makes them (ocr-engine.ts: a box's x plus whole time steps), for
    // boxes at many places and widths: a gap of two pitches never parts, one of two and a half does.
    for (let k = 0; k < 40; k++) {
      const x = 100 + k * 7.31;
      const width = 150 + k * 3.77;
      const step = (8 / 320) * width;
      const at = (steps: number[]) => steps.map((t) => x + (t + 0.5) * step);
      const base = { text: 'abcdef', score: 0.9, box: { x, y: 100, width, height: 30 }, charStep: step };
      expect(toSegments([{ ...base, charX: at([0, 2, 4, 8, 10, 12]) }])[0]?.text).toBe('abcdef');
      expect(toSegments([{ ...base, charX: at([0, 2, 4, 9, 11, 13]) }])[0]?.text).toBe('abc def');
    }
  });

  it("still parts a title's own number from an issue number whose '#' was lost", () => {
    // 'X-23 1': the gap before the issue spans a space and the lost '#'.
    const xs = [...evenly(600, 4, 10), 670];
    const [segment] = toSegments([{ ...line('X-231', xs), charStep: 3.3 }]);
    expect(segment?.text).toBe('X-23 1');
  });

  it("gives each word's least sure letter, apostrophes, digits and possessives aside", () => {
    const text = "G'nort's X-23 Swim";
    const xs = evenly(600, text.length, 10);
    // The apostrophes, the 2 and the 'w' are unsure; only the 'w' is a letter.
    const charProb = [...text].map((char) => ({ "'": 0.3, '2': 0.4, w: 0.7 })[char] ?? 0.95);
    const [segment] = toSegments([{ ...line(text, xs), charProb }]);
    // '23' has no letter to be sure of.
    expect(Object.fromEntries(segment?.letterProbs ?? [])).toStrictEqual({ gnort: 0.95, x: 0.95, swim: 0.7 });
    expect(toSegments([line(text, xs)])[0]?.letterProbs).toBeUndefined();
    // A word break put back from the gap parts the words as the text does ('Legionof').
    const glued = 'Legionof';
    const gapped = [...evenly(600, 6, 10), 690, 700];
    const [parted] = toSegments([
      { ...line(glued, gapped), charProb: [...glued].map((c) => (c === 'o' ? 0.6 : 0.9)) },
    ]);
    expect(parted?.text).toBe('Legion of');
    expect(Object.fromEntries(parted?.letterProbs ?? [])).toStrictEqual({ legion: 0.6, of: 0.6 });
    expect(wordKey("G'nort's")).toBe('gnort');
  });
});
