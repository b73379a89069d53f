// Publishers as grading labels print them. OCR of the small publisher line often loses a letter
// or two ("Image Co mies", "Dynamite Ente"); snapping to this list repairs that. A reading that is
// not close to any listed name is returned only when it reads as a publisher's name (real words
// ending in "Comics", "Press", "Studios"...), with low confidence; noise ('Md CL52') is dropped.
import { editDistance } from '../../../shared/edit-distance.js';
import { createMatcher, greedyLogProb, otherText, spelledSlots, type LineMatrix } from './pattern-decode.js';
import { isKnownWord } from './word-list.js';

/** Publisher names as printed on CGC/CBCS/PGX labels (imprints as "Image/Skybound"). */
export const KNOWN_PUBLISHERS: readonly string[] = [
  'Marvel Comics',
  'DC Comics',
  'Image Comics',
  'Image/Skybound',
  'Image/Top Cow',
  'Image/Mad Solar',
  'Image/Todd McFarlane Productions',
  'Dark Horse Comics',
  'IDW Publishing',
  'Boom! Studios',
  'Dynamite Entertainment',
  'Valiant',
  'Archie Comics',
  'Oni Press',
  'AfterShock Comics',
  'Titan Comics',
  'Mirage Studios',
  'Eclipse Comics',
  'Harvey Publications',
  'Dell Publishing Co.',
  'Gold Key',
  'Charlton Comics',
  'Atlas',
  'Timely',
  'EC Comics',
  'Fawcett Publications',
  'Quality Comics',
  'Fiction House',
  'Aspen MLT',
  'Zenescope Entertainment',
  'Vault Comics',
  'Mad Cave Studios',
  'Scout Comics',
  'Ablaze',
  'Bad Idea',
  'Counterpoint',
  'TidalWave Comics',
  'Panini Mexico',
  'Panini Comics',
  'Editorial Televisa',
  'Marvel/Epic Comics',
  'DC/Vertigo',
  'DC/Black Label',
  'Whatnot Publishing',
  'Massive Publishing',
  'Behemoth Comics',
  'Antarctic Press',
  'Keenspot',
  'Source Point Press',
  'ZQ Studios',
  // The long tail of labels: golden/silver/bronze age houses, independents and small presses.
  'Image/Shadowline',
  'Image/Extreme Studios',
  'Image/Wildstorm',
  'Image/Highbrow',
  'Image/Desperado',
  'Image/Glass House',
  'DC/Wildstorm',
  'DC/Milestone',
  'DC/Paradox Press',
  'Marvel/Icon',
  'Marvel/MAX',
  'Boom! Box',
  'Valiant Entertainment',
  'Acclaim Comics',
  'Archie Publications',
  'Dark Circle Comics',
  'Atlas Comics',
  'Timely Comics',
  'E.C. Comics',
  'Western Publishing',
  'Whitman',
  'Gladstone',
  'American Comics Group',
  'Ziff-Davis',
  'St. John Publishing',
  'Avon Periodicals',
  'Star Publications',
  'Lev Gleason',
  'Prize Publications',
  'Nedor Publications',
  'Centaur Publications',
  'Fox Feature Syndicate',
  'Gilberton',
  'Tower Comics',
  'Warren Publishing',
  'Skywald Publications',
  'Harris Publications',
  'Pacific Comics',
  'First Comics',
  'Comico',
  'Continuity Comics',
  'Malibu Comics',
  'Defiant',
  'Topps Comics',
  'Kitchen Sink Press',
  'Fantagraphics',
  'Top Shelf Productions',
  'Caliber Comics',
  'Now Comics',
  'Innovation Publishing',
  'Chaos! Comics',
  'Avatar Press',
  'Crossgen',
  'Broadway Comics',
  "Devil's Due Publishing",
  'Viz Media',
  'Tokyopop',
  'Dynamic Forces',
  'Udon Entertainment',
  'Papercutz',
  'Heavy Metal',
  'Red 5 Comics',
  'Action Lab Comics',
  'Lion Forge',
  'Black Mask Studios',
  'AWA Studios',
  'Ahoy Comics',
  'Second Sight Publishing',
  'Storm King Comics',
  'Opus Comics',
  'Clover Press',
  'Rebellion',
  'Alterna Comics',
  'Sumerian Comics',
  'Artists Writers & Artisans',
  'Oni-Lion Forge',
  'Maverick',
  'Legendary Comics',
  'Heavy Metal Magazine',
  'Kodansha Comics',
  'Abstract Studio',
  'Sirius Entertainment',
  'Eternity Comics',
  'Aircel Comics',
  'Slave Labor Graphics',
  'Renegade Press',
  'WaRP Graphics',
  'Wildstorm',
  'Milestone Media',
  'Vertigo',
  'Epic Comics',
  'Stan Lee Media',
  'Gemstone Publishing',
  'Blackthorne Publishing',
  'Fleetway',
  'Marvel UK',
  'Editorial Vid',
  'Ediciones Zinco',
  'Planeta DeAgostini',
];

/** The houses that print most labels: the list's first three names (Marvel, DC, Image). */
const MAIN_HOUSES: readonly string[] = KNOWN_PUBLISHERS.slice(0, 3);

/** A listed name's house: its first word ('Marvel' of 'Marvel/Icon' and of 'Marvel Comics'). */
const houseOf = (name: string) => name.split(/[\s/]/)[0] ?? name;

/** Words a publisher's name ends with: an unlisted reading must end with one to be kept. */
const PUBLISHER_WORDS =
  /\b(?:Comics|Comix|Press|Publishing|Publications|Studios|Entertainment|Books|Media|Productions|Group|Graphics)$/;

const key = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * How a reading relates to the list: a listed name ('close'); a listed name with another listed
 * name nearly as close ('near': 'MarvelCm' is two letters from Marvel UK and four from Marvel
 * Comics); a plausible unlisted name ('words'); or noise ('none').
 */
export type PublisherMatch = 'close' | 'near' | 'words' | 'none';

/**
 * A snap is 'near' when another listed name's distance (a share of its letters, as the snap's) is
 * within this of the closest's: about one letter in ten. Measured on the third set of phone
 * variants: 'MarvelCm' snapped to Marvel UK at 0.88 (ADR 0032).
 */
const NEAR_MARGIN = 0.1;

/**
 * The known publisher closest to `read` when at most a quarter of its letters differ ('close', or
 * 'near' when another listed name is within NEAR_MARGIN of as close). Otherwise `read` itself when
 * it reads as a publisher's name ('words': every word a dictionary word or a capitalised name of 3+
 * letters, ending in "Comics", "Press"...), else '' ('none').
 * A looser match was tried and dropped: it turned real but unlisted publishers ("Ahoy Comics")
 * into listed ones ("Archie Comics").
 */
export function snapPublisher(read: string): { publisher: string; match: PublisherMatch } {
  const readKey = key(read);
  if (readKey.length < 2) return { publisher: '', match: 'none' };
  let best: string | null = null;
  let bestRatio = Number.POSITIVE_INFINITY;
  let bestTruncated = false;
  let runnerUpRatio = Number.POSITIVE_INFINITY;
  for (const name of KNOWN_PUBLISHERS) {
    const nameKey = key(name);
    // A truncated line ("Dynamite Ente") matches the start of the name. Scored by the reading's
    // length, the same for every name it starts: the first listed wins ("Marvel" is Marvel Comics,
    // not the longer "Marvel/Epic Comics", which a ratio over the name's length favoured).
    const truncated = readKey.length >= 6 && nameKey.startsWith(readKey);
    const ratio = truncated ? 0.5 / readKey.length : editDistance(readKey, nameKey) / nameKey.length;
    if (ratio < bestRatio) {
      runnerUpRatio = bestRatio;
      bestRatio = ratio;
      best = name;
      bestTruncated = truncated;
    } else if (ratio < runnerUpRatio) {
      runnerUpRatio = ratio;
    }
  }
  if (best !== null && bestRatio <= 0.25) {
    // Names a truncated line starts tie by design (the first listed wins, above): not a doubt.
    const near = bestRatio > 0 && !bestTruncated && runnerUpRatio - bestRatio < NEAR_MARGIN;
    return { publisher: best, match: near ? 'near' : 'close' };
  }
  // A garbled date left on the line ('Marvel Comics, ll/2A'): try the line without its last one
  // or two words.
  const words = read.trim().split(/[\s,]+/);
  for (let drop = 1; drop <= 2 && words.length - drop >= 1; drop++) {
    const shorter = words.slice(0, words.length - drop).join(' ');
    if (key(shorter).length < 5) break;
    const snapped = snapPublisher(shorter);
    if (snapped.match === 'close' || snapped.match === 'near') return snapped;
  }
  const tidy = read.replace(/\s+/g, ' ').trim();
  return readsAsPublisher(tidy) ? { publisher: tidy, match: 'words' } : { publisher: '', match: 'none' };
}

/** True when `text` reads as a publisher's name: real words or names, ending in a publisher word. */
export function readsAsPublisher(text: string): boolean {
  if (!PUBLISHER_WORDS.test(text)) return false;
  const words = text.split(/[\s/]+/).filter(Boolean);
  if (words.length < 2) return false;
  return words.every((word) => {
    const letters = word.replace(/[!.,'&-]/g, '');
    return isKnownWord(letters) || /^[A-Z][a-z]{2,}$/.test(letters) || /^[A-Z]{2,4}$/.test(letters);
  });
}

/**
 * A looser match for the small print of a blurred photo ('Mared Coma' for Marvel Comics): the
 * listed name whose letters are within 45% of the reading's (the reading may also be the name's
 * start, cut short; a different first letter counts 1.5 more), when no other house's name comes
 * within a letter of it; else ''. Callers
 * must give it low confidence: it is a guess from the shape of the word, for a seller to check.
 */
export function snapPublisherLoose(read: string): string {
  const readKey = read.toUpperCase().replace(/[^A-Z]/g, '');
  if (readKey.length < 4) return '';
  const scored = KNOWN_PUBLISHERS.map((name) => {
    const nameKey = name.toUpperCase().replace(/[^A-Z]/g, '');
    let distance = editDistance(readKey, nameKey);
    if (readKey.length < nameKey.length) {
      const cut =
        editDistance(readKey, nameKey.slice(0, readKey.length)) + 0.25 * (nameKey.length - readKey.length);
      distance = Math.min(distance, cut);
    }
    // The first capital survives blur best ('M' of Marvel, 'I' of Image): a different one costs more.
    if (readKey[0] !== nameKey[0]) distance += 1.5;
    return {
      name,
      distance,
      ratio: distance / Math.max(readKey.length, Math.min(nameKey.length, readKey.length + 2)),
    };
  }).sort((a, b) => a.distance - b.distance || a.ratio - b.ratio);
  const [best] = scored;
  if (!best || best.ratio > 0.45) return '';
  // Another house as close (imprints of the same house, 'Marvel/MAX' for 'Marvel Comics', do not
  // count: the house's main name wins a tie with its imprints, it is the one labels mostly print).
  const rival = scored.find((s) => s !== best && houseOf(s.name) !== houseOf(best.name));
  if (rival && rival.distance < best.distance + 1) return '';
  const sameHouse = scored.filter(
    (s) => houseOf(s.name) === houseOf(best.name) && s.distance < best.distance + 0.5,
  );
  return sameHouse.length > 1
    ? (sameHouse.find((s) => MAIN_HOUSES.includes(s.name))?.name ?? best.name)
    : best.name;
}

/** Anything else on the line (the date, a stray mark), each character at a cost: the name's letters explain all they can. */
const OTHER_TEXT = otherText(0.1);

/**
 * How much likelier a house's name is on a label before anything is read (log odds): the big
 * three houses print most labels, their imprints fewer, the long tail of the list far fewer.
 * Without it a blurred 'D.C. Comics' read as 'Atlas', and 'Marvel Comics' tied with 'Comico'.
 */
function publisherPrior(name: string): number {
  if (MAIN_HOUSES.includes(name)) return 0;
  return /^(?:Marvel|DC|Image)\//.test(name) ? -3 : -4;
}

/** Each listed name as the pattern of its line (the same for every line read) and its prior. */
const LISTED_PATTERNS = KNOWN_PUBLISHERS.map((name) => ({
  name,
  slots: [OTHER_TEXT, ...spelledSlots(name), OTHER_TEXT],
  prior: publisherPrior(name),
}));

/** The listed name a line most likely spells, and how sure that is. */
export interface PatternPublisher {
  publisher: string;
  /** Log-odds lead over the next likeliest listed name (an imprint of the same house included). */
  margin: number;
  /**
   * How much less likely (log-probability per time step) the name's reading is than the greedy
   * one: how far the line had to be bent to spell it. A short name fitted into a line of noise
   * ('Atlas' from a blurred 'Marvel Comics, 11/24') strains it most.
   */
  strain: number;
  /**
   * The likeliest name of eight letters or more, weighed only against the other houses' long names
   * (`longNameRead`); null when the list's long names fit nothing.
   */
  longName: { publisher: string; margin: number; strain: number } | null;
}

/**
 * The listed publisher a publisher line's recogniser output most likely spells (pattern-decode.ts),
 * with the house's prior; null when no name fits.
 */
export function readPublisherPattern(matrix: LineMatrix): PatternPublisher | null {
  const matchPattern = createMatcher(matrix);
  const scored = LISTED_PATTERNS.map(({ name, slots, prior }) => {
    const fit = matchPattern(slots)?.logProb ?? Number.NEGATIVE_INFINITY;
    return { name, fit, score: fit + prior };
  }).sort((a, b) => b.score - a.score);
  const [best, next] = scored;
  if (!best || best.fit === Number.NEGATIVE_INFINITY) return null;
  const greedy = greedyLogProb(matrix);
  const strain = (fit: number) => (greedy - fit) / Math.max(1, matrix.steps);
  return {
    publisher: best.name,
    margin: next ? best.score - next.score : Number.POSITIVE_INFINITY,
    strain: strain(best.fit),
    longName: longNameRead(scored, strain),
  };
}

/** Names under this many letters and digits are short ('Atlas', 'Comico', 'DC/Vertigo' is not). */
const SHORT_NAME_LENGTH = 8;

export function isShortName(publisher: string): boolean {
  return nameLetters(publisher) < SHORT_NAME_LENGTH;
}

/** Letters and digits of a listed name: what its pattern spells. */
function nameLetters(publisher: string): number {
  return publisher.replace(/[^A-Za-z0-9]/g, '').length;
}

/**
 * Fewest time steps of the recogniser's output per letter of a name read from a line. Printed in
 * full, a publisher's line gives 2.2-4.5 steps per letter of the name taken (57 names read right
 * on six phone sets). A line with fewer is a piece of the printed one: the detector found only
 * part of it ('rvCo' of 'Marvel Comics, 9/23'), and the name that fits the piece best is the one
 * that fits its few steps ('Marvel/Icon', 10 letters in 15 steps, taken at 0.90 on phone seed 2).
 */
const MIN_STEPS_PER_LETTER = 2;

/** Whether `matrix` is long enough to hold `publisher` printed in full (MIN_STEPS_PER_LETTER). */
export function lineHoldsName(matrix: LineMatrix, publisher: string): boolean {
  return matrix.steps >= MIN_STEPS_PER_LETTER * nameLetters(publisher);
}

/**
 * An imprint ('Marvel/Icon') leading its house's main name by less than this (log odds) gives way
 * to the main name, as in `snapPublisherLoose`. It is the prior the main name already has over an
 * imprint (`publisherPrior`): a blurred 'Marvel Comics, 11/24' fitted 'Marvel/Icon' 0.1-2.1 ahead of
 * 'Marvel Comics' on the phone benches, on labels that print the house's name (ADR 0049).
 */
const IMPRINT_TIE = 3;

/**
 * The likeliest long name, and its lead over the next long name of another house. Short names fit
 * a line of noise best (they leave most of it to the "any text" slots), so on a blurred line one
 * often leads while the printed long name is close behind ('Atlas' 1.6 ahead of 'DC Comics' on a
 * blurred 'D.C. Comics, 5/23'): a short name's lead says little against a long name. An imprint
 * tied with its house's main name is read as the main name. `strain` as in `PatternPublisher`.
 */
export function longNameRead(
  scored: readonly { name: string; fit: number; score: number }[],
  strain: (fit: number) => number,
): PatternPublisher['longName'] {
  const long = scored.filter((s) => !isShortName(s.name) && s.fit > Number.NEGATIVE_INFINITY);
  const [first] = long;
  if (!first) return null;
  const house = houseOf(first.name);
  const main = long.find((s) => MAIN_HOUSES.includes(s.name) && houseOf(s.name) === house);
  const chosen = main && first.score - main.score < IMPRINT_TIE ? main : first;
  const rival = long.find((s) => houseOf(s.name) !== house);
  return {
    publisher: chosen.name,
    margin: rival ? first.score - rival.score : Number.POSITIVE_INFINITY,
    strain: strain(chosen.fit),
  };
}
