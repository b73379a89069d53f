import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  certLineRect,
  createCertDigitReader,
  decodeDigits,
  digitsInput,
  leastSureDigit,
  pillowBilinear,
  pillowGrey,
} from './cert-digits.js';

/** An RGB image of one colour. */
const solid = (width: number, height: number, rgb: [number, number, number]) => {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
  return { width, height, data };
};

describe('pillowGrey', () => {
  it('weighs red, green and blue as Pillow does (ITU-R 601-2, rounded)', () => {
    // Pillow: Image.new('RGB', (1, 1), c).convert('L').getpixel((0, 0)) for each colour.
    const cases: [[number, number, number], number][] = [
      [[255, 255, 255], 255],
      [[255, 0, 0], 76],
      [[0, 255, 0], 150],
      [[0, 0, 255], 29],
      [[180, 200, 230], 197],
    ];
    for (const [rgb, grey] of cases) expect(pillowGrey(solid(1, 1, rgb))[0]).toBe(grey);
  });
});

describe('pillowBilinear', () => {
  it('keeps an image of the same size as it is', () => {
    const grey = Uint8Array.from([0, 50, 100, 150, 200, 250]);
    expect([...pillowBilinear(grey, 3, 2, 3, 2)]).toEqual([...grey]);
  });

  it('averages every source pixel a shrink covers, rounding as Pillow rounds', () => {
    // Pillow: a 4 x 1 image [0, 0, 255, 255] resized to 2 x 1 and to 1 x 1 with BILINEAR.
    const grey = Uint8Array.from([0, 0, 255, 255]);
    expect([...pillowBilinear(grey, 4, 1, 2, 1)]).toEqual([36, 219]);
    expect([...pillowBilinear(grey, 4, 1, 1, 1)]).toEqual([128]);
  });

  it('interpolates between pixels when it enlarges', () => {
    // Pillow: [0, 255] resized to 4 x 1 with BILINEAR.
    expect([...pillowBilinear(Uint8Array.from([0, 255]), 2, 1, 4, 1)]).toEqual([0, 64, 191, 255]);
  });
});

describe('certLineRect', () => {
  const image = solid(400, 100, [200, 210, 230]);

  it('pads the box half its height each side and a sixth above and below, in whole pixels', () => {
    expect(certLineRect(image, { x: 100, y: 40, width: 120, height: 30 })).toEqual({
      x: 85,
      y: 35,
      width: 150,
      height: 40,
    });
  });

  it('stays inside the image, and gives nothing for a box too small to read', () => {
    expect(certLineRect(image, { x: 398, y: 90, width: 30, height: 3 })).toBeNull();
    expect(certLineRect(image, { x: -10, y: -5, width: 60, height: 20 })).toEqual({
      x: 0,
      y: 0,
      width: 60,
      height: 18,
    });
  });
});

describe('digitsInput', () => {
  it('scales the crop to 32 px high, zero mean, and pads the rest of the 192 px with 0', () => {
    // A 20 x 10 crop, dark left half, light right half: 64 x 32 in the input.
    const data = new Uint8Array(20 * 10 * 3);
    for (let y = 0; y < 10; y++)
      for (let x = 10; x < 20; x++) data.fill(240, (y * 20 + x) * 3, (y * 20 + x) * 3 + 3);
    const input = digitsInput({ width: 20, height: 10, data });
    expect(input).toHaveLength(32 * 192);
    const row = input.subarray(5 * 192, 6 * 192);
    expect(row[0]).toBeLessThan(-0.9);
    expect(row[63]).toBeGreaterThan(0.9);
    expect([...row.subarray(64)].every((v) => v === 0)).toBe(true);
    let sum = 0;
    for (let y = 0; y < 32; y++) for (let x = 0; x < 64; x++) sum += input[y * 192 + x]!;
    expect(Math.abs(sum / (32 * 64))).toBeLessThan(1e-3);
  });
});

describe('decodeDigits', () => {
  /** Scores for steps whose best class is each of `best` (0 blank, 1-10 the digits 0-9), at `top` over the rest. */
  const scores = (best: number[], top = 10) => {
    const out = new Float32Array(best.length * 11);
    best.forEach((c, t) => (out[t * 11 + c] = top));
    return out;
  };

  it('joins repeats, keeps digits a blank separates, and drops blanks', () => {
    // blank, 4, 4, blank, 4, 0, 0, blank
    expect(decodeDigits(scores([0, 5, 5, 0, 5, 1, 1, 0]), 8).text).toBe('440');
  });

  it('gives the least sure digit step as the confidence, and 0 when nothing was read', () => {
    const s = scores([5, 0, 2]);
    s[2 * 11 + 3] = 10; // the last step is a tie between '1' and '2'
    const reading = decodeDigits(s, 3);
    expect(reading.text).toBe('41');
    expect(leastSureDigit(reading)).toBeCloseTo(1 / (2 + 9 * Math.exp(-10)), 5);
    const none = decodeDigits(scores([0, 0]), 2);
    expect(none).toEqual({ text: '', digitProbs: [] });
    expect(leastSureDigit(none)).toBe(0);
  });

  it("gives each digit's probability, a repeated digit its least sure step's", () => {
    // '4' over two steps, the second nearly '3'; then '0' sure.
    const s = scores([5, 5, 1]);
    s[1 * 11 + 4] = 9.5;
    const reading = decodeDigits(s, 3);
    expect(reading.text).toBe('40');
    const sure = 1 / (1 + 10 * Math.exp(-10));
    const nearly = 1 / (1 + Math.exp(-0.5) + 9 * Math.exp(-10));
    expect(reading.digitProbs).toHaveLength(2);
    expect(reading.digitProbs[0]).toBeCloseTo(nearly, 5);
    expect(reading.digitProbs[1]).toBeCloseTo(sure, 5);
    expect(leastSureDigit(reading)).toBeCloseTo(nearly, 5);
  });
});

describe('createCertDigitReader (the model shipped in models/)', () => {
  it(
    'reads a blurred cert line of a held-out book that PP-OCR read nothing of',
    { timeout: 30_000 },
    async () => {
      // Phone seed 8 of dev-008 (a book whose number is a multiple of 4, so never trained on), its
      // cert line placed by the layout: the pipeline and PP-OCR's five re-reads found no digit there.
      const file = fileURLToPath(new URL('./fixtures/cert-line-phone.png', import.meta.url));
      const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const image = { width: info.width, height: info.height, data: new Uint8Array(data) };
      const reader = await createCertDigitReader();
      try {
        const reading = await reader.read(image, { x: 43.3, y: 32, width: 180.4, height: 43 });
        expect(reading?.text).toBe('4350046014');
        expect(reading && leastSureDigit(reading)).toBeGreaterThanOrEqual(0.9);
        // A box off the line, on the label's plain ground, reads no digit sure.
        const ground = await reader.read(image, { x: 0, y: 0, width: 20, height: 6 });
        expect(ground === null || leastSureDigit(ground) < 0.9 || ground.text.length !== 10).toBe(true);
      } finally {
        await reader.close();
      }
    },
  );
});
