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

/** A candidate's fit to the line, and whether the line could say it (see the module's comment). */
interface Fit {
  variant: string;
  logProb: number;
  plausible: boolean;
}

/**
 * The one of `candidates` the variant line's recogniser output (`matrix`) spells, or null when
 * none clearly does. Candidates are compared with each other (the lead) and each with the line
 * itself: the bend, every letter, and the words the greedy reading shows.
 */
export function readVariantAgainst(matrix: LineMatrix, candidates: readonly string[]): VariantRead | null {
  if (matrix.steps === 0) return null;
  const read = greedyCharacters(matrix)
    .map(({ char }) => char)
    .join('');
  const likely = closestCandidates(read, candidates);
  if (likely.length === 0) return null;
  const match = createMatcher(matrix);
  const greedy = greedyLogProb(matrix);
  const fits: Fit[] = likely.map((variant) => {
    const slots = [AROUND, ...spelledSlots(variant), AROUND];
    const path = match(slots);
    if (!path) return { variant, logProb: Number.NEGATIVE_INFINITY, plausible: false };
    let strayLetters = 0;
    let leastLetter = 1;
    [...path.text].forEach((char, index) => {
      if (!/[A-Za-z0-9]/.test(char)) return;
      const slot = path.slots[index];
      if (slot === 0 || slot === slots.length - 1) strayLetters += 1;
      else leastLetter = Math.min(leastLetter, path.charProb[index] ?? 0);
    });
    const strain = (greedy - path.logProb) / Math.max(1, matrix.steps);
    const plausible =
      strain <= MAX_STRAIN &&
      strayLetters === 0 &&
      leastLetter >= MIN_LETTER_PROBABILITY &&
      sameShape(read, variant);
    return { variant, logProb: path.logProb, plausible };
  });
  const [best, next] = fits.sort((a, b) => b.logProb - a.logProb);
  if (!best?.plausible) return null;
  const margin = next ? best.logProb - next.logProb : Number.POSITIVE_INFINITY;
  return margin >= MIN_MARGIN ? { variant: best.variant, margin } : null;
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
