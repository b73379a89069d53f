// Money rules (spec section 3 "Money"). Amounts travel as integer cents everywhere except where a
// person types them: there they are strings that may carry '$', thousands commas and stray spaces.
// All arithmetic here is on digit strings and integers, never on floats, so '19.99' is exactly 1999.

/**
 * The largest amount one offer or value may hold: $200,000.00. The database keeps submission totals in
 * 32-bit integer cents (max 2,147,483,647); 100 comics (the per-submission limit) at this cap sum to
 * 2,000,000,000, so no total can overflow. Raise it only together with bigint total columns.
 */
export const MAX_MONEY_CENTS = 20_000_000;

// Optional minus, integer digits, optional fraction. '$', ',' and whitespace are removed first, so the
// sign may stand on either side of the '$' ('-$5' and '$-5' both mean minus five dollars).
const AMOUNT = /^(-?)(\d*)(?:\.(\d*))?$/;

// More integer digits than this cannot be represented exactly as cents in a JS number.
const MAX_INTEGER_DIGITS = 13;

/**
 * Parses a typed amount ('$1,234.50', ' 19.99 ', '.5', '-$3') into integer cents, rounding a third or
 * later decimal half away from zero ('0.005' -> 1). Returns null for anything that is not a number:
 * empty or blank text, letters ('12abc'), exponents ('1e3'), several points. Negative amounts parse
 * (the parser does not judge); offers and values reject them through their schemas.
 */
export function parseMoneyToCents(input: string | null | undefined): number | null {
  if (typeof input !== 'string') return null;
  const match = AMOUNT.exec(input.replace(/[\s$,]/g, ''));
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const wholeDigits = whole.replace(/^0+/, '');
  if (wholeDigits.length > MAX_INTEGER_DIGITS) return null;

  const paddedFraction = fraction.padEnd(3, '0');
  // Half-up only ever depends on the first dropped digit: 0.00499.. rounds down, 0.005 and above up.
  const roundUp = Number(paddedFraction[2]) >= 5 ? 1 : 0;
  const cents = Number(wholeDigits || '0') * 100 + Number(paddedFraction.slice(0, 2)) + roundUp;
  // `|| 0` turns -0 into 0 so '-0.00' is plain zero.
  return sign === '-' ? -cents || 0 : cents;
}

/** The amount for display: unparsable or empty text counts as 0 (spec: "an unparsable value counts as 0"). */
export function moneyForDisplayCents(input: string | null | undefined): number {
  return parseMoneyToCents(input) ?? 0;
}

/** Groups an integer's digits in threes with commas: 1234567 -> '1,234,567'. */
function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Cents as US dollars with two decimals: 123450 -> '$1,234.50', -5 -> '-$0.05'. */
export function formatCents(cents: number): string {
  const negative = cents < 0;
  const absolute = Math.abs(Math.round(cents));
  const dollars = Math.trunc(absolute / 100);
  const remainder = String(absolute % 100).padStart(2, '0');
  return `${negative && absolute !== 0 ? '-' : ''}$${groupThousands(dollars)}.${remainder}`;
}

/** Cents as whole US dollars for the admin dashboard, rounding half up: 123450 -> '$1,235'. */
export function formatWholeUsd(cents: number): string {
  const negative = cents < 0;
  const absolute = Math.abs(Math.round(cents));
  // Integer arithmetic: adding 50 cents then flooring is half-up rounding without float division drift.
  const dollars = Math.floor((absolute + 50) / 100);
  return `${negative && dollars !== 0 ? '-' : ''}$${groupThousands(dollars)}`;
}

/** An offer for display: 'Pending' when none has been made (null), otherwise '$1,234.50'. Zero is an offer. */
export function formatOffer(cents: number | null | undefined): string {
  return cents == null ? 'Pending' : formatCents(cents);
}

/** Cents as the plain text an edit field starts with: 123450 -> '1234.50', null -> ''. */
export function centsToInputValue(cents: number | null | undefined): string {
  if (cents == null) return '';
  const negative = cents < 0;
  const absolute = Math.abs(Math.round(cents));
  const text = `${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
  return negative && absolute !== 0 ? `-${text}` : text;
}
