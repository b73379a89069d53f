import { describe, expect, it } from 'vitest';
import { NAME_LETTER_SURE, unsureName, unsureNameNote } from './title-names.js';
import { isTitleSlipNote } from './title-slips.js';

describe('unsureName', () => {
  const probs = (entries: Record<string, number>) => new Map(Object.entries(entries));

  it('names a word no dictionary knows whose least sure letter is under the bar, as the title prints it bar a possessive', () => {
    const title = "G'mort's Swimsuit Edition";
    expect(unsureName(title, probs({ gmort: 0.8, swimsuit: 0.97, edition: 0.97 }))).toBe("G'mort");
    expect(unsureName(title, probs({ gmort: NAME_LETTER_SURE, swimsuit: 0.97, edition: 0.97 }))).toBeNull();
  });

  it('leaves dictionary words, short words and words without known letters alone', () => {
    // 'Swimsuit' is a word: the dictionary checks it (title-slips.ts, title-words.ts).
    expect(unsureName('Gnort Swimsuit', probs({ gnort: 0.97, swimsuit: 0.5 }))).toBeNull();
    // Three letters: unknown words start at four ('Nyx' is read as a name either way).
    expect(unsureName('Nyx', probs({ nyx: 0.5 }))).toBeNull();
    expect(unsureName('Tupac Shakur', probs({ shakur: 0.98 }))).toBeNull();
    expect(unsureName('Tupac Shakur', undefined)).toBeNull();
  });

  it('words its note so the price-guide snap drops it with the slip notes', () => {
    expect(unsureNameNote("G'mort's")).toBe(
      '"G\'mort\'s" in the title may be misread: please check the title.',
    );
    expect(isTitleSlipNote(unsureNameNote("G'mort's"))).toBe(true);
  });
});
