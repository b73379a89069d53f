// A zero read as the letter o in a title word that mixes letters and digits ('worldtr33' for
// 'w0rldtr33'). Such words are stylised, and there a printed zero and an o look alike to the
// recogniser: on the phone benches its output at the zero of 'w0rldtr33' gave the letter o 0.00-0.33
// beside the zero's 0.32-0.90. The parser already reads a capital O inside such a word as a zero
// (tidyTitle in label-parser.ts). A lower-case o stays as read, sure as the letters around it
// ('worldtr33' at 0.93, 'woridtr33' at 0.94 on phone seeds 6 and 3), unless the recogniser gave a
// zero some probability there too: then the title is doubted and the seller asked to check it.
import { SLIP_TITLE_CONFIDENCE, type ParsedLabel } from './label-parser.js';
import type { OcrEngine } from './ocr-engine.js';
import { greedyCharacters, type LineMatrix } from './pattern-decode.js';
import type { RgbImage } from './raster.js';
import { TITLE_WORD_BREAK, titleSlipNote } from './title-slips.js';

/** Whether a word mixes letters and digits: 'w0rldtr33', not 'Wolverine' or '2099'. */
function mixesLettersAndDigits(word: string): boolean {
  return /\d/.test(word) && /[A-Za-z]/.test(word);
}

/** The words of `title` that mix letters and digits and hold a lower-case o. */
export function wordsWithLetterO(title: string): string[] {
  return title.split(TITLE_WORD_BREAK).filter((word) => mixesLettersAndDigits(word) && word.includes('o'));
}

/**
 * A zero given at least this probability at an o's steps makes the o doubtful. The two o's read
 * wrong on the phone benches had a zero at 0.14 and 0.24 beside them; an o in a plain word
 * ('Spider-Boy3', an issue number glued on) has next to none.
 */
const ZERO_DOUBT = 0.05;

/** The characters a zero is read as: the digit, and the capital O the parser turns into one. */
const ZERO_FORMS = ['0', 'O'];

/**
 * Whether the recogniser's output for a title line gave a zero notable probability
 * (ZERO_DOUBT) at a lower-case o it read in a word that mixes letters and digits.
 */
export function zeroSeenAtLetterO(matrix: LineMatrix): boolean {
  const { chars, probs } = matrix;
  const width = chars.length;
  const zeroColumns = chars.flatMap((char, column) => (ZERO_FORMS.includes(char) ? [column] : []));
  const read = greedyCharacters(matrix);
  // The greedy reading's words, as runs of characters between breaks.
  let word: typeof read = [];
  const words: (typeof read)[] = [];
  for (const character of read) {
    if (TITLE_WORD_BREAK.test(character.char)) {
      words.push(word);
      word = [];
    } else word.push(character);
  }
  words.push(word);
  return words.some(
    (characters) =>
      mixesLettersAndDigits(characters.map((c) => c.char).join('')) &&
      characters.some((c) => {
        if (c.char !== 'o') return false;
        for (let t = c.first; t <= c.last; t++) {
          const zero = zeroColumns.reduce((sum, column) => sum + (probs[t * width + column] ?? 0), 0);
          if (zero >= ZERO_DOUBT) return true;
        }
        return false;
      }),
  );
}

/**
 * The parsed label with its title doubted (confidence at most SLIP_TITLE_CONFIDENCE, and a note
 * naming the word with zeros for its o's) when a word of it mixing letters and digits holds an o
 * the recogniser also saw as a zero. The title line is recognised once more only for such a word.
 */
export async function doubtLetterO(
  engine: OcrEngine,
  label: RgbImage,
  parsed: ParsedLabel,
): Promise<ParsedLabel> {
  const [read] = wordsWithLetterO(parsed.title);
  if (read === undefined || !parsed.titleBox) return parsed;
  const matrix = await engine.lineMatrix(label, parsed.titleBox);
  if (!matrix || !zeroSeenAtLetterO(matrix)) return parsed;
  return {
    ...parsed,
    fieldConfidence: {
      ...parsed.fieldConfidence,
      title: Math.min(parsed.fieldConfidence.title, SLIP_TITLE_CONFIDENCE),
    },
    notes: [...parsed.notes, titleSlipNote({ read, word: read.replace(/o/g, '0') })],
  };
}
