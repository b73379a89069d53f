// Reading a line of small print as the text it must be. The recogniser's greedy reading of a
// blurred line takes each time step's likeliest character on its own: 'RaelCemics.1021' for
// "Marvel Comics, 10/23". Often the right characters are still the second or third likeliest at
// their steps. Here a line is decoded under a pattern of what it can say (a listed publisher, then
// a date form): the likeliest CTC path whose characters spell something the pattern accepts
// (Viterbi over the pattern's positions). How much less likely that path is than the greedy one
// says how far the line had to be bent to fit (ADR 0028). Pure functions; the engine supplies the
// probabilities (OcrEngine.lineMatrix).

/** The recogniser's output for one line: per time step, the probability of each character. */
export interface LineMatrix {
  readonly steps: number;
  /** The characters, `chars[0]` being the CTC blank (''). */
  readonly chars: readonly string[];
  /** `steps` x `chars.length` probabilities, step by step. */
  readonly probs: Float32Array;
}

/** One position of a pattern: a character from `accepts`. */
export interface Slot {
  readonly accepts: string;
  /** The position may be left out. */
  readonly optional?: boolean;
  /** The position may take several characters (a run of stray marks). */
  readonly repeat?: boolean;
  /** Log-probability added for each character the position takes (a cost on stray marks). */
  readonly cost?: number;
}

/** The likeliest reading a pattern accepts. */
export interface PatternMatch {
  readonly text: string;
  /** The slot each character of `text` filled. */
  readonly slots: readonly number[];
  /** Each character's probability (its surest step's). */
  readonly charProb: readonly number[];
  /** Log-probability of the whole path (costs included). */
  readonly logProb: number;
}

/** Characters a label may print, or OCR add, between a word's letters ('D.C. Comics', 'Boom! Studios'). */
const BETWEEN_LETTERS = " .,/!-'&:;";
/** Printable ASCII. */
const ANY_CHARACTER = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

/** `text` as a pattern: its letters and digits in order, either case, punctuation optional between them. */
export function spelledSlots(text: string): Slot[] {
  const slots: Slot[] = [];
  for (const char of text) {
    if (!/[A-Za-z0-9]/.test(char)) continue;
    slots.push({ accepts: char.toUpperCase() + char.toLowerCase() });
    slots.push({ accepts: BETWEEN_LETTERS, optional: true });
  }
  return slots;
}

/** One digit: dates and issue numbers. */
export const DIGIT: Slot = { accepts: '0123456789' };

/** Any run of text (possibly none), each character costing log(`probability`): what a pattern does not spell. */
export function otherText(probability: number): Slot {
  return { accepts: ANY_CHARACTER, optional: true, repeat: true, cost: Math.log(probability) };
}

const FLOOR = 1e-9;
const NONE = -Infinity;

/** The matrix's greedy reading, each character with the time steps it spans. */
export interface ReadCharacter {
  char: string;
  first: number;
  last: number;
}

export function greedyCharacters(matrix: LineMatrix): ReadCharacter[] {
  const { steps, chars, probs } = matrix;
  const width = chars.length;
  const out: ReadCharacter[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    for (let c = 1; c < width; c++)
      if ((probs[t * width + c] ?? 0) > (probs[t * width + best] ?? 0)) best = c;
    const last = out[out.length - 1];
    if (best !== 0 && best === previous && last) last.last = t;
    else if (best !== 0) out.push({ char: chars[best] ?? '', first: t, last: t });
    previous = best;
  }
  return out;
}

/** Log-probability of the greedy path: every step's likeliest class. No pattern scores higher. */
export function greedyLogProb(matrix: LineMatrix): number {
  const { steps, chars, probs } = matrix;
  const width = chars.length;
  let sum = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    for (let c = 0; c < width; c++) best = Math.max(best, probs[t * width + c] ?? 0);
    sum += Math.log(Math.max(best, FLOOR));
  }
  return sum;
}

/** A slot's best and second-best class at each step (-1: none), over the characters it accepts. */
interface SlotClasses {
  best: Int32Array;
  second: Int32Array;
}

/**
 * Matches patterns against one line (see `matchPattern`). Many patterns share characters (the
 * publisher list's letters), so each accepted set's best classes per step are found once.
 */
export function createMatcher(matrix: LineMatrix): (slots: readonly Slot[]) => PatternMatch | null {
  const { steps, chars, probs } = matrix;
  const width = chars.length;
  const cache = new Map<string, SlotClasses>();
  const classesOf = (accepts: string): SlotClasses => {
    const cached = cache.get(accepts);
    if (cached) return cached;
    const list: number[] = [];
    chars.forEach((char, index) => {
      if (index > 0 && char !== '' && accepts.includes(char)) list.push(index);
    });
    const best = new Int32Array(steps).fill(-1);
    const second = new Int32Array(steps).fill(-1);
    for (let t = 0; t < steps; t++) {
      const row = t * width;
      let b = -1;
      let s = -1;
      for (const c of list) {
        const p = probs[row + c] ?? 0;
        if (b < 0 || p > (probs[row + b] ?? 0)) {
          s = b;
          b = c;
        } else if (s < 0 || p > (probs[row + s] ?? 0)) {
          s = c;
        }
      }
      best[t] = b;
      second[t] = s;
    }
    const entry = { best, second };
    cache.set(accepts, entry);
    return entry;
  };
  return (slots) =>
    viterbi(
      matrix,
      slots,
      slots.map((slot) => classesOf(slot.accepts)),
    );
}

/**
 * The likeliest CTC path of `matrix` whose collapsed text fills `slots` in order (each slot once,
 * optional ones possibly not, repeating ones possibly several times), or null when none fits (more
 * required characters than time steps, or a character absent from the matrix).
 */
export function matchPattern(matrix: LineMatrix, slots: readonly Slot[]): PatternMatch | null {
  return createMatcher(matrix)(slots);
}

function viterbi(
  matrix: LineMatrix,
  slots: readonly Slot[],
  classes: readonly SlotClasses[],
): PatternMatch | null {
  const { steps, chars, probs } = matrix;
  const width = chars.length;
  const count = slots.length;
  if (count === 0 || steps === 0) return null;
  if (classes.some((entry, i) => entry.best[0] === -1 && !slots[i]?.optional)) return null;
  // Slots a new character of slot j may follow: those reachable before it, skipping optional ones
  // in between, and j itself when it repeats. -1 stands for the start.
  const sources: number[][] = Array.from({ length: count }, () => []);
  for (let from = -1; from < count; from++) {
    for (let j = from + 1; j < count; j++) {
      sources[j]?.push(from);
      if (!slots[j]?.optional) break;
    }
  }
  slots.forEach((slot, j) => {
    if (slot.repeat) sources[j]?.push(j);
  });
  const final = slots.map((_, i) => slots.slice(i + 1).every((slot) => slot.optional));

  // State 2i: slot i's character is being held; 2i+1: a blank after it. The start is blanks before any.
  const states = 2 * count;
  let score = new Float64Array(states).fill(NONE);
  let nextScore = new Float64Array(states);
  let startScore = 0;
  // Back-pointers per step: previous state (-1 start), the class newly emitted (-1 none), the class
  // held (-1 for a blank state). A state reached at the step before holds its back-pointer's class.
  const backState = new Int32Array(steps * states);
  const backClass = new Int32Array(steps * states);
  const backHeld = new Int32Array(steps * states);
  const log = (p: number) => Math.log(Math.max(p, FLOOR));

  for (let t = 0; t < steps; t++) {
    const row = t * width;
    const blank = log(probs[row] ?? 0);
    const held = (state: number) => backHeld[(t - 1) * states + state] ?? -1;
    nextScore.fill(NONE);
    const offer = (state: number, value: number, from: number, cls: number, hold: number) => {
      if (value > (nextScore[state] ?? NONE)) {
        nextScore[state] = value;
        const at = t * states + state;
        backState[at] = from;
        backClass[at] = cls;
        backHeld[at] = hold;
      }
    };
    for (let j = 0; j < count; j++) {
      const charState = 2 * j;
      const here = score[charState] ?? NONE;
      // Holding the same class, or a blank after it.
      if (here > NONE) {
        const heldClass = held(charState);
        offer(charState, here + log(probs[row + heldClass] ?? 0), charState, -1, heldClass);
        offer(charState + 1, here + blank, charState, -1, -1);
      }
      const afterBlank = score[charState + 1] ?? NONE;
      if (afterBlank > NONE) offer(charState + 1, afterBlank + blank, charState + 1, -1, -1);
      // A new character in slot j. After a held character it must be another class: the same one
      // again would merge into it (CTC needs a blank between doubled letters).
      const best = classes[j]?.best[t] ?? -1;
      if (best < 0) continue;
      const second = classes[j]?.second[t] ?? -1;
      const cost = slots[j]?.cost ?? 0;
      const bestValue = log(probs[row + best] ?? 0) + cost;
      for (const from of sources[j] ?? []) {
        if (from < 0) {
          if (startScore > NONE) offer(charState, startScore + bestValue, -1, best, best);
          continue;
        }
        const fromChar = score[2 * from] ?? NONE;
        if (fromChar > NONE) {
          const c = best === held(2 * from) ? second : best;
          if (c >= 0) offer(charState, fromChar + log(probs[row + c] ?? 0) + cost, 2 * from, c, c);
        }
        const fromBlank = score[2 * from + 1] ?? NONE;
        if (fromBlank > NONE) offer(charState, fromBlank + bestValue, 2 * from + 1, best, best);
      }
    }
    startScore += blank;
    [score, nextScore] = [nextScore, score];
  }

  let end = -1;
  let endScore = NONE;
  for (let j = 0; j < count; j++) {
    if (!final[j]) continue;
    for (const state of [2 * j, 2 * j + 1]) {
      if ((score[state] ?? NONE) > endScore) {
        endScore = score[state] ?? NONE;
        end = state;
      }
    }
  }
  if (end < 0) return null;

  // Walk back: characters come out last first, each with its surest step's probability.
  const text: string[] = [];
  const slotOf: number[] = [];
  const charProb: number[] = [];
  let state = end;
  let surest = 0;
  for (let t = steps - 1; t >= 0 && state >= 0; t--) {
    const at = t * states + state;
    const cls = backClass[at] ?? -1;
    if (state % 2 === 0) {
      surest = Math.max(surest, probs[t * width + (backHeld[at] ?? 0)] ?? 0);
      if (cls >= 0) {
        text.push(chars[cls] ?? '');
        slotOf.push(state / 2);
        charProb.push(surest);
        surest = 0;
      }
    }
    state = backState[at] ?? -1;
  }
  return {
    text: text.reverse().join(''),
    slots: slotOf.reverse(),
    charProb: charProb.reverse(),
    logProb: endScore,
  };
}
