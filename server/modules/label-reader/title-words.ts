// Title words put right from what the recogniser saw. On a blurred title the recogniser's likeliest
// letter is sometimes not the printed one, though the printed one is a close second: 'Wohverine'
// with 'h' at 0.52 and 'l' at 0.42 at that step. A word that is in no dictionary is read again
// against the dictionary words a few edits from it, over the same stretch of the recogniser's
// output (pattern-decode.ts): a word is taken when spelling it costs the reading little, and clearly
// less than any other word would. Where the printed letter is not among the likely ones ('Marver's',
// 'r' at 0.56 and 'l' nowhere near) nothing changes: a guess from the word list alone would turn
// names into words. Pure functions, bar `repairTitleLine`, which asks the engine for the title
// line's recogniser output.
import { withinEdits } from '../../../shared/edit-distance.js';
import type { ParsedLabel } from './label-parser.js';
import type { OcrEngine } from './ocr-engine.js';
import {
  createMatcher,
  greedyCharacters,
  type LineMatrix,
  type ReadCharacter,
  type Slot,
} from './pattern-decode.js';
import type { Rect, RgbImage } from './raster.js';
import { isTitleSlipNote, TITLE_WORD_BREAK } from './title-slips.js';
import { dictionary, isComicWord } from './word-list.js';

/**
 * Shorter unknown words are mostly names ('Nyx', 'Kang'), with many words a letter away by chance:
 * in a title they are read again only for a letter they lost (`shortUnknownWords`).
 */
const MIN_WORD_LENGTH = 4;
/** Most edits between a read word and a word it may be; one for words under LONG_WORD letters. */
const MAX_EDITS = 2;
const LONG_WORD = 6;
/**
 * A word is taken when spelling it costs the stretch of the reading at most this much (natural
 * log-probability) more than the letters read, and at least MIN_LEAD less than the next word.
 */
const MAX_COST = 2.5;
const MIN_LEAD = 1.5;
/**
 * A title word near a word of comic vocabulary (`isComicWord`: 'Batman', 'Ultimate') may cost the
 * reading more, when it leads the next word by far: a title is mostly made of such words. On the
 * phone benches 'Batmun' (batman, cost 3.31, lead 5.4) and 'Uftimate' (ultimate, 2.69, lead 8)
 * stayed as read under the plain bars, while the wrong cheap candidate seen, 'Mtan' as 'moan' (3.26,
 * lead 4.0), is no comic word. A name printed clearly costs far more to spell as another word (about
 * 4.5 a letter the recogniser was sure of), so it stays a name (ADR 0064).
 */
const COMIC_MAX_COST = 4;
const COMIC_MIN_LEAD = 4;

/**
 * Most words one title is read again for: each costs a dictionary scan (up to ~12 ms) and a decode
 * per near word, and a line of noise read as a title can hold many unknown words.
 */
const MAX_REPAIRED_WORDS = 4;

/** One word put right: as read, and as taken. */
export interface WordRepair {
  read: string;
  word: string;
  /** What spelling `word` cost the reading (log-probability): 0 when the letters were read so. */
  cost: number;
}

/** The words of `line` that no dictionary has: letters only, possessive 's left off. */
export function unknownWords(line: string): string[] {
  return notInDictionary(
    line.split(TITLE_WORD_BREAK).map((token) => token.replace(/'s$/i, '')),
    (token) => /^[A-Za-z]+$/.test(token) && token.length >= MIN_WORD_LENGTH,
  );
}

/**
 * The words of `line` of two or three letters that no dictionary has, bar roman numerals ('II'):
 * in a title these are mostly a word that lost a letter ('Poison vy' for Poison Ivy, its capital I
 * blurred into the gap before it), or a name ('NYX'). They are put right only by the one letter
 * they lost (`nearWords`), so a short name is kept unless the recogniser saw that letter.
 */
export function shortUnknownWords(line: string): string[] {
  return notInDictionary(
    line.split(TITLE_WORD_BREAK),
    (token) => /^[A-Za-z]{2,3}$/.test(token) && !/^[IVXLC]+$/i.test(token),
  );
}

/** The `tokens` of the shape asked for that no dictionary has, in their order. */
function notInDictionary(tokens: readonly string[], shaped: (token: string) => boolean): string[] {
  const words = dictionary();
  return tokens.filter((token) => shaped(token) && !words.has(token.toLowerCase()));
}

/**
 * Dictionary words within a few edits of `read` (see MAX_EDITS), lower case, at least
 * MIN_WORD_LENGTH long. A word shorter than that (`shortUnknownWords`) is near only the words it
 * is with one letter put back.
 */
export function nearWords(read: string): string[] {
  const lower = read.toLowerCase();
  const byLength = wordsByLength();
  if (lower.length < MIN_WORD_LENGTH)
    return (byLength.get(lower.length + 1) ?? []).filter((word) => withinEdits(lower, word, 1));
  const most = lower.length < LONG_WORD ? 1 : MAX_EDITS;
  const near: string[] = [];
  for (let length = Math.max(MIN_WORD_LENGTH, lower.length - most); length <= lower.length + most; length++) {
    for (const word of byLength.get(length) ?? []) if (withinEdits(lower, word, most)) near.push(word);
  }
  return near;
}

let lengths: ReadonlyMap<number, readonly string[]> | null = null;
/** The shortest word a short unknown word may be (a two-letter one with its lost letter put back). */
const SHORT_NEAR_LENGTH = 3;

/** The dictionary's words of letters only, at least SHORT_NEAR_LENGTH long, by length. */
function wordsByLength(): ReadonlyMap<number, readonly string[]> {
  if (!lengths) {
    const map = new Map<number, string[]>();
    for (const word of dictionary()) {
      if (word.length < SHORT_NEAR_LENGTH || !/^[a-z]+$/.test(word)) continue;
      const list = map.get(word.length) ?? [];
      list.push(word);
      map.set(word.length, list);
    }
    lengths = map;
  }
  return lengths;
}

/**
 * The stretch of time steps where the matrix's greedy reading spells `read` (any case), from just
 * after the character before it to just before the one after it; null unless it spells it once.
 */
function stretchOf(
  characters: readonly ReadCharacter[],
  read: string,
  steps: number,
): [number, number] | null {
  const text = characters
    .map((c) => c.char)
    .join('')
    .toLowerCase();
  const at = onlyPlace(text, read.toLowerCase());
  if (at === null) return null;
  const before = characters[at - 1];
  const after = characters[at + read.length];
  return [before ? before.last + 1 : 0, after ? after.first - 1 : steps - 1];
}

/**
 * Where `word` is in `text`, when it is there once; a short word (`shortUnknownWords`) counts only
 * as a whole word, as 'vy' is in many a longer one.
 */
function onlyPlace(text: string, word: string): number | null {
  if (word.length >= MIN_WORD_LENGTH) {
    const at = text.indexOf(word);
    return at >= 0 && text.indexOf(word, at + 1) < 0 ? at : null;
  }
  const places = [...text.matchAll(new RegExp(`(?<![a-z])${word}(?![a-z])`, 'g'))];
  return places.length === 1 ? (places[0]?.index ?? null) : null;
}

function stepsOf(matrix: LineMatrix, [from, to]: [number, number]): LineMatrix {
  const width = matrix.chars.length;
  return {
    steps: to - from + 1,
    chars: matrix.chars,
    probs: matrix.probs.subarray(from * width, (to + 1) * width),
  };
}

const spelled = (word: string): Slot[] =>
  [...word].map((char) => ({ accepts: char.toUpperCase() + char.toLowerCase() }));

/**
 * The dictionary word `read` most likely is, judged on the recogniser's output for its line: null
 * when the line does not spell `read` exactly once, or no near word is cheap enough and clear of
 * the next.
 */
export function repairWord(matrix: LineMatrix, read: string, scope: RepairScope = {}): WordRepair | null {
  const stretch = stretchOf(greedyCharacters(matrix), read, matrix.steps);
  if (!stretch) return null;
  // One matcher for the read word and all its near words: they share letters, whose best classes
  // per step it finds once.
  const match = createMatcher(stepsOf(matrix, stretch));
  const asRead = match(spelled(read));
  if (!asRead) return null;
  const costs = nearWords(read)
    .flatMap((word) => {
      if (doublesALetter(read, word)) return [{ word, cost: 0 }];
      const path = match(spelled(word));
      return path ? [{ word, cost: asRead.logProb - path.logProb }] : [];
    })
    .sort((a, b) => a.cost - b.cost);
  const [best, next] = costs;
  if (!best) return null;
  const lead = next ? next.cost - best.cost : Number.POSITIVE_INFINITY;
  const plain = best.cost <= MAX_COST && lead >= MIN_LEAD;
  const comic =
    scope.comicWords === true &&
    isComicWord(best.word) &&
    best.cost <= COMIC_MAX_COST &&
    lead >= COMIC_MIN_LEAD;
  if (!plain && !comic) return null;
  return { read, word: inCaseOf(read, best.word), cost: Math.max(0, best.cost) };
}

/**
 * Whether `word` is `read` (any case, MIN_WORD_LENGTH letters or more) with one of its letters
 * doubled: 'killing' for 'Kiling'. The recogniser writes a doubled letter only with a blank step
 * between its halves (CTC); in small or blurred print that blank is lost and the two letters read
 * as one, so the reading explains the doubled word as well as the word read, and it costs nothing
 * (`repairWord`). Spelled through the matrix it would cost the blank the recogniser did not see:
 * 'Something is Kiling the Children' (dev-020, a 353 px label on the "sideways" phone family, seed
 * 1) cost 2.3 as 'killing', only 0.7 ahead of 'kiting', and the title stayed wrong at 0.94. A
 * shorter word is left alone: a name of two or three letters is a letter from many words.
 */
export function doublesALetter(read: string, word: string): boolean {
  const lower = read.toLowerCase();
  const near = word.toLowerCase();
  if (lower.length < MIN_WORD_LENGTH || near.length !== lower.length + 1) return false;
  for (let i = 1; i < near.length; i++)
    if (near[i] === near[i - 1] && near.slice(0, i) + near.slice(i + 1) === lower) return true;
  return false;
}

/** `word` in the case `read` was printed in: capitals, a capital first, or lower case. */
function inCaseOf(read: string, word: string): string {
  if (read.length > 1 && read === read.toUpperCase()) return word.toUpperCase();
  if (read[0] === read[0]?.toUpperCase()) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

/** Which words of a line are read again: those of four letters or more, and for a title the short ones too. */
export interface RepairScope {
  /** Also the two- and three-letter words no dictionary has (`shortUnknownWords`). */
  shortWords?: boolean;
  /** A near word of comic vocabulary is taken at a higher cost (COMIC_MAX_COST): a title's words. */
  comicWords?: boolean;
}

function wordsToRepair(line: string, { shortWords = false }: RepairScope): string[] {
  return [...unknownWords(line), ...(shortWords ? shortUnknownWords(line) : [])];
}

/** `line` (a title, a variant line) with each unknown word that `repairWord` puts right replaced, and the repairs made. */
export function repairLineWords(
  matrix: LineMatrix,
  line: string,
  scope: RepairScope = {},
): { text: string; repairs: WordRepair[] } {
  const repairs: WordRepair[] = [];
  let out = line;
  for (const read of wordsToRepair(line, scope).slice(0, MAX_REPAIRED_WORDS)) {
    const repair = repairWord(matrix, read, scope);
    if (!repair) continue;
    const word = withLostCapital(line, read, repair.word);
    repairs.push({ ...repair, word });
    out = out.replace(new RegExp(`(?<![A-Za-z])${read}(?![A-Za-z])`), word);
  }
  return { text: out, repairs };
}

/** Short words a title prints in lower case ('Tales of the Unexpected'). */
const LOWER_CASE_TITLE_WORDS = new Set(['and', 'the', 'for', 'nor', 'but', 'from', 'into', 'with']);

/**
 * `word`, put right from a lower-case `read` by a first letter put back, with that letter a capital
 * when `line` is set in title case (its long words all begin with one, numbers aside) and `word` is not a short
 * word titles leave in lower case: the lost letter of 'Poison vy' was the capital of 'Ivy'.
 */
function withLostCapital(line: string, read: string, word: string): string {
  const lower = word.toLowerCase();
  if (read !== read.toLowerCase() || lower.slice(1) !== read || LOWER_CASE_TITLE_WORDS.has(lower))
    return word;
  const long = line
    .split(TITLE_WORD_BREAK)
    .filter((token) => token.length >= MIN_WORD_LENGTH && /^[A-Za-z]/.test(token));
  const titleCase = long.length > 0 && long.every((token) => /^[A-Z]/.test(token));
  return titleCase ? lower.charAt(0).toUpperCase() + lower.slice(1) : word;
}

/**
 * `line`, read in `box` of `label`, with its unknown words put right (`repairLineWords`) from the
 * recogniser's output for that box; null when there is no box, the line has no word a dictionary
 * lacks (it is then not recognised again), or no word was put right.
 */
export async function repairWordsInBox(
  engine: OcrEngine,
  label: RgbImage,
  box: Rect | null,
  line: string,
  scope: RepairScope = {},
): Promise<{ text: string; repairs: WordRepair[] } | null> {
  if (!box || wordsToRepair(line, scope).length === 0) return null;
  const matrix = await engine.lineMatrix(label, box);
  if (!matrix) return null;
  const repaired = repairLineWords(matrix, line, scope);
  return repaired.repairs.length > 0 ? repaired : null;
}

/** The reading's note on a repaired word, asking the seller to check the title. */
export function titleRepairNote({ read, word }: WordRepair): string {
  return `"${read}" in the title was unclear and was taken as "${word}": please check the title.`;
}

/** Whether a reading's note is titleRepairNote's: moot once the title is put right from the price guide. */
export function isTitleRepairNote(note: string): boolean {
  return /^"[A-Za-z]+" in the title was unclear and was taken as "[A-Za-z]+": please check the title\.$/.test(
    note,
  );
}

/**
 * Highest confidence of a title with a word put right: the word is the likeliest the recogniser
 * saw, but it did see another first, so the seller is asked to check it.
 */
const REPAIRED_TITLE_CONFIDENCE = 0.6;

/**
 * The parsed label with the unknown words of its title put right from the title line's recogniser
 * output (`repairWordsInBox`). The line is recognised once more only when its title has a word
 * no dictionary knows.
 */
export async function repairTitleLine(
  engine: OcrEngine,
  label: RgbImage,
  parsed: ParsedLabel,
): Promise<ParsedLabel> {
  const line = await repairWordsInBox(engine, label, parsed.titleBox, parsed.title, {
    shortWords: true,
    comicWords: true,
  });
  if (!line) return parsed;
  const { text: title, repairs } = line;
  const repaired = new Set(repairs.map((repair) => `"${repair.read}"`));
  return {
    ...parsed,
    title,
    fieldConfidence: {
      ...parsed.fieldConfidence,
      title: Math.min(parsed.fieldConfidence.title, REPAIRED_TITLE_CONFIDENCE),
    },
    // A slip noted on a word now put right is answered by the repair's own note.
    notes: [
      ...parsed.notes.filter((note) => !(isTitleSlipNote(note) && repaired.has(note.split(' ')[0] ?? ''))),
      ...repairs.map(titleRepairNote),
    ],
  };
}
