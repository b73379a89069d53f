// A title word the recogniser likely misread: not a word itself, but one letter away from a word by
// a slip between look-alike letters ('Switt' for 'Swift', read at 0.92 on a phone photo). The
// recogniser reports such a slip as sure as the letters around it, so the title's confidence alone
// never says it; the dictionary does. Names are rarely one look-alike letter from an everyday word
// (none of the dev set's 53 titles is), so a right title is seldom doubted by this.
import { dictionary } from './word-list.js';

/** Lower-case letters this recogniser confuses on small or blurred print, both ways round. */
const LOOK_ALIKE_PAIRS = [
  'ft',
  'il',
  'ij',
  'ce',
  'oc',
  'nh',
  'nr',
  'uv',
  'vy',
  'mn',
  'bh',
  'ao',
  'eo',
  'gq',
  'rt',
];
const LOOK_ALIKES = new Set(LOOK_ALIKE_PAIRS.flatMap((pair) => [pair, `${pair[1]}${pair[0]}`]));
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** What separates a title's words for the title checks (here, title-words.ts and title-zeros.ts). */
export const TITLE_WORD_BREAK = /[\s:;,.!?&()/-]+/;
/** Shorter words have look-alike neighbours by chance (names like 'Kang', 'Pooh'). */
const MIN_WORD_LENGTH = 5;

/** The first word of `title` that looks misread, with the word it likely is; null when none does. */
export function likelySlip(title: string): { read: string; word: string } | null {
  const words = dictionary();
  for (const token of title.split(TITLE_WORD_BREAK)) {
    // Words of letters only: 'W0rldtr33' is no misread word, and a possessive is its word's.
    const read = token.replace(/'s$/i, '');
    const lower = read.toLowerCase();
    if (!/^[a-z]+$/.test(lower) || lower.length < MIN_WORD_LENGTH || words.has(lower)) continue;
    for (let i = 0; i < lower.length; i++) {
      for (const letter of LETTERS) {
        if (!LOOK_ALIKES.has(`${lower[i]}${letter}`)) continue;
        const word = `${lower.slice(0, i)}${letter}${lower.slice(i + 1)}`;
        if (words.has(word)) return { read, word };
      }
    }
  }
  return null;
}

/** The reading's note on a likely slip, asking the seller to check the title. */
export function titleSlipNote({ read, word }: { read: string; word: string }): string {
  return `"${read}" in the title may be misread ("${word}"?): please check the title.`;
}

/** Whether a reading's note is titleSlipNote's (or unsureNameNote's): moot once the title is put right from the price guide. */
export function isTitleSlipNote(note: string): boolean {
  // Any word: title-zeros.ts words it with digits ('"worldtr33" ... ("w0rldtr33"?)').
  // Without a word: a name read unsurely (title-names.ts).
  return /^"[^"]+" in the title may be misread(?: \("[^"]+"\?\))?: please check the title\.$/.test(note);
}
