import { describe, expect, it } from 'vitest';
import { clean, engineSeeing, matrixOf } from './fixtures/line-matrix.js';
import { parseLabel } from './label-parser.js';
import { unsureNameNote } from './title-names.js';
import { titleSlipNote } from './title-slips.js';
import {
  doublesALetter,
  isTitleRepairNote,
  nearWords,
  repairTitleLine,
  repairLineWords,
  repairWord,
  shortUnknownWords,
  titleRepairNote,
  unknownWords,
} from './title-words.js';

/** Steps spelling `before`, then one blurred step (`blurred`: its characters' probabilities), then `after`. */
const withBlur = (before: string, blurred: Record<string, number>, after: string) =>
  matrixOf([...clean(before), blurred, {}, ...clean(after)]);

/** 'Poison vy 1' with the capital I of 'Ivy' blurred into the gap: the blank first, 'l' second, 'I' third. */
const lostI = matrixOf([...clean('Poison '), { '': 0.6, l: 0.25, I: 0.1 }, {}, ...clean('vy 1')]);

describe('unknownWords', () => {
  it('lists words of four letters or more that no dictionary has, a possessive left off', () => {
    expect(unknownWords("Marver's Voices: Spider-Gwes")).toEqual(['Marver', 'Gwes']);
    expect(unknownWords('Nyx W0rld Tr33 Wolverine')).toEqual([]);
  });
});

describe('shortUnknownWords', () => {
  it('lists words of two or three letters that no dictionary has, but not roman numerals', () => {
    expect(shortUnknownWords('Poison vy #1')).toEqual(['vy']);
    expect(shortUnknownWords('NYX')).toEqual(['NYX']);
    expect(shortUnknownWords('Canto II: The Hollow Men')).toEqual([]);
    expect(shortUnknownWords('X-Men and the Eternals')).toEqual([]);
  });
});

describe('nearWords', () => {
  it('finds only the words a short word is with one letter put back', () => {
    expect(nearWords('vy')).toEqual(['ivy']);
    expect(nearWords('nd')).toEqual(expect.arrayContaining(['and', 'end']));
    expect(nearWords('nd').every((word) => word.length === 3)).toBe(true);
  });

  it('finds words one edit away from a short word and two from a long one', () => {
    expect(nearWords('Gwes')).toContain('gwen');
    expect(nearWords('Wohrerine')).toContain('wolverine');
    expect(nearWords('Gwes')).not.toContain('given');
  });
});

describe('repairWord', () => {
  it("takes the dictionary word whose letter was the recogniser's close second", () => {
    // 'Wohverine': 'h' at 0.52, 'l' at 0.42.
    const matrix = withBlur('Wo', { h: 0.52, l: 0.42 }, 'verine 1');
    expect(repairWord(matrix, 'Wohverine')).toMatchObject({ read: 'Wohverine', word: 'Wolverine' });
  });

  it('keeps a word whose letters were read clearly, though a word is one letter away', () => {
    // 'Shakur' is a name; 'shaker' would need the clear 'u' to be an 'e'.
    expect(repairWord(matrixOf(clean('Tupac Shakur nn')), 'Shakur')).toBeNull();
  });

  it("keeps a word when the printed letter is not among the recogniser's likely ones", () => {
    const matrix = withBlur('Marve', { r: 0.56, T: 0.15, f: 0.07 }, "'s Voices");
    expect(repairWord(matrix, 'Marver')).toBeNull();
  });

  it('keeps a word two dictionary words fit about as well', () => {
    // 'Pake': 'poke' and 'pike' are as likely as each other.
    const matrix = withBlur('P', { a: 0.4, o: 0.3, i: 0.3 }, 'ke 1');
    expect(repairWord(matrix, 'Pake')).toBeNull();
  });

  it('reads a word only where the line spells it once', () => {
    const matrix = withBlur('Wo', { h: 0.52, l: 0.42 }, 'verine Wohverine');
    expect(repairWord(matrix, 'Wohverine')).toBeNull();
  });
});

describe('repairWord on a doubled letter read as one', () => {
  // 'Kiling': its one 'l' step has no blank beside it, so spelling 'killing' through the matrix
  // costs a blank it did not see; 'kiting' costs the 't' the recogniser barely saw.
  const matrix = matrixOf([...clean('Something is Ki'), { l: 0.9, t: 0.05 }, ...clean('ing the Children')]);

  it('takes the word with the letter doubled: the recogniser writes a doubled letter as one when it loses the blank between', () => {
    expect(repairWord(matrix, 'Kiling')).toMatchObject({ read: 'Kiling', word: 'Killing', cost: 0 });
  });

  it('leaves a short word, and a word with no doubled neighbour, as they are', () => {
    expect(doublesALetter('Kiling', 'killing')).toBe(true);
    expect(doublesALetter('Kiling', 'kiting')).toBe(false);
    expect(doublesALetter('Mon', 'moon')).toBe(false);
    expect(repairWord(matrixOf(clean('Tupac Shakur nn')), 'Shakur')).toBeNull();
  });
});

describe('repairWord on a title word near comic vocabulary', () => {
  // 'Batmun': 'u' at 0.9 and 'a' at 0.03, so spelling 'Batman' costs about 3.4, over the plain bar.
  const matrix = matrixOf([...clean('Batm'), { u: 0.9, a: 0.03 }, {}, ...clean('n 108')]);

  it('takes a comic word that costs more than the plain bar when it leads every other word by far', () => {
    expect(repairWord(matrix, 'Batmun', { comicWords: true })).toMatchObject({ word: 'Batman' });
  });

  it('keeps the word under the plain bars (a variant line) or when the near word is no comic word', () => {
    expect(repairWord(matrix, 'Batmun')).toBeNull();
    // 'garden' at the same cost is plain English: the title word stays as read.
    const gardan = matrixOf([...clean('Gard'), { a: 0.9, e: 0.03 }, {}, ...clean('n 2')]);
    expect(repairWord(gardan, 'Gardan', { comicWords: true })).toBeNull();
  });

  it('keeps a word whose comic near word would change a letter the recogniser was sure of', () => {
    expect(repairWord(matrixOf(clean('Batmun 108')), 'Batmun', { comicWords: true })).toBeNull();
  });
});

describe('repairWord on a short word', () => {
  it('puts back the letter the recogniser saw, though not first', () => {
    expect(repairWord(lostI, 'vy')).toMatchObject({ read: 'vy', word: 'ivy' });
  });

  it('keeps a short word when no letter was seen beside it', () => {
    expect(repairWord(matrixOf(clean('Poison vy 1')), 'vy')).toBeNull();
    expect(repairWord(matrixOf(clean('NYX 1')), 'NYX')).toBeNull();
  });

  it('finds a short word only as a whole word', () => {
    const matrix = matrixOf([...clean('Navy '), { '': 0.6, I: 0.2 }, {}, ...clean('vy 1')]);
    expect(repairWord(matrix, 'vy')).toMatchObject({ word: 'ivy' });
  });
});

describe('repairLineWords', () => {
  it('puts right each unknown word it can, in the case it was printed', () => {
    const matrix = withBlur('Spider-Gwe', { s: 0.37, n: 0.16, r: 0.11 }, ': Shadow Clones 1');
    expect(repairLineWords(matrix, 'Spider-Gwes: Shadow Clones')).toMatchObject({
      text: 'Spider-Gwen: Shadow Clones',
      repairs: [{ read: 'Gwes', word: 'Gwen' }],
    });
  });
});

describe('repairLineWords on a title with a short word', () => {
  it('puts right a short word in a title, a capital put back in a title set in capitals first', () => {
    expect(repairLineWords(lostI, 'Poison vy', { shortWords: true })).toMatchObject({
      text: 'Poison Ivy',
      repairs: [{ read: 'vy', word: 'Ivy' }],
    });
  });

  it('leaves a short word alone unless asked (a variant line)', () => {
    expect(repairLineWords(lostI, 'Poison vy')).toEqual({ text: 'Poison vy', repairs: [] });
  });

  it('keeps in lower case a short word titles print so', () => {
    const matrix = matrixOf([...clean('Batman '), { '': 0.6, a: 0.3 }, {}, ...clean('nd Robin 1')]);
    expect(repairLineWords(matrix, 'Batman nd Robin', { shortWords: true }).text).toBe('Batman and Robin');
  });
});

describe('repairLineWords on a long line', () => {
  it('reads again at most four unknown words of one title', () => {
    // Five words, each with one blurred letter whose printed letter is a close second.
    const blurred: [string, Record<string, number>, string][] = [
      ['Wo', { h: 0.52, l: 0.42 }, 'verine '],
      ['Spectacula', { n: 0.5, r: 0.45 }, ' '],
      ['Gwe', { s: 0.5, n: 0.45 }, ' '],
      ['U', { f: 0.5, l: 0.45 }, 'timate '],
      ['Avenger', { z: 0.5, s: 0.45 }, ''],
    ];
    const steps = blurred.flatMap(([before, step, after]) => [...clean(before), step, {}, ...clean(after)]);
    const { text: title, repairs } = repairLineWords(
      matrixOf(steps),
      'Wohverine Spectaculan Gwes Uftimate Avengerz',
    );
    expect(repairs.map((repair) => repair.word)).toEqual(['Wolverine', 'Spectacular', 'Gwen', 'Ultimate']);
    expect(title).toBe('Wolverine Spectacular Gwen Ultimate Avengerz');
  });
});

describe('repairTitleLine', () => {
  const label = { width: 1400, height: 400, data: new Uint8Array(1400 * 400 * 3) };
  const titleBox = { x: 500, y: 100, width: 400, height: 40 };
  const parsed = (title: string) => {
    const base = parseLabel([], 1400);
    return {
      ...base,
      title,
      titleBox,
      fieldConfidence: { ...base.fieldConfidence, title: 0.85 },
      notes: [titleSlipNote({ read: 'Wohverine', word: 'wolverine' })],
    };
  };

  it('repairs the title, caps its confidence and says what it took', async () => {
    const { engine } = engineSeeing(withBlur('Wo', { h: 0.52, l: 0.42 }, 'verine 1'));
    const next = await repairTitleLine(engine, label, parsed('Wohverine'));
    expect(next.title).toBe('Wolverine');
    expect(next.fieldConfidence.title).toBe(0.6);
    expect(next.notes).toEqual([
      '"Wohverine" in the title was unclear and was taken as "Wolverine": please check the title.',
    ]);
    expect(isTitleRepairNote(next.notes[0] ?? '')).toBe(true);
  });

  it('reads the line again for a short word no dictionary has', async () => {
    const { engine } = engineSeeing(lostI);
    const next = await repairTitleLine(engine, label, { ...parsed('Poison vy'), notes: [] });
    expect(next.title).toBe('Poison Ivy');
    expect(next.fieldConfidence.title).toBe(0.6);
    expect(next.notes).toEqual([
      '"vy" in the title was unclear and was taken as "Ivy": please check the title.',
    ]);
  });

  it("drops the unsure-name note on the word it puts right (dev-012's 'Marver's', phone seed 2)", async () => {
    const { engine } = engineSeeing(withBlur('Marve', { r: 0.52, l: 0.42 }, "'s Voices 1"));
    const next = await repairTitleLine(engine, label, {
      ...parsed("Marver's Voices"),
      notes: [unsureNameNote('Marver')],
    });
    expect(next.title).toBe("Marvel's Voices");
    expect(next.notes).toEqual([
      '"Marver" in the title was unclear and was taken as "Marvel": please check the title.',
    ]);
  });

  it('does not read the line again when every title word is known', async () => {
    const { engine, calls } = engineSeeing(matrixOf(clean('Wolverine 1')));
    const next = await repairTitleLine(engine, label, parsed('Wolverine'));
    expect(calls).toHaveLength(0);
    expect(next.title).toBe('Wolverine');
    expect(next.fieldConfidence.title).toBe(0.85);
  });

  it('tells its note from other notes', () => {
    expect(isTitleRepairNote(titleRepairNote({ read: 'Swit', word: 'Swift', cost: 1.9 }))).toBe(true);
    expect(isTitleRepairNote(titleSlipNote({ read: 'Switt', word: 'swift' }))).toBe(false);
  });
});
