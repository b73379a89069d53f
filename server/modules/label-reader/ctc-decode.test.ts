// The CTC decoder on hand-made probabilities: Latin classes only, the space class's share per gap.
import { describe, expect, it } from 'vitest';
import { decode, latinClasses } from './ocr-engine.js';

// blank, 'A', '玉', 'b', full-width 'Ｇ', space
const alphabet = ['', 'A', '玉', 'b', 'Ｇ', ' '];
const box = { x: 0, y: 0, width: 80, height: 48 };

/** One time step per row of class probabilities. */
function run(rows: number[][]) {
  const probs = new Float32Array(rows.flat());
  return decode(
    probs,
    0,
    rows.length,
    alphabet.length,
    box,
    rows.length * 8,
    alphabet,
    latinClasses(alphabet),
  );
}

describe('CTC decoding', () => {
  it('allows only Latin classes: a CJK best guess gives way to the best Latin one', () => {
    expect([...latinClasses(alphabet)]).toEqual([1, 1, 0, 1, 1, 1]);
    const line = run([
      [0.1, 0.8, 0.05, 0.05, 0, 0],
      [0.9, 0.05, 0.05, 0, 0, 0],
      [0.1, 0.05, 0.6, 0.25, 0, 0],
    ]);
    expect(line.text).toBe('Ab');
    // The masked step's score is the Latin class's own probability: the line is less sure.
    expect(line.score).toBeCloseTo((0.8 + 0.25) / 2);
  });

  it('folds full-width ASCII to ASCII', () => {
    expect(run([[0.1, 0, 0, 0, 0.9, 0]]).text).toBe('G');
  });

  it("records the space class's highest probability in the gap before each character", () => {
    const line = run([
      [0.1, 0.9, 0, 0, 0, 0],
      [0.6, 0, 0, 0, 0, 0.4],
      [0.9, 0, 0, 0, 0, 0.1],
      [0.1, 0, 0, 0.9, 0, 0],
    ]);
    expect(line.text).toBe('Ab');
    expect(line.spaceProb?.[0]).toBe(0);
    expect(line.spaceProb?.[1]).toBeCloseTo(0.4);
    expect(line.charX).toHaveLength(2);
  });
});
