import { describe, expect, it } from 'vitest';
import { MONEY_MESSAGES, moneyAmountSchema, optionalMoneyAmountSchema } from './money.js';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  return result.error?.issues[0]?.message ?? '';
}

describe('moneyAmountSchema', () => {
  it('turns typed amounts into cents', () => {
    expect(moneyAmountSchema.parse('$1,234.50')).toBe(123450);
    expect(moneyAmountSchema.parse('19.99')).toBe(1999);
    expect(moneyAmountSchema.parse('0')).toBe(0);
    expect(moneyAmountSchema.parse('200000')).toBe(20_000_000);
  });

  it.each([
    ['', MONEY_MESSAGES.invalid],
    ['abc', MONEY_MESSAGES.invalid],
    ['-1', MONEY_MESSAGES.negative],
    ['-$0.01', MONEY_MESSAGES.negative],
    ['200000.01', MONEY_MESSAGES.tooLarge],
  ])('rejects %j: %s', (input, message) => {
    const result = moneyAmountSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(message);
  });

  it('states the cap in dollars', () => {
    expect(MONEY_MESSAGES.tooLarge).toBe('Amounts cannot be more than $200,000.00.');
  });

  it('rejects non-strings', () => {
    expect(moneyAmountSchema.safeParse(1999).success).toBe(false);
  });
});

describe('optionalMoneyAmountSchema', () => {
  it('reads blank, null and absent as no amount', () => {
    expect(optionalMoneyAmountSchema.parse('')).toBeNull();
    expect(optionalMoneyAmountSchema.parse('   ')).toBeNull();
    expect(optionalMoneyAmountSchema.parse(null)).toBeNull();
    expect(optionalMoneyAmountSchema.parse(undefined)).toBeNull();
  });

  it('parses and checks a given amount', () => {
    expect(optionalMoneyAmountSchema.parse('$45')).toBe(4500);
    expect(firstMessage(optionalMoneyAmountSchema.safeParse('12abc'))).toBe(MONEY_MESSAGES.invalid);
    expect(firstMessage(optionalMoneyAmountSchema.safeParse('-5'))).toBe(MONEY_MESSAGES.negative);
  });
});
