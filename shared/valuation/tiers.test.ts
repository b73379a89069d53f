import { describe, expect, it } from 'vitest';
import { DEFAULT_VALUATION_SETTINGS as S, valuationSettingsSchema } from '../schemas/valuation.js';
import { suggestOffer, type TierInput } from './tiers.js';

const base: TierInput = {
  marketValueCents: 10000,
  grade: 9.4,
  keyIssue: false,
  salesLastYear: 5,
  confidence: 'high',
};

describe('offer tiers', () => {
  it('defaults are the spec figures and valid', () => {
    expect(valuationSettingsSchema.parse(S)).toEqual(S);
    expect(S.baselinePercent).toBeGreaterThanOrEqual(60);
    expect(S.baselinePercent).toBeLessThanOrEqual(70);
    expect(S.premiumPercent).toBeGreaterThanOrEqual(70);
    expect(S.reducedPercent).toBeLessThan(60);
    expect(S.creditBonusPercent).toBeGreaterThanOrEqual(15);
    expect(S.creditBonusPercent).toBeLessThanOrEqual(20);
  });
  it('baseline for an ordinary book with steady sales', () => {
    const result = suggestOffer(base, S);
    expect(result.tier).toBe('baseline');
    expect(result.suggestedCashCents).toBe(6500);
    expect(result.suggestedCreditCents).toBe(7400); // 65 * 1.15 = 74.75, down to whole dollars
  });
  it('9.8 is high grade, 9.6 is not', () => {
    expect(suggestOffer({ ...base, grade: 9.8 }, S).tier).toBe('premium');
    expect(suggestOffer({ ...base, grade: 9.6 }, S).tier).toBe('baseline');
    expect(suggestOffer({ ...base, grade: 9.8 }, S).suggestedCashCents).toBe(7500);
  });
  it('key issues and fast movers get the higher tier', () => {
    expect(suggestOffer({ ...base, keyIssue: true }, S).tier).toBe('premium');
    expect(suggestOffer({ ...base, salesLastYear: S.fastMoverSales }, S).tier).toBe('premium');
    expect(suggestOffer({ ...base, salesLastYear: S.fastMoverSales - 1 }, S).tier).toBe('baseline');
  });
  it('thin data lowers the offer at the boundary, and wins over a high grade', () => {
    expect(suggestOffer({ ...base, salesLastYear: S.thinDataSales - 1 }, S).tier).toBe('reduced');
    expect(suggestOffer({ ...base, salesLastYear: S.thinDataSales }, S).tier).toBe('baseline');
    const thin98 = suggestOffer({ ...base, grade: 9.8, salesLastYear: 1 }, S);
    expect(thin98.tier).toBe('reduced');
    expect(thin98.suggestedCashCents).toBe(5000);
    expect(thin98.reasons.join(' ')).toMatch(/1 sale in the last year/);
    expect(thin98.reasons.join(' ')).toMatch(/High grade.*outweighed/);
  });
  it('low grades lower the offer below the bound only', () => {
    expect(suggestOffer({ ...base, grade: 7.5 }, S).tier).toBe('reduced');
    expect(suggestOffer({ ...base, grade: 8 }, S).tier).toBe('baseline');
  });
  it('a low-confidence estimate lowers the offer', () => {
    expect(suggestOffer({ ...base, confidence: 'low' }, S).tier).toBe('reduced');
  });
  it("uses the dealer's own percentages", () => {
    const custom = { ...S, baselinePercent: 68, creditBonusPercent: 20 };
    const result = suggestOffer(base, custom);
    expect(result.suggestedCashCents).toBe(6800);
    expect(result.suggestedCreditCents).toBe(8100); // 68 * 1.2 = 81.60
  });
  it('settings refuse an inverted order of tiers', () => {
    expect(valuationSettingsSchema.safeParse({ ...S, reducedPercent: 70 }).success).toBe(false);
    expect(valuationSettingsSchema.safeParse({ ...S, thinDataSales: 50 }).success).toBe(false);
  });
});
