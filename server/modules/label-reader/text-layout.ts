// PP-OCR drops most spaces and merges text across the label's columns into one line. Each
// character's x position (from the CTC time step) lets us put the spaces back and split lines
// where a wide gap shows two columns were joined.
import type { OcrLine } from './ocr-engine.js';
import type { Rect } from './raster.js';

/** A piece of text belonging to one label column, with spaces restored. */
export interface TextSegment {
  readonly text: string;
  readonly score: number;
  readonly box: Rect;
  /** The lowest probability of any of its characters (the line's score when not known). */
  readonly minProb?: number;
  /**
   * Each word's least sure letter, by `wordKey`, where the recogniser gave its characters'
   * probabilities (a word read twice keeps the lower): what vouches for a name no dictionary knows.
   */
  readonly letterProbs?: ReadonlyMap<string, number>;
}

/**
 * A word as `letterProbs` knows it: lower case, without a possessive 's or apostrophes
 * ("G'nort's" is 'gnort').
 */
export function wordKey(word: string): string {
  return word.replace(/'s$/i, '').replace(/'/g, '').toLowerCase();
}

/**
 * The least sure letter of each word in `chars` from `from` to `to` (inclusive), by `wordKey`. A
 * word is a run of letters, digits and apostrophes, also parted before an index in `breaks` (a
 * space the segment's text puts back); its apostrophes and digits do not count towards its
 * sureness (a word of digits gets none).
 */
function letterProbsOf(
  chars: readonly string[],
  probOf: (index: number) => number,
  breaks: ReadonlySet<number>,
  from: number,
  to: number,
): Map<string, number> {
  const words = new Map<string, number>();
  let word = '';
  let least = Number.POSITIVE_INFINITY;
  const end = () => {
    const key = wordKey(word);
    if (key && Number.isFinite(least)) words.set(key, Math.min(least, words.get(key) ?? 1));
    word = '';
    least = Number.POSITIVE_INFINITY;
  };
  for (let i = from; i <= to; i++) {
    const char = chars[i] ?? '';
    if (breaks.has(i)) end();
    if (!/[\p{L}\p{N}']/u.test(char)) {
      end();
      continue;
    }
    word += char;
    if (/\p{L}/u.test(char)) least = Math.min(least, probOf(i));
  }
  end();
  return words;
}

/** Gap (in median character pitches) above which a space is inserted. */
const SPACE_GAP = 2.0;
/**
 * A narrower gap is a space too when the recogniser's space class got at least SPACE_PROB there:
 * the gap alone misses word breaks in tightly set titles ('Legionof'), the space class alone is
 * rarely the best class, together they agree with the printed spaces.
 */
const SPACE_PROB = 0.2;
const SPACE_PROB_GAP = 1.3;
/** Gap (in line heights) above which a line is split into two segments. */
const COLUMN_GAP = 1.6;

/** Splits OCR lines into column segments and restores spaces from character spacing. */
export function toSegments(lines: readonly OcrLine[]): TextSegment[] {
  return lines.flatMap(splitLine).sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

function splitLine(line: OcrLine): TextSegment[] {
  const chars = [...line.text];
  const probs = line.charProb?.length === chars.length ? line.charProb : null;
  // Where a space was put back before a character (filled in below, before each segment closes).
  const breaks = new Set<number>();
  const probOf = (i: number) => (chars[i] === ' ' ? 1 : (probs?.[i] ?? line.score));
  const lettersOf = (from: number, to: number) =>
    probs ? { letterProbs: letterProbsOf(chars, probOf, breaks, from, to) } : {};
  if (chars.length !== line.charX.length || chars.length < 2) {
    const minProb = probs ? Math.min(...probs.filter((_, i) => chars[i] !== ' ')) : line.score;
    return [
      {
        text: line.text.trim(),
        score: line.score,
        box: line.box,
        minProb,
        ...lettersOf(0, chars.length - 1),
      },
    ];
  }
  const gaps: number[] = [];
  for (let i = 1; i < chars.length; i++) {
    if (chars[i] !== ' ' && chars[i - 1] !== ' ') gaps.push((line.charX[i] ?? 0) - (line.charX[i - 1] ?? 0));
  }
  const pitch = median(gaps) || line.box.height / 2;
  const segments: TextSegment[] = [];
  let text = chars[0] ?? '';
  let startX = line.charX[0] ?? line.box.x;
  let startIndex = 0;
  let minProb = probOf(0);
  const close = (endX: number, endIndex: number) => {
    const x0 = Math.max(line.box.x, startX - pitch);
    const x1 = Math.min(line.box.x + line.box.width, endX + pitch);
    segments.push({
      text: text.replace(/\s+/g, ' ').trim(),
      score: line.score,
      box: { x: x0, y: line.box.y, width: Math.max(1, x1 - x0), height: line.box.height },
      minProb,
      ...lettersOf(startIndex, endIndex),
    });
  };
  for (let i = 1; i < chars.length; i++) {
    const char = chars[i] ?? '';
    const gap = (line.charX[i] ?? 0) - (line.charX[i - 1] ?? 0);
    if (gap > COLUMN_GAP * line.box.height && gap > 4 * pitch) {
      close(line.charX[i - 1] ?? startX, i - 1);
      text = char;
      startX = line.charX[i] ?? startX;
      startIndex = i;
      minProb = probOf(i);
      continue;
    }
    // A gap over two pitches is a word break. In a small line a character spans about one time step
    // of the recogniser (`charStep`), and positions come in whole steps: a gap of two steps beside a
    // pitch of one is 'over two pitches' by rounding alone ('Batman 108' read 'Bat m an 10 8', issue
    // 8: dev-053, phone seed 3). So a break's gap must also exceed a pitch by two whole steps
    // (compared half a step short: gaps that are whole steps apart must not tie on rounding).
    // The same holds of the two pitches: a pitch is a whole or half number of steps, so a gap of
    // exactly two pitches is common, and the float error in the positions decided it either way
    // ('wOrldtr33' parted as 'w Orldtr33' in a photo turned a quarter, and not upright). It is no
    // break: deciding every such tie as a break took three titles' words wrong of 90 dev scans
    // ('Bat man: Facsimile Edition'), deciding none changed no aim field (ADR 0060).
    const step = line.charStep ?? 0;
    const wide = gap > SPACE_GAP * pitch + 0.5 * step && gap > pitch + 1.5 * step;
    // Two digits part only where a title's own number meets an issue number whose '#' was lost
    // ('X-23 1'): the gap then spans a space and the '#', so the space class's hint is not taken.
    const digits = /\d/.test(char) && /\d/.test(chars[i - 1] ?? '');
    const spaceProb = line.spaceProb?.[i] ?? 0;
    const hinted = !digits && spaceProb >= SPACE_PROB && gap > SPACE_PROB_GAP * pitch;
    const isBreak = wide || hinted;
    if (isBreak && char !== ' ' && !text.endsWith(' ')) {
      text += ' ';
      breaks.add(i);
    }
    text += char;
    minProb = Math.min(minProb, probOf(i));
  }
  close(line.charX[chars.length - 1] ?? startX, chars.length - 1);
  return segments.filter((segment) => segment.text !== '');
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Horizontal centre of a box. */
export function centreX(box: Rect): number {
  return box.x + box.width / 2;
}

/** Vertical centre of a box. */
export function centreY(box: Rect): number {
  return box.y + box.height / 2;
}
