import { describe, expect, it } from 'vitest';
import {
  MAX_MONEY_CENTS,
  centsToInputValue,
  formatCents,
  formatOffer,
  formatWholeUsd,
  moneyForDisplayCents,
  parseMoneyToCents,
} from './money.js';

describe('parseMoneyToCents', () => {
  it.each([
    ['0', 0],
    ['5', 500],
    ['19.99', 1999],
    ['$19.99', 1999],
    ['1,234.50', 123450],
    ['$1,234.50', 123450],
    ['$ 1 234.50', 123450],
    ['  $12  ', 1200],
    ['12.5', 1250],
    ['.5', 50],
    ['5.', 500],
    ['0.10', 10],
    ['0.1', 10],
    ['0.2', 20],
    ['0.3', 30],
    ['1.005', 101],
    ['1.0049', 100],
    ['0.005', 1],
    ['2.675', 268],
    ['8.345', 835],
    ['1,000,000', 100_000_000],
    ['007.50', 750],
    ['$1,2,3', 12300], // the spec strips commas rather than checking their grouping
  ])('%j -> %i cents', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it('is exact where float arithmetic drifts', () => {
    // 0.1 + 0.2 !== 0.3 in floats; in cents the sum is exact.
    const sum = (parseMoneyToCents('0.1') ?? NaN) + (parseMoneyToCents('0.2') ?? NaN);
    expect(sum).toBe(parseMoneyToCents('0.3'));
    // 19.99 * 100 is 1998.9999999999998 as a float.
    expect(parseMoneyToCents('19.99')).toBe(1999);
    expect(parseMoneyToCents('4.35')).toBe(435);
    expect(parseMoneyToCents('1.15')).toBe(115);
  });

  it.each([
    ['-5', -500],
    ['-$5.25', -525],
    ['$-5.25', -525],
    ['-0.005', -1],
  ])('parses negative amounts (%j -> %i) so schemas can reject them', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it('returns plain zero, never -0', () => {
    expect(Object.is(parseMoneyToCents('-0.00'), 0)).toBe(true);
  });

  it.each([
    [''],
    ['   '],
    ['$'],
    ['.'],
    ['-'],
    ['abc'],
    ['12abc'],
    ['1e3'],
    ['1.2.3'],
    ['--5'],
    ['5-'],
    ['+5'],
    ['12 dollars'],
    ['Pending'],
    ['99999999999999'], // 14 integer digits: beyond exact cents
  ])('returns null for unparsable %j', (input) => {
    expect(parseMoneyToCents(input)).toBeNull();
  });

  it('returns null for null and undefined', () => {
    expect(parseMoneyToCents(null)).toBeNull();
    expect(parseMoneyToCents(undefined)).toBeNull();
  });
});

describe('moneyForDisplayCents', () => {
  it('counts unparsable and empty values as 0', () => {
    expect(moneyForDisplayCents('abc')).toBe(0);
    expect(moneyForDisplayCents('')).toBe(0);
    expect(moneyForDisplayCents(null)).toBe(0);
    expect(moneyForDisplayCents(undefined)).toBe(0);
  });

  it('parses valid values like parseMoneyToCents', () => {
    expect(moneyForDisplayCents('$1,234.56')).toBe(123456);
  });
});

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [50, '$0.50'],
    [1999, '$19.99'],
    [123450, '$1,234.50'],
    [100_000_000, '$1,000,000.00'],
    [123_456_789, '$1,234,567.89'],
    [-525, '-$5.25'],
  ])('%i -> %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('formatWholeUsd', () => {
  it.each([
    [0, '$0'],
    [49, '$0'],
    [50, '$1'],
    [123449, '$1,234'],
    [123450, '$1,235'],
    [123499, '$1,235'],
    [100_000_000, '$1,000,000'],
    [-123450, '-$1,235'],
    [-49, '$0'],
  ])('%i -> %s', (cents, text) => {
    expect(formatWholeUsd(cents)).toBe(text);
  });
});

describe('formatOffer', () => {
  it("shows 'Pending' when no offer was made", () => {
    expect(formatOffer(null)).toBe('Pending');
    expect(formatOffer(undefined)).toBe('Pending');
  });

  it('formats an offer with two decimals, zero included', () => {
    expect(formatOffer(0)).toBe('$0.00');
    expect(formatOffer(4500)).toBe('$45.00');
  });
});

describe('centsToInputValue', () => {
  it('round-trips through parseMoneyToCents', () => {
    for (const cents of [0, 1, 10, 1999, 123450, MAX_MONEY_CENTS]) {
      expect(parseMoneyToCents(centsToInputValue(cents))).toBe(cents);
    }
  });

  it('gives plain text without symbols, and empty for no amount', () => {
    expect(centsToInputValue(123450)).toBe('1234.50');
    expect(centsToInputValue(-5)).toBe('-0.05');
    expect(centsToInputValue(null)).toBe('');
  });
});

describe('MAX_MONEY_CENTS', () => {
  it('keeps a full submission of 100 comics inside a 32-bit integer total', () => {
    expect(MAX_MONEY_CENTS * 100).toBeLessThanOrEqual(2_147_483_647);
  });
});
