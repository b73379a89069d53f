import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isTitleSlipNote, likelySlip, titleSlipNote } from './title-slips.js';

const truth = JSON.parse(
  readFileSync(new URL('../../../../shared/data/slabs-dev/truth.json', import.meta.url), 'utf8'),
) as { title: string }[];

describe('likelySlip', () => {
  it("finds a word one look-alike letter from a word ('Switt' for 'Swift', read at 0.92 on a phone photo)", () => {
    expect(likelySlip('Female Force: Taylor Switt')).toEqual({ read: 'Switt', word: 'swift' });
    expect(likelySlip('Uncanny X-Men: Phoenix Saga Retumed')).toBeNull(); // 'rn' for 'm' is two letters
    expect(likelySlip('The Amazing Spider-Man: Bcyond')).toEqual({ read: 'Bcyond', word: 'beyond' });
  });

  it('doubts none of the dev set titles, names and all', () => {
    const doubted = [...new Set(truth.map((row) => row.title))].filter((title) => likelySlip(title));
    expect(doubted).toEqual([]);
  });

  it('leaves short words, words with digits and possessives alone', () => {
    // 'Pooh' is one letter from 'posh', 'Kang' from 'king': too short to tell a name from a slip.
    expect(likelySlip('Do You Pooh?')).toBeNull();
    expect(likelySlip('Kang the Conqueror')).toBeNull();
    expect(likelySlip('W0rldtr33')).toBeNull();
    expect(likelySlip("Marvel's Voices: Spider-Verse")).toBeNull();
  });

  it('words its note so the price-guide snap can tell it apart', () => {
    const note = titleSlipNote({ read: 'Switt', word: 'swift' });
    expect(note).toBe('"Switt" in the title may be misread ("swift"?): please check the title.');
    expect(isTitleSlipNote(note)).toBe(true);
    expect(isTitleSlipNote('Title matched to the price guide: "Swift" (the label read "Switt").')).toBe(
      false,
    );
  });
});
