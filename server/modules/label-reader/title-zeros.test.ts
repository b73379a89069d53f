import { describe, expect, it } from 'vitest';
import { clean, engineSeeing, matrixOf } from './fixtures/line-matrix.js';
import { parseLabel } from './label-parser.js';
import { doubtLetterO, wordsWithLetterO, zeroSeenAtLetterO } from './title-zeros.js';
import { isTitleSlipNote } from './title-slips.js';

/** Steps spelling `text` cleanly, with the o at `index` read beside a zero of probability `zero`. */
function withZeroAt(text: string, index: number, zero: number): Record<string, number>[] {
  return [...text].flatMap((char, i) => [i === index ? { o: 0.9 - zero, '0': zero } : { [char]: 0.95 }, {}]);
}

describe('wordsWithLetterO', () => {
  it('finds the words that mix letters and digits and hold a lower-case o', () => {
    expect(wordsWithLetterO('worldtr33')).toEqual(['worldtr33']);
    expect(wordsWithLetterO('Star Wars: Robo2 Adventures')).toEqual(['Robo2']);
    // A zero already read, a capital O, words of letters or digits alone: nothing to doubt.
    expect(wordsWithLetterO('w0rldtr33')).toEqual([]);
    expect(wordsWithLetterO('Wolverine')).toEqual([]);
    expect(wordsWithLetterO('Spawn 2099')).toEqual([]);
  });
});

describe('zeroSeenAtLetterO', () => {
  it("doubts an o the recogniser also saw as a zero in a word with digits ('worldtr33' at 0.14)", () => {
    expect(zeroSeenAtLetterO(matrixOf(withZeroAt('worldtr33 5', 1, 0.14)))).toBe(true);
    // A capital O beside it counts as a zero too: the parser reads it as one.
    const capital = [...'worldtr33'].flatMap((char, i) => [
      i === 1 ? { o: 0.8, O: 0.1 } : { [char]: 0.95 },
      {},
    ]);
    expect(zeroSeenAtLetterO(matrixOf(capital))).toBe(true);
  });

  it('keeps an o read with next to no zero, and an o in a word of letters alone', () => {
    // 'Spider-Boy3': an issue number glued to a plain word.
    expect(zeroSeenAtLetterO(matrixOf(withZeroAt('Spider-Boy3', 8, 0.01)))).toBe(false);
    // 'Moon Man 3': the o's word has no digit, whatever the zero's probability.
    expect(zeroSeenAtLetterO(matrixOf(withZeroAt('Moon Man 3', 1, 0.3)))).toBe(false);
  });
});

describe('doubtLetterO', () => {
  const label = { width: 1400, height: 400, data: new Uint8Array(1400 * 400 * 3) };
  const titleBox = { x: 500, y: 80, width: 300, height: 40 };
  const read = (title: string) => {
    const parsed = parseLabel([], 1400);
    return { ...parsed, title, titleBox, fieldConfidence: { ...parsed.fieldConfidence, title: 0.94 } };
  };

  it('asks the seller to check a title whose o may be a zero, naming the word with zeros', async () => {
    const { engine, calls } = engineSeeing(matrixOf(withZeroAt('worldtr33 5', 1, 0.24)));
    const next = await doubtLetterO(engine, label, read('worldtr33'));
    expect(calls).toHaveLength(1);
    expect(next.title).toBe('worldtr33');
    expect(next.fieldConfidence.title).toBe(0.7);
    const note = '"worldtr33" in the title may be misread ("w0rldtr33"?): please check the title.';
    expect(next.notes).toContain(note);
    // The price-guide snap drops the note once it puts the title right.
    expect(isTitleSlipNote(note)).toBe(true);
  });

  it('keeps a title whose o the recogniser saw as an o alone', async () => {
    const { engine } = engineSeeing(matrixOf(clean('worldtr33 5')));
    const parsed = read('worldtr33');
    expect(await doubtLetterO(engine, label, parsed)).toBe(parsed);
  });

  it('recognises nothing again for a title with no such word', async () => {
    const { engine, calls } = engineSeeing(matrixOf(withZeroAt('worldtr33 5', 1, 0.24)));
    const parsed = read('w0rldtr33');
    expect(await doubtLetterO(engine, label, parsed)).toBe(parsed);
    expect(calls).toHaveLength(0);
  });
});
