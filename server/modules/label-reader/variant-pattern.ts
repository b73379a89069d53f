// The variant line read against a short list of variants it may say: the dealer's price guide's
// variants for the book (extraction/variant-snap.ts). The line is the label's smallest centre print
// and its distinctive word is most often an artist's or a shop's name ('Momoko Variant Cover' read
// 'Medke Varit Cover'), which no word list holds, so the reader gives no variant. But the
// recogniser's output for the line (a LineMatrix) often still spells the guide's variant at its
// second or third likeliest characters, as with the publisher line (publishers.ts, ADR 0028).
//
// A wrong variant is worse than none (it is what the offer is priced on), so a variant is taken
// only when it clearly leads the book's other variants and the line says nothing it leaves out.
// The CTC path may pass over a blurred word or an edition letter as blanks at little cost, which
// is how a variant one word or letter short fitted a line best when the guide lacked the label's
// own ('Trinity Comics Edition' for "Trinity Comics Sketch Edition A", 'Comic Mint Edition' for
// "Comic Mint Edition C"): the greedy reading's words are counted against the variant's for that.
// Pure functions; ADR 0051 gives the measurements.
import { editDistance } from '../../../shared/edit-distance.js';
import {
  createMatcher,
  greedyCharacters,
  greedyLogProb,
  otherText,
  spelledSlots,
  type LineMatrix,
  type PatternMatch,
  type Slot,
} from './pattern-decode.js';

/** Log-odds lead over the next likeliest of the candidates, as for the publisher line's long names. */
const MIN_MARGIN = 5;
/** How far (log-probability per time step) the line may be bent to spell the variant. */
const MAX_STRAIN = 0.5;
/** The least likely letter or digit of the variant, at its surest step: a letter forced on noise is far below. */
const MIN_LETTER_PROBABILITY = 0.02;
/** Stray marks before or after the variant (each character at this cost): none may be a letter or digit. */
const AROUND = otherText(0.1);
/**
 * Candidates read against the line at most, those whose letters are closest to the greedy
 * reading's: each is a pass over the line on the server's main thread (about 1 ms for a 20-letter
 * variant), and a modern book can have dozens of variants in a guide.
 */
const MOST_CANDIDATES = 10;

/** The variant the line reads as, with its lead over the next candidate. */
export interface VariantRead {
  variant: string;
  margin: number;
}

/**
 * The one of `candidates` the variant line's recogniser output (`matrix`) spells, or null when
 * none clearly does. Candidates are compared with each other (the lead), and the likeliest with
 * the line itself (`lineCanSay`).
 */
export function readVariantAgainst(matrix: LineMatrix, candidates: readonly string[]): VariantRead | null {
  if (matrix.steps === 0) return null;
  const read = greedyCharacters(matrix)
    .map(({ char }) => char)
    .join('');
  const match = createMatcher(matrix);
  const fits = closestCandidates(read, candidates)
    .map((variant) => {
      const pattern = [AROUND, ...spelledSlots(variant), AROUND];
      return { variant, pattern, path: match(pattern) };
    })
    .sort((a, b) => logProbOf(b.path) - logProbOf(a.path));
  const [best, next] = fits;
  if (!best?.path || !lineCanSay(matrix, read, best.variant, best.pattern, best.path)) return null;
  const margin = best.path.logProb - logProbOf(next?.path);
  return margin >= MIN_MARGIN ? { variant: best.variant, margin } : null;
}

/** A path's log-probability; a pattern the line cannot spell at all is infinitely unlikely. */
function logProbOf(path: PatternMatch | null | undefined): number {
  return path?.logProb ?? Number.NEGATIVE_INFINITY;
}

/**
 * Whether the line can say the variant its best path spells (see the module's comment): the line
 * bent little to spell it, every letter of it seen, no letter of the line left to the stray marks
 * around it, and the greedy reading of the same shape.
 */
function lineCanSay(
  matrix: LineMatrix,
  read: string,
  variant: string,
  pattern: readonly Slot[],
  path: PatternMatch,
): boolean {
  let strayLetters = 0;
  let leastLetter = 1;
  [...path.text].forEach((char, index) => {
    if (!/[A-Za-z0-9]/.test(char)) return;
    if (pattern[path.slots[index] ?? -1] === AROUND) strayLetters += 1;
    else leastLetter = Math.min(leastLetter, path.charProb[index] ?? 0);
  });
  const strain = (greedyLogProb(matrix) - path.logProb) / Math.max(1, matrix.steps);
  return (
    strain <= MAX_STRAIN &&
    strayLetters === 0 &&
    leastLetter >= MIN_LETTER_PROBABILITY &&
    sameShape(read, variant)
  );
}

/** Letters and digits, lower case. */
function lettersOf(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
}

/**
 * The distinct candidates with letters worth reading against the line, at most MOST_CANDIDATES of
 * them, closest to the greedy reading's letters first. One over twice as long as the reading
 * (ten letters' grace) would bend the line past MAX_STRAIN.
 */
function closestCandidates(read: string, candidates: readonly string[]): string[] {
  const readLetters = lettersOf(read);
  return [...new Set(candidates)]
    .map((variant) => ({ variant, letters: lettersOf(variant) }))
    .filter(({ letters }) => letters.length > 0 && letters.length <= 2 * readLetters.length + 10)
    .map(({ variant, letters }) => ({ variant, distance: editDistance(letters, readLetters) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, MOST_CANDIDATES)
    .map(({ variant }) => variant);
}

/** Words of letters and digits. */
function wordsOf(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

/** Words of three characters or more: a blurred word may be read split, but not into two of these. */
function longWords(text: string): number {
  return wordsOf(text).filter((word) => word.length >= 3).length;
}

/** Ends in a word of one character after another word: an edition letter ('Edition B', 'Cover A'). */
function endsInLetter(text: string): boolean {
  const words = wordsOf(text);
  return words.length > 1 && words[words.length - 1]?.length === 1;
}

/**
 * Whether the greedy reading of the line can be the variant: no more long words than it has (a
 * word the variant leaves out was passed over as blanks), and an edition letter at the end in
 * both or neither.
 */
function sameShape(read: string, variant: string): boolean {
  return longWords(read) <= longWords(variant) && endsInLetter(read) === endsInLetter(variant);
}
