// Puts back spaces the recogniser lost between words, using a dictionary (word-list.ts). Two
// strengths: titles get only the safe repairs (a glued small word, 'Legionof' -> 'Legion of'; a
// camel-case join of two words), because real titles are full of names no dictionary has and a
// wrong split is worse than none; free text (key comments, variant lines) also gets a general
// split of an unknown run of letters into two or three known words ('appearanceof').
import { GLUE_WORDS } from './comic-words.js';
import { isKnownWord } from './word-list.js';

/** Camel-case words that are real spellings of titles and names: never split. */
const CAMEL_WORDS = new Set(
  [
    'SpongeBob',
    'SquarePants',
    'ThunderCats',
    'DuckTales',
    'GoBots',
    'BattleTech',
    'StarCraft',
    'WarCraft',
    'WildStorm',
    'WildCats',
    'SpiderVerse',
    'MacGyver',
    'McFarlane',
    'DeMatteis',
    'LaRocca',
    'DiDio',
    'TidalWave',
    'AfterShock',
    'ComicTom',
    'VeVe',
    'YouTube',
    'iPhone',
    'PlayStation',
    'SkyBound',
    'TopCow',
    'BOOM',
  ].map((word) => word.toLowerCase()),
);

/** Words of the label's own wording, which may be split off a capitalised run ('Variantcover'). */
const LABEL_WORDS = new Set([
  'variant',
  'cover',
  'edition',
  'foil',
  'virgin',
  'sketch',
  'printing',
  'special',
  'comics',
  'appearance',
  'story',
  'art',
  'of',
  'the',
  'and',
]);

/** A name prefix after which a capital is part of the same word (McFarlane, MacLeod, DeMatteis, LaRocca, O'Neil). */
const NAME_PREFIX = /^(?:Ma?c|D[eiu]|L[ae]|Van|Von)$/;

/** Splits one token at camel-case joins when the parts are words ('LegionOf', 'PeterParker'). */
function splitCamel(token: string): string {
  if (CAMEL_WORDS.has(token.toLowerCase().replace(/[^a-z]/g, ''))) return token;
  const parts = token.split(/(?<=[a-z])(?=[A-Z])/);
  if (parts.length < 2) return token;
  const out: string[] = [parts[0] ?? ''];
  for (const part of parts.slice(1)) {
    const last = out[out.length - 1] ?? '';
    if (NAME_PREFIX.test(last) || last.length < 2 || part.length < 2) out[out.length - 1] = last + part;
    else out.push(part);
  }
  return out.join(' ');
}

/** 'Legionof' -> 'Legion of', 'ofthe' -> 'of the', 'theAvengers' is left to splitCamel. */
function splitGlue(token: string): string {
  const letters = token.toLowerCase();
  if (!/^[A-Za-z]+$/.test(token) || token.length < 4 || isKnownWord(letters)) return token;
  // A glued small word at the end: the rest must be a known word or a name (capitalised, 3+ letters).
  for (const glue of GLUE_WORDS) {
    if (!letters.endsWith(glue)) continue;
    const rest = token.slice(0, token.length - glue.length);
    if (rest.length < 3) continue;
    const restOk = isKnownWord(rest) || GLUE_WORDS.includes(rest.toLowerCase()) || /^[A-Z][a-z]+$/.test(rest);
    if (restOk) return `${splitGlue(rest)} ${token.slice(rest.length)}`;
  }
  // ...or at the start ('ofthe', 'theEnd' is camel case): the rest must be a known word.
  for (const glue of ['of', 'the', 'and']) {
    if (!letters.startsWith(glue)) continue;
    const rest = token.slice(glue.length);
    if (rest.length >= 3 && (isKnownWord(rest) || GLUE_WORDS.includes(rest.toLowerCase()))) {
      return `${token.slice(0, glue.length)} ${splitGlue(rest)}`;
    }
  }
  return token;
}

/**
 * Title repairs: a space put inside a word by a wide letter ('So mething', 'A mazing'), camel-case
 * joins of words, and glued small words. Two long words run together ('Visionspeach') are left:
 * splitting them also split names ('Venomverse' -> 'Venom verse'); the price guide fixes those.
 */
export function respaceTitle(text: string): string {
  return mergeBrokenWords(text)
    .split(' ')
    .map((token) => splitCamel(token))
    .join(' ')
    .split(' ')
    .map((token) => splitGlue(token))
    .join(' ');
}

/** Joins two neighbours when together they make a known word and apart one of them does not. */
export function mergeBrokenWords(text: string): string {
  const tokens = text.split(' ');
  const out: string[] = [];
  for (const token of tokens) {
    const last = out[out.length - 1];
    // The word before may be hyphenated ('Spider-G wen'): its last part is what was cut.
    const tail = last?.split('-').pop() ?? '';
    // The piece may end the title's first part: 'Miles M orales: Spider-Man' was left so at 0.94 on
    // a phone photo.
    const piece = token.replace(/[:;,.!?]+$/, '');
    if (last !== undefined && /^[A-Za-z]+$/.test(tail) && /^[a-z]+$/.test(piece)) {
      const joined = tail + piece;
      // A lone letter other than 'a' or 'I' is a word's first letter cut off ('G wen' -> 'Gwen').
      const tailKnown = isKnownWord(tail) && (tail.length > 1 || /^[aAI]$/.test(tail));
      if (isKnownWord(joined) && (!tailKnown || !isKnownWord(piece))) {
        out[out.length - 1] = last + token;
        continue;
      }
    }
    out.push(token);
  }
  return out.join(' ');
}

/**
 * Free-text repairs: everything respaceTitle does, plus '1stappearance' -> '1st appearance' and an
 * unknown run of 7+ lower-case letters split into two or three known words of 2+ letters each.
 */
export function respaceText(text: string): string {
  return respaceTitle(
    text
      .replace(/\b(1st|2nd|3rd|\d+th)(?=[A-Za-z]{3})/g, '$1 ')
      .split(' ')
      .map((token) => segmentUnknown(token))
      .join(' '),
  );
}

/** How far segmentUnknown may go. */
interface SegmentOptions {
  /** Shortest piece. */
  minPiece: number;
  /** Most pieces. */
  maxPieces: number;
  /** Split capitalised runs too, at any known words (titles: long pieces only). */
  capitalised: boolean;
}

/**
 * Splits an unknown run of letters into the fewest known words, or leaves it. Free text: 7+
 * letters into 2-3 words of 2+ letters; a capitalised run only at label words ('Variantcover'),
 * since a capitalised unknown word is usually a name or a shop ('Whatnot').
 */
export function segmentUnknown(
  token: string,
  { minPiece, maxPieces, capitalised }: SegmentOptions = { minPiece: 2, maxPieces: 3, capitalised: false },
): string {
  const match = /^([^A-Za-z]*)([A-Za-z]+)([^A-Za-z]*)$/.exec(token);
  if (!match) return token;
  const [, before = '', word = '', after = ''] = match;
  if (word.length < Math.max(7, 2 * minPiece) || isKnownWord(word) || /[A-Z].*[A-Z]/.test(word.slice(1))) {
    return token;
  }
  const lower = word.toLowerCase();
  // best[i]: the fewest pieces covering lower.slice(0, i), each piece a known word of 2+ letters.
  const best: (number[] | null)[] = Array.from({ length: lower.length + 1 }, () => null);
  best[0] = [];
  for (let end = minPiece; end <= lower.length; end++) {
    for (let start = Math.max(0, end - 20); start <= end - minPiece; start++) {
      const prior = best[start];
      if (!prior || !isKnownWord(lower.slice(start, end))) continue;
      const candidate = [...prior, end];
      const current = best[end];
      if (!current || candidate.length < current.length) best[end] = candidate;
    }
  }
  const cuts = best[lower.length];
  if (!cuts || cuts.length < 2 || cuts.length > maxPieces) return token;
  const pieces: string[] = [];
  let start = 0;
  for (const end of cuts) {
    pieces.push(word.slice(start, end));
    start = end;
  }
  // A capitalised run is often a name or a shop ('Whatnot'): split it only at label words.
  if (!capitalised && /^[A-Z]/.test(word) && !pieces.some((piece) => LABEL_WORDS.has(piece.toLowerCase()))) {
    return token;
  }
  return `${before}${pieces.join(' ')}${after}`;
}
