// Carrier detection from a tracking number (spec section 5 "Carrier detection") and the carriers'
// public tracking pages. Typing a tracking number pre-selects the carrier; the seller can change it.
//
// Ambiguities resolved here (the spec's rules overlap; this is the reading we chose):
// 1. Rules are tried in the spec's order, carrier by carrier: UPS, then USPS, then FedEx, then DHL.
//    The first match wins. UPS's 18-digit rule already excludes 94/92, and the rule sets never claim
//    the same string except where "FedEx ... not starting with the USPS prefixes" says how to split.
// 2. "The USPS prefixes" are all the numeric prefixes of the USPS rules: 94, 92, 82, 420, 70, 14, 23
//    and 03. So a 12/15/20/22-digit number starting with any of them is never FedEx, even when it is
//    too short or long to be USPS (e.g. 20 digits starting 70: USPS wants 70 + 20 = 22 digits), and
//    such a number detects as no carrier. Picking no carrier is the safe failure: the seller chooses.
// 3. Lengths in "X plus N digits" count only the digits after the prefix: '94 plus 18 or 20 digits' is
//    20 or 22 digits in all; '420 plus 27 or 29 digits' is 30 or 32.
// 4. An 18-digit number starting 94 or 92 matches no rule (not UPS by its exclusion; USPS's 94/92
//    numbers are 20 or 22 long) and detects as no carrier.
// 5. Only whitespace is removed before matching, as the spec says; dashes or other punctuation make a
//    number unrecognised rather than guessed at.
import type { Carrier } from './domain-values.js';

/** A carrier detection rule: the carrier and the pattern the normalised number must match. */
interface CarrierRule {
  carrier: Exclude<Carrier, 'Other'>;
  pattern: RegExp;
}

// Numeric prefixes that mark a number as USPS-issued; FedEx's digit-only rule must not claim them.
const USPS_NUMERIC_PREFIXES = /^(94|92|82|420|70|14|23|03)/;

/** The spec's rules in priority order. */
const RULES: readonly CarrierRule[] = [
  // UPS: 1Z + 16 alphanumerics; T + 10 digits; 26 digits; 18 digits not starting 94/92; 9 digits starting 1.
  { carrier: 'UPS', pattern: /^1Z[0-9A-Z]{16}$/ },
  { carrier: 'UPS', pattern: /^T\d{10}$/ },
  { carrier: 'UPS', pattern: /^\d{26}$/ },
  { carrier: 'UPS', pattern: /^(?!94|92)\d{18}$/ },
  { carrier: 'UPS', pattern: /^1\d{8}$/ },
  // USPS: 94/92 + 18 or 20 digits; 82 + 8 digits; 420 + 27 or 29 digits; 70/14/23/03 + 20 digits;
  // two letters + 9 digits + two letters (which already covers RA + 9 digits + US); M + 10 digits.
  { carrier: 'USPS', pattern: /^(94|92)(\d{18}|\d{20})$/ },
  { carrier: 'USPS', pattern: /^82\d{8}$/ },
  { carrier: 'USPS', pattern: /^420(\d{27}|\d{29})$/ },
  { carrier: 'USPS', pattern: /^(70|14|23|03)\d{20}$/ },
  { carrier: 'USPS', pattern: /^[A-Z]{2}\d{9}[A-Z]{2}$/ },
  { carrier: 'USPS', pattern: /^M\d{10}$/ },
  { carrier: 'USPS', pattern: /^RA\d{9}US$/ },
  // FedEx: 12, 15, 20 or 22 digits not starting with a USPS prefix (see note 2 above).
  { carrier: 'FedEx', pattern: /^(\d{12}|\d{15}|\d{20}|\d{22})$/ },
  // DHL: three letters + 7 digits; 10 digits starting 3, 4 or 5.
  { carrier: 'DHL', pattern: /^[A-Z]{3}\d{7}$/ },
  { carrier: 'DHL', pattern: /^[345]\d{9}$/ },
];

/** A tracking number as the detection rules see it: whitespace removed, upper-cased. */
export function normalizeTrackingNumber(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** The carrier a tracking number belongs to by the spec's patterns, or null when none matches. */
export function detectCarrier(trackingNumber: string): Exclude<Carrier, 'Other'> | null {
  const value = normalizeTrackingNumber(trackingNumber);
  if (value === '') return null;
  for (const rule of RULES) {
    if (!rule.pattern.test(value)) continue;
    if (rule.carrier === 'FedEx' && USPS_NUMERIC_PREFIXES.test(value)) continue;
    return rule.carrier;
  }
  return null;
}

// Public tracking pages; the number goes in the query string, URL-encoded.
const TRACKING_PAGES: Record<Exclude<Carrier, 'Other'>, string> = {
  UPS: 'https://www.ups.com/track?tracknum=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  DHL: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
};

/** The carrier's public tracking page for a number; null for 'Other', an unknown carrier or a blank number. */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingId: string | null | undefined,
): string | null {
  if (!carrier || !trackingId || !Object.hasOwn(TRACKING_PAGES, carrier)) return null;
  const value = normalizeTrackingNumber(trackingId);
  if (value === '') return null;
  return TRACKING_PAGES[carrier as keyof typeof TRACKING_PAGES] + encodeURIComponent(value);
}

// ---------------------------------------------------------------------------------------------------
// Check digits. Real tracking numbers end in a check digit computed from the rest, each carrier with its
// own published rule, so a number can be told apart from a typo, and a real number whose shape the spec
// gives to one carrier (a 22-digit USPS number starting 95 looks like FedEx by length) goes to the carrier
// whose rule it satisfies. The spec's patterns stay the floor: whatever detectCarrier recognises still
// gets a carrier from identifyTrackingNumber; a failed check only adds a warning, never blocks a save.

/** The check-digit rules of the carriers' numbers. */
type CheckRule = (value: string) => boolean;

/** Digits of a string as numbers. */
function digitsOf(value: string): number[] {
  return Array.from(value, (char) => Number(char));
}

/**
 * The GS1/USPS mod 10: payload digits weighted 3, 1, 3, ... from the right, and the check digit brings
 * the sum to a multiple of ten. USPS IMpb, FedEx Ground (15, 22 with 96, SSCC-18) and SmartPost use it.
 */
function mod10Weight3(payload: string, check: string): boolean {
  const digits = digitsOf(payload).reverse();
  const sum = digits.reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(check);
}

/** Mod 10 over a whole number whose last digit is the check digit. */
const lastDigitMod10: CheckRule = (value) => mod10Weight3(value.slice(0, -1), value.slice(-1));

/**
 * UPS 1Z: the 15 characters between '1Z' and the check digit, letters as (A=2, B=3, ... I=0, ...), the
 * even-placed ones doubled; the check digit brings the sum to a multiple of ten.
 */
const ups1Z: CheckRule = (value) => {
  const payload = value.slice(2, 17);
  let sum = 0;
  for (let index = 0; index < payload.length; index += 1) {
    const char = payload.charCodeAt(index);
    const digit = char >= 65 ? (char - 63) % 10 : char - 48;
    sum += index % 2 === 1 ? digit * 2 : digit;
  }
  return (10 - (sum % 10)) % 10 === Number(value[17]);
};

/** FedEx Express 12 digits: the first 11 weighted 3, 1, 7 repeating; the sum mod 11, then mod 10. */
const fedEx12: CheckRule = (value) => {
  const weights = [3, 1, 7];
  const sum = digitsOf(value.slice(0, 11)).reduce(
    (total, digit, index) => total + digit * (weights[index % 3] ?? 0),
    0,
  );
  return (sum % 11) % 10 === Number(value[11]);
};

/** FedEx Ground 22 digits (96 + container + service): mod 10 over the 14-digit serial before the check. */
const fedEx96: CheckRule = (value) => mod10Weight3(value.slice(7, 21), value.slice(21));

/** FedEx SmartPost 20 digits: mod 10 over the number with the '92' application identifier put back. */
const fedExSmartPost: CheckRule = (value) => lastDigitMod10(`92${value}`);

/** UPU S10 (two letters, 8 digits, check digit, country): weights 8 6 4 2 3 5 9 7, mod 11. */
const s10: CheckRule = (value) => {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = digitsOf(value.slice(2, 10)).reduce(
    (total, digit, index) => total + digit * (weights[index] ?? 0),
    0,
  );
  const remainder = 11 - (sum % 11);
  const expected = remainder === 10 ? 0 : remainder === 11 ? 5 : remainder;
  return expected === Number(value[10]);
};

/** USPS IMpb with a ZIP routing prefix (420 + ZIP or ZIP+4): the IMpb part after it carries the check. */
const uspsRouted: CheckRule = (value) => {
  for (const prefixLength of [8, 12]) {
    const tail = value.slice(prefixLength);
    if (/^9[1-5](\d{18}|\d{20}|\d{24})$/.test(tail) && lastDigitMod10(tail)) return true;
  }
  return false;
};

/** DHL Express waybills: the number before the check digit, mod 7. */
const dhlMod7: CheckRule = (value) => Number(value.slice(0, -1)) % 7 === Number(value.slice(-1));

/** A number format that carries a check digit: its carrier, its shape and its rule. */
interface CheckedFormat {
  carrier: Exclude<Carrier, 'Other'>;
  pattern: RegExp;
  check: CheckRule;
  /**
   * True when the shape is specific enough (a prefix) that passing its check outweighs the spec's
   * length-based rules. A bare length (12, 15, 10 digits) with a 1-in-7 to 1-in-11 check is not: it
   * names a carrier only when the spec names none or names the same one.
   */
  decisive: boolean;
}

// Tried in order; the first format whose shape matches AND whose check passes names the carrier. The more
// specific shapes (prefixes) come before the general ones of the same length.
const CHECKED_FORMATS: readonly CheckedFormat[] = [
  { carrier: 'UPS', pattern: /^1Z[0-9A-Z]{16}$/, check: ups1Z, decisive: true },
  // USPS IMpb: application identifier 91-95, then 18, 20 or 24 digits (20, 22 or 26 in all).
  { carrier: 'USPS', pattern: /^9[1-5](\d{18}|\d{20}|\d{24})$/, check: lastDigitMod10, decisive: true },
  { carrier: 'USPS', pattern: /^420(\d{5}|\d{9})9[1-5]\d{18,24}$/, check: uspsRouted, decisive: true },
  { carrier: 'USPS', pattern: /^[A-Z]{2}\d{9}[A-Z]{2}$/, check: s10, decisive: true },
  { carrier: 'FedEx', pattern: /^96\d{20}$/, check: fedEx96, decisive: true },
  // SSCC-18 (FedEx Ground): container type 00, 01, 02 or 04, serial, check digit. The spec's 18-digit
  // rule gives these to UPS; the container type and the check say FedEx.
  { carrier: 'FedEx', pattern: /^0[0124]\d{16}$/, check: lastDigitMod10, decisive: true },
  // FedEx SmartPost's 20 digits (61...) are checked with the '92' identifier put back.
  { carrier: 'FedEx', pattern: /^61\d{18}$/, check: fedExSmartPost, decisive: true },
  // USPS's 20-digit numbers: older ones (Certified Mail, 03...) checked as they stand, IMpb numbers
  // printed without their '91' identifier checked with it. Decisive although bare: FedEx's real 20-digit
  // numbers are SmartPost's (61...), whose rule comes first.
  { carrier: 'USPS', pattern: /^\d{20}$/, check: lastDigitMod10, decisive: true },
  { carrier: 'USPS', pattern: /^\d{20}$/, check: (value) => lastDigitMod10(`91${value}`), decisive: true },
  { carrier: 'FedEx', pattern: /^\d{12}$/, check: fedEx12, decisive: false },
  { carrier: 'FedEx', pattern: /^\d{15}$/, check: lastDigitMod10, decisive: false },
  { carrier: 'DHL', pattern: /^\d{10,11}$/, check: dhlMod7, decisive: false },
];

/**
 * What a tracking number's check digit says: 'valid' (it passes a carrier's rule), 'invalid' (it has the
 * shape of a carrier's checked format but the check fails: probably mistyped), 'unchecked' (a recognised
 * format without a published check digit, e.g. UPS 'T' numbers), or null when no carrier is recognised.
 */
export type TrackingCheck = 'valid' | 'invalid' | 'unchecked';

/** The carrier a tracking number belongs to, how sure we are, and the warning to show a seller. */
export interface TrackingIdentity {
  carrier: Exclude<Carrier, 'Other'> | null;
  check: TrackingCheck | null;
  /** "This doesn't look like a valid UPS number" when the check fails; null otherwise. */
  warning: string | null;
}

/** The warning shown under the tracking input when a number fails its carrier's check digit. */
export function invalidTrackingWarning(carrier: string): string {
  return `This doesn't look like a valid ${carrier} number`;
}

/**
 * Identifies a tracking number by the carriers' check digits, falling back to the spec's patterns
 * (detectCarrier): a number passing a carrier's check goes to that carrier; otherwise the spec's carrier,
 * flagged when the number has that carrier's checked shape but fails the check (an IMpb prefix, 91-95,
 * counts over the spec's length rules). A number the spec does not recognise and no check confirms gets
 * no carrier. Saving is never blocked: the warning is advice.
 */
export function identifyTrackingNumber(trackingNumber: string): TrackingIdentity {
  const value = normalizeTrackingNumber(trackingNumber);
  const spec = detectCarrier(value);
  const shaped = CHECKED_FORMATS.filter((format) => format.pattern.test(value));
  const passed = shaped.find(
    (format) => format.check(value) && (format.decisive || spec === null || spec === format.carrier),
  );
  if (passed) return { carrier: passed.carrier, check: 'valid', warning: null };
  if (spec === null) return { carrier: null, check: null, warning: null };
  const failed =
    shaped.find((format) => format.carrier === spec) ?? (prefixBeatsLength(value) ? shaped[0] : undefined);
  if (failed) {
    return { carrier: failed.carrier, check: 'invalid', warning: invalidTrackingWarning(failed.carrier) };
  }
  return { carrier: spec, check: 'unchecked', warning: null };
}

// A number the spec gives to one carrier but whose prefix marks another's checked format (IMpb's 91-95 at
// 22 or 26 digits, which the spec's length rules call FedEx or UPS): the prefix is the better clue.
function prefixBeatsLength(value: string): boolean {
  return /^9[1-5](\d{20}|\d{24})$/.test(value);
}
