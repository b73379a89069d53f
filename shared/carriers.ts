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
