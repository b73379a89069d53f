// The label's publisher-and-date line ("Marvel Comics, 11/24", "Image Comics, 2023", "Dell
// Publishing Co., Winter 1985", "Harvey Publications, No Date") split into the publisher and the
// date, in all the forms labels print and the ways OCR mangles them: a lost comma or space
// ("Comics,5/88"), the slash read as a letter or digit ("Publishing.3r62", "11172"), a lost slash
// ("1124"), the letter O for a zero. Pure functions.
import { editDistance } from '../../../shared/edit-distance.js';
import {
  createMatcher,
  DIGIT,
  otherText,
  spelledSlots,
  type LineMatrix,
  type Slot,
} from './pattern-decode.js';
import { yearFromLabelDate } from './validators.js';

/** The split line. `exact` is false when the date had to be repaired (its confidence is lowered). */
export interface DateLine {
  publisher: string;
  /** The date as labels print it: "11/24", "Winter 1985", "2023", "No Date"; null when none was read. */
  date: string | null;
  year: number | null;
  exact: boolean;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SEASONS = ['Spring', 'Summer', 'Fall', 'Autumn', 'Winter', 'Holiday', 'Christmas', 'Annual'];
const NAMED = `(?:${[...MONTHS, ...SEASONS].join('|')})[a-z]*\\.?`;

/** A month read as look-alikes of its digits ('S' for 5, '1O' for 10); the mapping below undoes them. */
const LOOKALIKE_MONTH = '([&SBZOIlG|]|1[&SBZOIlG|])';
const LOOKALIKE_WITH_SLASH = new RegExp(`(?:^|[,.\\s])${LOOKALIKE_MONTH}\\s*\\/\\s*(\\d{2})\\s*$`);
const LOOKALIKE_AFTER_COMMA = new RegExp(`[,.]\\s*${LOOKALIKE_MONTH}(\\d{2})\\s*$`);

/** Splits a publisher line into publisher and date (see the module comment for the forms). */
export function splitDateLine(text: string, now = new Date()): DateLine {
  const trimmed = trimDateLine(text);
  const none: DateLine = { publisher: tidy(trimmed), date: null, year: null, exact: false };

  // "No Date", also "NoDate", "No Dale", "NO DATE".
  const tail = /[,.]?\s*(N[o0]\s*[DO0][a@o]t[eoc]?)\s*$/i.exec(trimmed);
  if (tail)
    return { publisher: tidy(trimmed.slice(0, tail.index)), date: 'No Date', year: null, exact: true };
  const lastLetters = trimmed
    .replace(/[^A-Za-z]/g, '')
    .slice(-6)
    .toLowerCase();
  if (lastLetters.length === 6 && editDistance(lastLetters, 'nodate') <= 1 && /\bN[o0]/i.test(trimmed)) {
    const at = trimmed.search(/N[o0]\s*\S*$/i);
    return { publisher: tidy(trimmed.slice(0, at)), date: 'No Date', year: null, exact: false };
  }

  // "Winter 1985", "Fall/87", "May 1939".
  const named = new RegExp(`[,.]?\\s*(${NAMED})\\s*[/-]?\\s*((?:19|20)\\d\\d|\\d\\d)\\s*$`).exec(trimmed);
  if (named?.[1] && named[2]) {
    const year = yearFromLabelDate(named[2], now);
    if (year !== null) {
      const sep = /\d{4}/.test(named[2]) ? ' ' : '/';
      return {
        publisher: tidy(trimmed.slice(0, named.index)),
        date: `${capitalise(named[1].replace(/\.$/, ''))}${sep}${named[2]}`,
        year,
        exact: true,
      };
    }
  }

  // A month digit read as a look-alike before the slash ("&/23" is 8/23, "S/24" 5/24), or with the
  // slash lost too right after the comma ("Marvel Cemics.S23" for "Marvel Comics, 5/23": left on the
  // publisher, it snapped to the longer "Marvel/Epic Comics").
  const lookalike = LOOKALIKE_WITH_SLASH.exec(trimmed) ?? LOOKALIKE_AFTER_COMMA.exec(trimmed);
  if (lookalike?.[1] && lookalike[2]) {
    const month = lookalike[1].replace(/&|B/g, '8').replace(/S/g, '5').replace(/Z/g, '2').replace(/O/g, '0');
    const date = monthYear(month.replace(/[Il|]/g, '1').replace(/G/g, '6'), lookalike[2], false, now);
    if (date) return { publisher: tidy(trimmed.slice(0, lookalike.index)), ...date };
  }
  // A blurred '3' keeps only its right-hand curve and reads as ')': "D.C.Comics.10/2)" for
  // "D.C. Comics, 10/23", "D.C.C.202)" for "D.C. Comics, 2023". No label prints a bracket after its
  // date, so the bracket is read as that 3, and the date as repaired; but only where the rest reads
  // as a date form. With its slash lost too ("a e Cena.57)" for 5/23, "#ane Lma.47)" for 4/23) the
  // year's other digit is as blurred, and was misread (1973) as often as not on the phone benches:
  // such lines are left to the reading against the date forms (`readDatePattern`).
  const digitsEnd = trimmed.replace(CLOSING_AFTER_DIGIT, '$13');
  const closing = digitsEnd !== trimmed;
  // Numeric dates: the run at the end that starts and ends with a digit ("11/24", "3r62", "1O/23").
  const numeric = /(\d[\dOo\s/\\|rltIT-]*\d|\d)\s*$/.exec(digitsEnd);
  if (!numeric?.[1]) return none;
  const date = readNumericDate(numeric[1].replace(/\s+/g, ''), now);
  if (!date || (closing && !date.exact)) return none;
  return {
    publisher: tidy(digitsEnd.slice(0, numeric.index)),
    ...date,
    exact: date.exact && !closing,
  };
}

/**
 * The line with single spaces and without the stray marks that glare and the label's edge leave
 * after the date ('11/24 .', "11/24'").
 */
function trimDateLine(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\s.,:;'"`~_-]+$/, '');
}

/** A closing bracket (ASCII or full-width) right after the line's last digit. */
const CLOSING_AFTER_DIGIT = /(\d\s*)[)\uff09]$/;

/**
 * A guess at the year of a publisher line whose date blur left in a form no date is read from, for
 * when nothing better was read (null when the line does not end that way):
 * - two digits alone after the name, set apart by a comma, stop or space: "mage Comiks.23" for
 *   "Image Comics, 8/23", "0.CC 2)" for "D.C. Comics, 8/23". Every form a label prints ends in the
 *   year's last two digits (11/24, 2024). Two digits glued to letters ('Md CL52') are noise;
 * - the bracket a blurred 3 reads as, with the slash lost as well: "a e Cena.57)" for 5/23, which
 *   `splitDateLine` leaves (the year's other digit is as blurred: '#ane Lma.47)' for 4/23).
 */
export function guessBlurredYear(text: string, now = new Date()): number | null {
  const trimmed = trimDateLine(text);
  const repaired = trimmed.replace(CLOSING_AFTER_DIGIT, '$13');
  const lone = /[A-Za-z][A-Za-z.]*[,.\s]+(\d{2})$/.exec(repaired);
  if (lone?.[1]) return yearFromLabelDate(lone[1], now);
  return repaired !== trimmed ? splitDateLine(repaired, now).year : null;
}

/** A numeric date run ("11/24", "3r62", "1124", "2023", "11172") as label date and year, or null. */
export function readNumericDate(
  raw: string,
  now = new Date(),
): { date: string; year: number | null; exact: boolean } | null {
  // The letter O (or o) between digits is a zero; a lone I, l or | as the first character a one.
  const text = raw.replace(/[Oo]/g, '0').replace(/^[Il|](?=\d)/, '1');
  const clean = /^(\d{1,2})\/(\d{2})$/.exec(text);
  if (clean) return monthYear(clean[1], clean[2], true, now);
  const four = /^((?:19|20)\d\d)$/.exec(text);
  if (four?.[1]) {
    const year = yearFromLabelDate(four[1], now);
    if (year !== null) return { date: four[1], year, exact: true };
  }
  // The slash read as another character: "3r62", "11\72", "8-23", "7l23".
  const mangled = /^(\d{1,2})[^\d](\d{2})$/.exec(text);
  if (mangled) return monthYear(mangled[1], mangled[2], false, now);
  // A four-digit year that lost its first digit, glued to the publisher ("Entertainment023").
  const cut = /^(0|9)(\d{2})$/.exec(text);
  if (cut?.[1] && cut[2]) {
    const full = `${cut[1] === '0' ? '20' : '19'}${cut[2]}`;
    const year = yearFromLabelDate(full, now);
    if (year !== null) return { date: full, year, exact: false };
  }
  // The slash lost ("1124", "323") or read as a one or seven ("11172", "3723"): the year is the
  // last two digits in every reading, the month whatever valid month comes before.
  const digits = /^(\d{3,5})$/.exec(text)?.[1];
  if (digits) {
    const yy = digits.slice(-2);
    const head = digits.slice(0, -2);
    const month = [head, head.slice(0, -1)].find((m) => m !== '' && Number(m) >= 1 && Number(m) <= 12);
    if (month) return monthYear(month, yy, false, now);
  }
  return null;
}

function monthYear(
  month: string | undefined,
  yy: string | undefined,
  exact: boolean,
  now: Date,
): { date: string; year: number | null; exact: boolean } | null {
  const m = Number(month);
  if (!month || !yy || m < 1 || m > 12) return null;
  const year = yearFromLabelDate(yy, now);
  if (year === null) return null;
  return { date: `${m}/${yy}`, year, exact };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

function tidy(text: string): string {
  return text
    .replace(/[,.\s]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The date's last digit, or the bracket a blurred 3 reads as (see `splitDateLine`), taken as that 3. */
const LAST_DIGIT: Slot = { accepts: '0123456789)' };
const one = (accepts: string): Slot => ({ accepts });
const CENTURY: Slot[][] = [
  [one('1'), one('9'), DIGIT, LAST_DIGIT],
  [one('2'), one('0'), DIGIT, LAST_DIGIT],
];
/** The dates a label prints, as patterns; 'No Date' is one so that its line is not forced into digits. */
const DATE_FORMS: readonly Slot[][] = [
  [one('123456789'), one('/'), DIGIT, LAST_DIGIT],
  [one('1'), one('012'), one('/'), DIGIT, LAST_DIGIT],
  ...CENTURY,
  ...SEASONS.flatMap((season) => CENTURY.map((year) => [...spelledSlots(season), ...year])),
  spelledSlots('No Date'),
];
/** Commas, stops and spaces between the publisher and the date. */
const BEFORE_DATE: Slot = { accepts: ' ,.', optional: true, repeat: true };

/** A date read from the publisher line's recogniser output against the forms labels print. */
export interface PatternDate {
  date: string;
  year: number;
  /** Probability of the year's least sure digit. */
  sure: number;
}

/**
 * The date a publisher line most likely ends with (pattern-decode.ts): `publisher` (a listed name,
 * or null when unknown) then one of DATE_FORMS. Null when the likeliest form is 'No Date' or gives
 * no plausible year.
 */
export function readDatePattern(
  matrix: LineMatrix,
  publisher: string | null,
  now = new Date(),
): PatternDate | null {
  const matchPattern = createMatcher(matrix);
  const lead = publisher ? [otherText(0.1), ...spelledSlots(publisher)] : [otherText(0.1)];
  const first = lead.length + 1;
  let best: { text: string; probs: number[]; logProb: number } | null = null;
  for (const form of DATE_FORMS) {
    const match = matchPattern([...lead, BEFORE_DATE, ...form, otherText(0.05)]);
    if (!match || (best && match.logProb <= best.logProb)) continue;
    const inDate = match.slots.map((slot) => slot >= first && slot < first + form.length);
    best = {
      text: [...match.text]
        .filter((_, i) => inDate[i])
        .join('')
        .replace(/\)$/, '3'),
      probs: match.charProb.filter((_, i) => inDate[i]),
      logProb: match.logProb,
    };
  }
  if (!best || !/\d\d$/.test(best.text)) return null;
  const year = yearFromLabelDate(best.text, now);
  if (year === null) return null;
  const yearDigits = /\d{4}$/.test(best.text) ? 4 : 2;
  // The forms make the path spell a month even where the line has none ('Image Comics, 23' read
  // as 1/23, the '1' and '/' from nothing): a month and slash the recogniser barely saw are not
  // reported, and the date is the year alone.
  const monthSure = Math.min(1, ...best.probs.slice(0, -yearDigits));
  const unseenMonth = yearDigits === 2 && monthSure < MONTH_MIN_SURE;
  return {
    date: unseenMonth
      ? String(year)
      : best.text.replace(
          /^([A-Za-z]+)(\d{4})$/,
          (_, season: string, digits: string) => `${capitalise(season)} ${digits}`,
        ),
    year,
    sure: Math.min(...best.probs.slice(-yearDigits)),
  };
}

/** A month (and its slash) read less sure than this was not seen on the line (`readDatePattern`). */
const MONTH_MIN_SURE = 0.05;
