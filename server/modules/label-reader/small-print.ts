// Second reads of a label's small print (cert number, publisher-and-date line). On blurred, JPEG'd
// phone photos the recogniser's reading of a 5-8 px line depends on how the line's box was cut: a
// box a few pixels too tight drops the first digits ('1N004014' for 4350046014), a looser one reads
// them. So the line is read again from a few boxes around it (tighter, looser, wider, and each
// upscaled 2x), and the readings vote: a value most readings agree on is kept, with a confidence
// that says how many agreed. Pure vote functions are exported for the tests. A cert line PP-OCR
// reads no number from, or none sure, is then given to a digit recogniser of our own
// (cert-digits.ts, ADR 0069 and 0070).
import { CHECK_CONFIDENCE, GUESS_CONFIDENCE } from '../../../shared/confidence-bars.js';
import type { Grader } from '../../../shared/label-reading.js';
import { leastSureDigit, type CertDigitReader, type DigitsReading } from './cert-digits.js';
import { scaleToWidth } from './image-loader.js';
import { guessBlurredYear, readDatePattern, splitDateLine } from './label-date.js';
import type { ParsedLabel } from './label-parser.js';
import type { OcrEngine, OcrLine } from './ocr-engine.js';
import type { LineMatrix } from './pattern-decode.js';
import {
  isShortName,
  KNOWN_PUBLISHERS,
  lineHoldsName,
  readPublisherPattern,
  snapPublisher,
  snapPublisherLoose,
} from './publishers.js';
import { cropRgb, type Rect, type RgbImage } from './raster.js';
import { certDigitText, findCertNumber, isValidCertNumber } from './validators.js';

/** Padding of the re-read boxes around a line's box, in line heights: [each side, top and bottom]. */
const BOX_PADS: readonly [[number, number], ...[number, number][]] = [
  [0.3, 0.1],
  [0.9, 0.25],
];

/** `box` padded by [each side, top and bottom] line heights, within `image`; null when too small. */
function padBox(box: Rect, [side, vertical]: readonly [number, number], image: RgbImage): Rect | null {
  const h = box.height;
  return clampRect(
    {
      x: box.x - side * h,
      y: box.y - vertical * h,
      width: box.width + 2 * side * h,
      height: h * (1 + 2 * vertical),
    },
    image,
  );
}

/**
 * Texts read from boxes around `box` of `image` (each box also read upscaled 2x). `made`, the
 * readings of boxes as they are (by their index in BOX_PADS: `readBoxAround`) already made: they
 * are not made again.
 */
export async function rereadLine(
  engine: OcrEngine,
  image: RgbImage,
  box: Rect,
  made: readonly (LineReading | undefined)[] = [],
): Promise<LineReading[]> {
  const out: LineReading[] = [];
  for (const [index, pads] of BOX_PADS.entries()) {
    const rect = padBox(box, pads, image);
    if (!rect) continue;
    out.push(made[index] ?? (await readBox(engine, image, rect)));
    const crop = cropRgb(image, rect);
    const big = await scaleToWidth(crop, crop.width * 2);
    out.push(await readBox(engine, big, { x: 0, y: 0, width: big.width, height: big.height }));
  }
  return out;
}

/**
 * The recogniser's output for `box` padded a little (the first of rereadLine's boxes), for reading
 * the line against what it can say (pattern-decode.ts); null when the box is too small.
 */
export async function lineMatrixAround(
  engine: OcrEngine,
  image: RgbImage,
  box: Rect,
): Promise<LineMatrix | null> {
  const rect = padBox(box, BOX_PADS[0], image);
  return rect ? engine.lineMatrix(image, rect) : null;
}

/** One of `rereadLine`'s readings alone: its box `index` (of BOX_PADS) as it is; null when too small. */
async function readBoxAround(
  engine: OcrEngine,
  image: RgbImage,
  box: Rect,
  index: number,
): Promise<LineReading | null> {
  const pads = BOX_PADS[index];
  const rect = pads ? padBox(box, pads, image) : null;
  return rect ? readBox(engine, image, rect) : null;
}

async function readBox(engine: OcrEngine, image: RgbImage, rect: Rect): Promise<LineReading> {
  const [line] = await engine.recogniseBoxes(image, [rect]);
  return asReading(line);
}

/** One reading of a line: its text, mean score and least sure character's probability. */
export interface LineReading {
  text: string;
  score: number;
  minProb?: number;
}

function asReading(line: OcrLine | undefined): LineReading {
  if (!line) return { text: '', score: 0, minProb: 0 };
  const minProb = line.charProb?.length ? Math.min(line.score, ...line.charProb) : line.score;
  return { text: line.text, score: line.score, minProb };
}

function clampRect(rect: Rect, image: RgbImage): Rect | null {
  const x0 = Math.max(0, rect.x);
  const y0 = Math.max(0, rect.y);
  const x1 = Math.min(image.width, rect.x + rect.width);
  const y1 = Math.min(image.height, rect.y + rect.height);
  return x1 - x0 >= 8 && y1 - y0 >= 4 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** A voted value: what most readings agree on, how many agreed, and their mean score. */
export interface Vote<T> {
  value: T;
  agree: number;
  total: number;
  score: number;
}

/**
 * The cert number most readings agree on. Readings that are valid cert numbers of the same length
 * vote digit by digit (each position its majority), so two readings each wrong in a different
 * digit still give the right number; `agree` counts the readings equal to the result. A CGC
 * number read with one digit lost (a thin '1' most often: '438117007' for 4381117007) votes too,
 * with each digit where the full-length readings place it (`placeShortReading`), and counts as
 * agreeing when every digit it places is the result's (ADR 0043).
 */
export function voteCertNumber(readings: readonly LineReading[], grader: Grader | null): Vote<string> | null {
  const found = readings.map((r) => ({
    text: r.text,
    cert: findCertNumber(r.text, grader),
    score: r.minProb ?? r.score,
  }));
  const valid = found.filter((r): r is { text: string; cert: string; score: number } => r.cert !== null);
  if (valid.length === 0) return null;
  const lengths = new Map<number, number>();
  for (const r of valid) lengths.set(r.cert.length, (lengths.get(r.cert.length) ?? 0) + 1);
  const length = [...lengths.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const same = valid.filter((r) => r.cert.length === length);
  const short: { cert: string; score: number }[] = [];
  if (length === CGC_CERT_DIGITS && grader !== 'PGX' && same.every((r) => /^\d+$/.test(r.cert))) {
    for (const r of found) {
      if (r.cert !== null) continue; // voted in full already
      const digits = oneDigitShort(r.text);
      const placed = digits ? placeShortReading(digits, same) : null;
      if (placed) short.push({ cert: placed, score: r.score });
    }
  }
  // A number no reading agrees with, short ones counted, is voted again from the full-length
  // readings alone, as before short readings voted.
  const vote =
    tallyDigits([...same, ...short], length) ?? (short.length > 0 ? tallyDigits(same, length) : null);
  return vote && { ...vote, total: readings.length };
}

/**
 * The number each position's score-weighted majority gives, and the readings that agree with it
 * in every digit they place; null when none does.
 */
function tallyDigits(
  voters: readonly { cert: string; score: number }[],
  length: number,
): Omit<Vote<string>, 'total'> | null {
  let value = '';
  for (let i = 0; i < length; i++) {
    const counts = new Map<string, number>();
    for (const r of voters) {
      const digit = r.cert[i] ?? UNPLACED;
      if (digit !== UNPLACED) counts.set(digit, (counts.get(digit) ?? 0) + r.score);
    }
    value += [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  }
  const agreeing = voters.filter((r) =>
    [...r.cert].every((digit, i) => digit === UNPLACED || digit === value[i]),
  );
  if (value.length !== length || agreeing.length === 0) return null;
  return {
    value,
    agree: agreeing.length,
    score: agreeing.reduce((sum, r) => sum + r.score, 0) / agreeing.length,
  };
}

/** Digits in a CGC cert number. */
const CGC_CERT_DIGITS = 10;
/** A position a short reading gives no digit for. */
const UNPLACED = '?';

/** The nine digits of a line read as a CGC cert number with one digit lost, or null. */
function oneDigitShort(text: string): string | null {
  return /(?<!\d)\d{9}(?!\d)/.exec(certDigitText(text))?.[0] ?? null;
}

/**
 * `short` (one digit lost) laid over the full-length readings: the lost digit's place is where the
 * rest agree best with them (score-weighted). Where several places fit equally, only the digits
 * they all put in the same position are kept; the others are UNPLACED. Null when no digit is placed.
 */
export function placeShortReading(
  short: string,
  full: readonly { cert: string; score: number }[],
): string | null {
  let best = Number.NEGATIVE_INFINITY;
  let fits: string[] = [];
  for (let gap = 0; gap <= short.length; gap++) {
    const laid = short.slice(0, gap) + UNPLACED + short.slice(gap);
    let agreement = 0;
    for (const r of full) {
      for (let i = 0; i < laid.length; i++) if (laid[i] === r.cert[i]) agreement += r.score;
    }
    if (agreement > best + 1e-9) {
      best = agreement;
      fits = [laid];
    } else if (Math.abs(agreement - best) <= 1e-9) fits.push(laid);
  }
  const [first] = fits;
  if (!first) return null;
  const placed = [...first]
    .map((digit, i) => (fits.every((fit) => fit[i] === digit) ? digit : UNPLACED))
    .join('');
  return /\d/.test(placed) ? placed : null;
}

/** Publisher and year voted from readings of the publisher-and-date line. */
export interface DateLineVote {
  /** `guessed`: only loose matches voted for it (no reading was within a quarter of its letters). */
  publisher: (Vote<string> & { guessed: boolean }) | null;
  year: Vote<number> | null;
  date: string | null;
}

/**
 * The publisher (listed names only, a loose match counting half) and the year most readings of
 * the line agree on.
 */
export function voteDateLine(readings: readonly LineReading[], now = new Date()): DateLineVote {
  const publishers = new Map<string, { weight: number; agree: number; score: number; close: number }>();
  const years = new Map<number, { weight: number; agree: number; score: number; date: string }>();
  for (const r of readings) {
    if (!r.text.trim()) continue;
    const split = splitDateLine(r.text, now);
    const close = snapPublisher(split.publisher);
    // A listed name with another nearly as close counts as a loose guess.
    const listed = close.match === 'close' || close.match === 'near';
    const name = listed ? close.publisher : snapPublisherLoose(split.publisher);
    if (name) {
      const entry = publishers.get(name) ?? { weight: 0, agree: 0, score: 0, close: 0 };
      entry.weight += close.match === 'close' ? 1 : 0.5;
      if (close.match === 'close') entry.close += 1;
      entry.agree += 1;
      entry.score += r.score;
      publishers.set(name, entry);
    }
    if (split.year !== null && split.date) {
      const entry = years.get(split.year) ?? { weight: 0, agree: 0, score: 0, date: split.date };
      entry.weight += split.exact ? 1 : 0.6;
      entry.agree += 1;
      entry.score += r.score;
      if (split.exact) entry.date = split.date;
      years.set(split.year, entry);
    }
  }
  const total = readings.length;
  const bestPublisher = [...publishers.entries()].sort((a, b) => b[1].weight - a[1].weight)[0];
  const bestYear = [...years.entries()].sort((a, b) => b[1].weight - a[1].weight)[0];
  return {
    publisher: bestPublisher
      ? {
          value: bestPublisher[0],
          agree: bestPublisher[1].weight,
          total,
          score: bestPublisher[1].score / bestPublisher[1].agree,
          guessed: bestPublisher[1].close === 0,
        }
      : null,
    year: bestYear
      ? { value: bestYear[0], agree: bestYear[1].weight, total, score: bestYear[1].score / bestYear[1].agree }
      : null,
    date: bestYear?.[1].date ?? null,
  };
}

/** A field read at least this sure (least sure digit for the cert, the line's score else) is not re-read. */
const SURE = 0.9;
/** Re-reads of one line: the reading the pipeline made plus those of the boxes around it. */
const READS_PER_LINE = 1 + 2 * BOX_PADS.length;

/**
 * The parsed label with its cert number, publisher and year settled by re-reading their lines
 * (see the module comment). Confidence of each = the agreeing readings' mean score times their
 * share of all readings, so a value one reading in seven gave is not trusted.
 */
export async function rereadSmallPrint(
  engine: OcrEngine,
  label: RgbImage,
  parsed: ParsedLabel,
): Promise<ParsedLabel> {
  const next: ParsedLabel = {
    ...parsed,
    fieldConfidence: { ...parsed.fieldConfidence },
    notes: [...parsed.notes],
  };
  const confidence = next.fieldConfidence;
  const certBox = parsed.certBox ?? parsed.certGuessBox;
  const certSure = parsed.cgcCertNumber !== null && parsed.fieldConfidence.cgcCertNumber >= SURE;
  // A cert number read sure is checked by one reading of its box: blurred print reads with every
  // digit at 0.9 or more and one of them wrong ('4352017001' for 4357017001 on phone seed 5), and
  // another box then reads it otherwise. Only when a check disagrees are the other boxes read
  // and voted, so a sharp label pays two recognitions (ADR 0048, 0056).
  const check = certBox && certSure ? await checkSureCert(engine, label, certBox, parsed) : null;
  if (certBox && !check?.stands) {
    const readings = [
      { text: parsed.certText, score: parsed.cgcCertNumber ? parsed.fieldConfidence.cgcCertNumber : 0 },
      ...(await rereadLine(engine, label, certBox, check?.made)),
    ];
    const vote = voteCertNumber(readings, parsed.grader);
    if (vote) {
      next.cgcCertNumber = vote.value;
      confidence.cgcCertNumber = vote.score * (vote.agree / READS_PER_LINE);
      if (!next.certBox) next.certBox = certBox;
      if (!next.grader) next.grader = /^\d{2}-/.test(vote.value) ? 'CBCS' : 'CGC';
    }
  }
  // The publisher line is read again only when its publisher is not a listed name (unread, or an
  // unlisted reading kept at <= 0.3) or it gave no date.
  const dateDoubtful = parsed.labelDate === null;
  const publisherDoubtful = parsed.publisher === '' || parsed.fieldConfidence.publisher <= 0.3;
  if (parsed.publisherBox && (dateDoubtful || publisherDoubtful)) {
    const rowScore = Math.max(parsed.fieldConfidence.publisher, parsed.fieldConfidence.publicationYear);
    const readings = [
      { text: parsed.publisherText, score: rowScore },
      ...(await rereadLine(engine, label, parsed.publisherBox)),
    ];
    const vote = voteDateLine(readings);
    // A listed name read once, or guessed loosely by most readings.
    if (publisherDoubtful && vote.publisher && vote.publisher.agree >= 1.5) {
      next.publisher = vote.publisher.value;
      const share = Math.min(1, vote.publisher.agree / READS_PER_LINE);
      // A name only guessed from the letters' shape stays under 0.3 whatever the table says (the
      // reported confidence is at most the raw one): the seller must check it.
      confidence.publisher = Math.min(
        vote.publisher.guessed ? GUESS_CONFIDENCE : 1,
        vote.publisher.score * share,
      );
    }
    if (dateDoubtful && vote.year && vote.year.agree >= 1.5) {
      next.publicationYear = vote.year.value;
      next.labelDate = vote.date;
      confidence.publicationYear = vote.year.score * Math.min(1, vote.year.agree / READS_PER_LINE);
      confidence.labelDate = confidence.publicationYear;
    }
  }
  return readDateLinePatterns(engine, label, next);
}

/**
 * The digit recogniser's reading is taken when its least sure digit is at least this (of the digits
 * it reads otherwise than PP-OCR's number, where there is one: `leastSureDisputedDigit`). On the
 * held-out books' phone variants (ADR 0069) all 21 of its readings at 0.9 or more were right; at
 * 0.8-0.9, 5 of 6, and the wrong one ('4490150001' for 4493150001) was on a photo PP-OCR read no
 * number from.
 */
const DIGITS_MIN_PROB = 0.9;
/**
 * ...and reported at this confidence, whatever the digits' probabilities: under CHECK_CONFIDENCE, so
 * the seller checks it against the slab, as a cert number that PP-OCR's five readings gave no sure
 * number for should be.
 */
export const DIGITS_CONFIDENCE = 0.5;
/**
 * Under DIGITS_MIN_PROB, ten digits whose least sure one is at least this are still taken, as a
 * guess (GUESS_CONFIDENCE), for a line PP-OCR read no number from. On the held-out books' phone
 * variants (six seeds, ADR 0073) such readings at 0.5-0.9 were the slab's number 14 times and wrong
 * twice, both on one 309 px thumbnail (dev-084); under 0.5, right 3 times in 7.
 */
const DIGITS_GUESS_MIN_PROB = 0.5;
/**
 * ...and at least this to replace a number PP-OCR read under DIGITS_CONFIDENCE. At 0.6-0.9 the
 * held-out readings replaced 3 wrong numbers and no right one; at 0.56 one would have replaced a
 * right 4424144008 with 4124144008 (dev-012, seed 1).
 */
const DIGITS_REPLACE_MIN_PROB = 0.6;
/**
 * A number PP-OCR read unsure that the recogniser reads digit for digit alike, its least sure digit
 * at DIGITS_REPLACE_MIN_PROB or more, is reported at this confidence, so the seller is not asked to
 * check it (the calibration's top cert step starts at 0.6 raw, and it never reports more than the
 * raw confidence). The two readers err differently (PP-OCR's 6 for a blurred 8, the recogniser's 1
 * for a 4), and agreeing on the same wrong ten digits takes both to err alike at every wrong digit.
 * On phone seeds 1, 2, 3, 4, 7 and 8 such agreements were the slab's number every time (ADR 0074).
 */
const AGREED_CONFIDENCE = CHECK_CONFIDENCE;
/**
 * A number PP-OCR read under this (raw) is reported under the calibration's top cert step (0.6 raw;
 * 0.47 calibrated or less), for the seller to check, so the recogniser reads it too, to confirm it.
 * From DIGITS_CONFIDENCE it only confirms, never replaces: there it read two right numbers wrong at
 * 0.72 and 0.75 (dev-091 seed 1, dev-009 seed 4), and confirmed five, all right (ADR 0074).
 */
const CONFIRM_BELOW = 0.6;
export const DIGITS_NOTE =
  'The certification number was read from faint print: please check it against the slab.';

/**
 * `parsed` with the digit recogniser's reading (cert-digits.ts) of its cert line (the box read, or
 * the place the parser guessed), where PP-OCR read no number or only one its readings barely agreed
 * on (under DIGITS_CONFIDENCE). On the held-out books' phone variants, every number the recogniser
 * read otherwise at DIGITS_MIN_PROB was the slab's and PP-OCR's was wrong (ADR 0070); read less
 * sure, it is a guess (DIGITS_GUESS_MIN_PROB, DIGITS_REPLACE_MIN_PROB). How sure counts only on the
 * digits that differ from PP-OCR's number (ADR 0076). Read alike, PP-OCR's number is confirmed
 * (AGREED_CONFIDENCE), up to CONFIRM_BELOW.
 */
export async function fillCertFromDigits(
  certDigits: CertDigitReader,
  label: RgbImage,
  parsed: ParsedLabel,
): Promise<ParsedLabel> {
  const box = parsed.certBox ?? parsed.certGuessBox;
  // PP-OCR's confidence in its number, 0 when it read none.
  const ppocr = parsed.cgcCertNumber === null ? 0 : parsed.fieldConfidence.cgcCertNumber;
  const read =
    box && ppocr < CONFIRM_BELOW ? await readCertDigits(certDigits, label, box, parsed.grader) : null;
  if (!read) return parsed;
  const { reading, box: readIn } = read;
  if (reading.text === parsed.cgcCertNumber) {
    if (leastSureDigit(reading) < DIGITS_REPLACE_MIN_PROB) return parsed;
    return { ...parsed, fieldConfidence: { ...parsed.fieldConfidence, cgcCertNumber: AGREED_CONFIDENCE } };
  }
  const bar = parsed.cgcCertNumber === null ? DIGITS_GUESS_MIN_PROB : DIGITS_REPLACE_MIN_PROB;
  const sureness = leastSureDisputedDigit(reading, parsed.cgcCertNumber);
  if (ppocr >= DIGITS_CONFIDENCE || sureness < bar) return parsed;
  const confidence = sureness >= DIGITS_MIN_PROB ? DIGITS_CONFIDENCE : GUESS_CONFIDENCE;
  return {
    ...parsed,
    cgcCertNumber: reading.text,
    fieldConfidence: { ...parsed.fieldConfidence, cgcCertNumber: confidence },
    certBox: readIn,
    notes: [...parsed.notes, DIGITS_NOTE],
  };
}

/**
 * How sure the recogniser's reading is where it matters against PP-OCR's number `ppocrNumber`: its
 * least sure digit among those that differ from PP-OCR's, when the two are as long (a digit both
 * read alike has a second reader behind it, and the recogniser's doubt about it says little); its
 * least sure digit overall otherwise. dev-038 on phone seed 4: PP-OCR 4395549002 at 0.50, the recogniser
 * 4395549005 with its least sure digit at 0.48 (a 9 both read) and its 5 at 0.94; the slab says
 * 4395549005. Over six phone seeds, the recogniser's digits at 0.9 or more that PP-OCR read
 * otherwise were the slab's 115 times in 118 (16 in 17 on the held-out books); the 51 numbers whose
 * every such digit was at 0.9 or more, against a PP-OCR number under DIGITS_CONFIDENCE, were all
 * the slab's (ADR 0076). From DIGITS_CONFIDENCE nothing is replaced: there one such number was wrong.
 */
function leastSureDisputedDigit(reading: DigitsReading, ppocrNumber: string | null): number {
  if (ppocrNumber === null || ppocrNumber.length !== reading.text.length) return leastSureDigit(reading);
  const disputed = reading.digitProbs.filter((_, i) => reading.text[i] !== ppocrNumber[i]);
  return disputed.length ? Math.min(...disputed) : leastSureDigit(reading);
}

/**
 * A cert line's box is about this many times as wide as it is tall (PP-OCR's boxes of the ten
 * digits on the dev scans: 4.3, from 3.8 to 4.8). A box much narrower holds part of the line.
 */
const CERT_LINE_ASPECT = 4.3;

/**
 * The digit recogniser's reading of the cert line in `box` when it is a CGC cert number (ten
 * digits), with the box it was read in; null otherwise. Only for CGC labels or a grader not yet
 * known: the model learned ten-digit numbers. A box that holds part of the line (the detector found
 * only its clearer digits, ADR 0073) reads short of ten: the line is read again with the box grown
 * to a whole line's width to the right and to the left, and the surer ten-digit reading taken, with
 * its box (the line's, for the barcode below it and the label-cover checks).
 */
async function readCertDigits(
  certDigits: CertDigitReader,
  label: RgbImage,
  box: Rect,
  grader: Grader | null,
): Promise<{ reading: DigitsReading; box: Rect } | null> {
  if (grader !== null && grader !== 'CGC') return null;
  const tenDigits = (reading: DigitsReading | null) =>
    reading && isValidCertNumber(reading.text, 'CGC') ? reading : null;
  const first = await certDigits.read(label, box);
  if (!first || first.text.length >= 10) {
    const reading = tenDigits(first);
    return reading && { reading, box };
  }
  const missing = CERT_LINE_ASPECT * box.height - box.width;
  let best: { reading: DigitsReading; box: Rect } | null = null;
  // Both growths are the same once the box misses a whole height or more.
  const growths = new Set([Math.max(missing, box.height / 2), Math.max(missing, box.height)]);
  for (const growth of growths)
    for (const grown of [
      { ...box, width: box.width + growth },
      { ...box, x: box.x - growth, width: box.width + growth },
    ]) {
      const reading = tenDigits(await certDigits.read(label, grown));
      if (reading && (!best || leastSureDigit(reading) > leastSureDigit(best.reading)))
        best = { reading, box: grown };
    }
  return best;
}

/**
 * Whether a cert number read sure (`parsed.cgcCertNumber`) stands two checks, with the readings
 * they made (`made`, by BOX_PADS index, for `rereadLine` not to make again). The first box, framed
 * as the line was, must give the same number. The wider box, framed otherwise, must not give
 * another number: on phone seed 4's dev-008 under ADR 0055's band (a re-encoded photo), the line
 * read '4350045014' for 4350046014 at 0.91 and so did the first box, while the wider box read
 * 4350046014 (ADR 0056). The wider box often loses a thin or doubled digit ('438111704' for
 * 4381117004: 30 times in 320 sure numbers on the scans and five phone sets, all of them right),
 * which says nothing against the number, so only a full number of its own counts there.
 */
async function checkSureCert(
  engine: OcrEngine,
  label: RgbImage,
  certBox: Rect,
  parsed: ParsedLabel,
): Promise<{ stands: boolean; made: LineReading[] }> {
  const first = await readBoxAround(engine, label, certBox, 0);
  if (!first) return { stands: true, made: [] };
  if (findCertNumber(first.text, parsed.grader) !== parsed.cgcCertNumber)
    return { stands: false, made: [first] };
  const wide = await readBoxAround(engine, label, certBox, 1);
  if (!wide) return { stands: true, made: [first] };
  const other = findCertNumber(wide.text, parsed.grader);
  return { stands: other === null || other === parsed.cgcCertNumber, made: [first, wide] };
}

/** A publisher read against the list (publishers.ts) is taken when it leads the next name by this much (log odds)... */
const PATTERN_MIN_MARGIN = 3;
/** ...and the line was not bent more than this to spell it (log-probability per time step). */
const PATTERN_MAX_STRAIN = 1;
/**
 * A short name (under SHORT_NAME_LENGTH letters: 'Atlas', 'Comico') must lead by SHORT_NAME_MARGIN: it
 * fits a line of noise or a line read in part best, leaving the most to the "any text" slots. On
 * the benches every name read wrong at a margin of 3-8 was one ('Atlas' for a blurred 'D.C.
 * Comics'); a short name printed clearly leads by far more.
 * Even past the margin a short name fitted by the pattern is a guess the seller must check (at most
 * GUESS_CONFIDENCE): phone seed 5 fitted 'Atlas' to the middle of a blurred 'Marvel Comics, 8/23' at
 * a margin of 10.4, and no dev label prints a short name to measure a surer threshold on. A short
 * name the recogniser reads as text ('Atlas, 5/75') is snapped by the parser and is not capped.
 */
const SHORT_NAME_MARGIN = 10;
function minimumMargin(publisher: string): number {
  return isShortName(publisher) ? SHORT_NAME_MARGIN : PATTERN_MIN_MARGIN;
}
/**
 * When no name is taken so, the likeliest long name is offered if it leads the other houses' long
 * names by LONG_NAME_MARGIN (`longName` of `readPublisherPattern`): a short name ahead of it, or its
 * own house's imprint close to it, is no evidence against it. It is a guess (at most
 * GUESS_CONFIDENCE), for the seller to check and for the dealer's price guide to replace
 * (extraction/guide-fill.ts): on six phone sets it named three publishers right and one wrong
 * where nothing was read before (ADR 0049). From a lead of 3 the logged reads were wrong 13 times
 * in 23, mostly 'DC Comics' for a blurred 'Marvel Comics'.
 */
const LONG_NAME_MARGIN = 6;
/** Its confidence is its lead over this, at most PATTERN_MAX_CONFIDENCE. */
const PATTERN_SURE_MARGIN = 9;
const PATTERN_MAX_CONFIDENCE = 0.9;
/**
 * A date read against the forms labels print (label-date.ts) is taken when its year's least sure
 * digit is at least this likely, with that probability times DATE_SHARE as its confidence: on the
 * phone bench such dates were right 9 times in 10 from 0.3 up, and wrong ones reached 0.74.
 */
const DATE_MIN_SURE = 0.3;
const DATE_SHARE = 0.8;

/**
 * The parsed label with its publisher-and-date line read once more against what it can say, when
 * its publisher is doubtful (unread, or a listed name guessed loosely, at <= 0.3), it gave no date,
 * or its date is not printed as read (a repair): the listed name the line most likely spells
 * (publishers.ts, `readPublisherPattern`), kept when it clearly leads every other, and the date it
 * most likely ends with (label-date.ts, `readDatePattern`). One recognition of the line, read both
 * ways. A repaired year ending in a 1 gives way to one read surely in the same decade (`yearToMend`).
 */
export async function readDateLinePatterns(
  engine: OcrEngine,
  label: RgbImage,
  parsed: ParsedLabel,
): Promise<ParsedLabel> {
  // An unlisted name that reads as one ('words' in publishers.ts) is kept: a listed name fitted to
  // its line would turn a real small press into a big house.
  const listed = (name: string) => KNOWN_PUBLISHERS.includes(name);
  const publisherDoubtful =
    parsed.publisher === '' ||
    (listed(parsed.publisher) && parsed.fieldConfidence.publisher <= GUESS_CONFIDENCE);
  const dateMissing = parsed.labelDate === null;
  // A repaired year whose last digit may be a blurred 3 (`yearToMend`).
  const mend = yearToMend(parsed);
  if (!(publisherDoubtful || dateMissing || mend !== null) || !parsed.publisherBox) return parsed;
  const matrix = await lineMatrixAround(engine, label, parsed.publisherBox);
  if (!matrix) return parsed;
  const next: ParsedLabel = { ...parsed, fieldConfidence: { ...parsed.fieldConfidence } };
  const confidence = next.fieldConfidence;
  const pattern = publisherDoubtful ? readPublisherPattern(matrix) : null;
  const longName = pattern?.longName;
  // The name the pattern read, at `sure`: a name already read so keeps the surer of the two.
  const take = (publisher: string, sure: number) => {
    confidence.publisher = next.publisher === publisher ? Math.max(confidence.publisher, sure) : sure;
    next.publisher = publisher;
  };
  // A name is taken only from a line with room to print it (`lineHoldsName`): a piece of the line
  // fits whichever name is short enough for it.
  if (
    pattern &&
    pattern.margin >= minimumMargin(pattern.publisher) &&
    pattern.strain <= PATTERN_MAX_STRAIN &&
    lineHoldsName(matrix, pattern.publisher)
  ) {
    const cap = isShortName(pattern.publisher) ? GUESS_CONFIDENCE : PATTERN_MAX_CONFIDENCE;
    take(pattern.publisher, Math.min(cap, pattern.margin / PATTERN_SURE_MARGIN));
  } else if (
    longName &&
    longName.margin >= LONG_NAME_MARGIN &&
    longName.strain <= PATTERN_MAX_STRAIN &&
    lineHoldsName(matrix, longName.publisher)
  ) {
    take(longName.publisher, Math.min(GUESS_CONFIDENCE, longName.margin / PATTERN_SURE_MARGIN));
  }
  if (dateMissing || mend !== null) {
    const known = listed(next.publisher) && confidence.publisher > GUESS_CONFIDENCE;
    const date = readDatePattern(matrix, known ? next.publisher : null);
    const sure = date !== null && date.sure >= DATE_MIN_SURE;
    // A repaired year gives way only to one read surely in the same decade: another decade means
    // the forms placed the digits otherwise than the parser, which saw them.
    if (
      mend !== null &&
      !(sure && date.year !== mend && Math.trunc(date.year / 10) === Math.trunc(mend / 10))
    )
      return next;
    if (date && sure) {
      next.labelDate = date.date;
      next.publicationYear = date.year;
      confidence.publicationYear = DATE_SHARE * date.sure;
      confidence.labelDate = confidence.publicationYear;
    } else if (known) {
      // Last resort on a line that is surely the publisher's: what its blurred date left.
      const year = guessBlurredYear(parsed.publisherText);
      if (year !== null) {
        next.publicationYear = year;
        confidence.publicationYear = GUESSED_YEAR_CONFIDENCE;
      }
    }
  }
  return next;
}

/**
 * The year of a date not printed as read in the line's text (repaired by the parser, '1221' as
 * 12/21, or voted from the line's re-reads) when it ends in a 1, the digit a greedy reading takes a
 * blurred 3 for (11 of the wrong years in ADR 0039 were 2021 for 2023); else null. The date forms
 * read its last digit again with the digits held in place (ADR 0081). Other last digits are left
 * alone: the forms read a repaired 2/24 as 2021 on an "on comics" photo. In the forms' reading
 * another decade means they placed the digits otherwise: '723' (7/23) read as 5/73, the month
 * unseen and the 7 taken for the year's.
 */
function yearToMend(parsed: ParsedLabel): number | null {
  const { labelDate, publicationYear } = parsed;
  if (labelDate === null || publicationYear === null || parsed.publisherText.includes(labelDate)) return null;
  return publicationYear % 10 === 1 ? publicationYear : null;
}

/**
 * Confidence of a year guessed from what a blurred date left (`guessBlurredYear`), which the
 * seller is asked to check: on the four phone sets 3 of its 5 guesses were right (ADR 0038).
 */
const GUESSED_YEAR_CONFIDENCE = 0.25;
