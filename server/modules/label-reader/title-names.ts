// A title word no dictionary knows, read with a letter the recogniser was unsure of. A misread
// dictionary word is caught by the dictionary (title-slips.ts, title-words.ts); a misread name
// ('G'mort's' for G'nort's, one look-alike letter off) is a name too, and only the recogniser's own
// sureness of its letters speaks for it. The title line's score is the mean over all its letters,
// so one unsure letter in a name barely moves it: 'G'mort's Swimsuit Edition' was reported at 0.91
// (phone seed 11, dev-036). Pure functions.
import { wordKey } from './text-layout.js';
import { TITLE_WORD_BREAK } from './title-slips.js';
import { unknownWords } from './title-words.js';

/**
 * A name's least sure letter under this leaves its title in doubt. Measured on the phone benches
 * (seeds 1, 2, 4, 7 and 11, "on comics" seed 1; ADR 0084): of the titles reported at 0.8 or more
 * with a word no dictionary knows, the right ones' names had their least sure letter at 0.96-0.99
 * bar two (Tupac 0.64, Pooh 0.85), and the one misread name (G'mort) at 0.80.
 */
export const NAME_LETTER_SURE = 0.85;

/**
 * The first word of `title` that no dictionary knows (`unknownWords`) and whose least sure letter,
 * in the title line's `letterProbs` (text-layout.ts), is under NAME_LETTER_SURE, as the title
 * prints it bar a possessive 's; null when there is none, or the letters' probabilities are not known.
 */
export function unsureName(
  title: string,
  letterProbs: ReadonlyMap<string, number> | undefined,
): string | null {
  if (!letterProbs) return null;
  for (const token of title.split(TITLE_WORD_BREAK)) {
    const key = wordKey(token);
    if (unknownWords(key).length === 0) continue;
    const least = letterProbs.get(key);
    // Without its possessive, as the slip and repair notes name a word, so a repair of it drops this note.
    if (least !== undefined && least < NAME_LETTER_SURE) return token.replace(/'s$/i, '');
  }
  return null;
}

/** The reading's note on an unsure name, asking the seller to check the title (isTitleSlipNote knows it). */
export function unsureNameNote(read: string): string {
  return `"${read}" in the title may be misread: please check the title.`;
}
