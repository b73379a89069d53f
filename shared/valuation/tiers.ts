// The offer tiers of spec sections 1 and 9, as a pure rule: which tier a comic falls in, the cash and
// store-credit amounts it suggests, and the reasons in words staff can check. The percentages and
// thresholds are the dealer's settings (DEFAULT_VALUATION_SETTINGS holds the spec's figures).
import type { OfferTier, ValuationSettings } from '../schemas/valuation.js';

/** What the tier rule looks at. */
export interface TierInput {
  marketValueCents: number;
  /** The comic's grade, or null when unknown. */
  grade: number | null;
  /** The label's key-issue flag. */
  keyIssue: boolean | null;
  /** Sales in the last year behind the estimate. */
  salesLastYear: number;
  /** The estimate's confidence. */
  confidence: 'high' | 'medium' | 'low';
}

/** The tier, amounts and reasons. */
export interface TierResult {
  tier: OfferTier;
  cashPercent: number;
  suggestedCashCents: number;
  suggestedCreditCents: number;
  reasons: string[];
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Rounds down to whole dollars: a suggestion is a starting point, and round figures read as one. */
function wholeDollarsDown(cents: number): number {
  return Math.max(0, Math.floor(cents / 100) * 100);
}

/**
 * Picks the tier: thin data or a low grade lower the offer (a dealer cannot resell what has no market
 * quickly, so that risk wins over any reason to pay more); otherwise a key issue, a high grade or a
 * fast-moving book raises it; otherwise the baseline. Every rule that applied is named in `reasons`.
 */
export function suggestOffer(input: TierInput, settings: ValuationSettings): TierResult {
  const lowering: string[] = [];
  const raising: string[] = [];
  if (input.salesLastYear < settings.thinDataSales) {
    lowering.push(
      `Thin sales data: ${plural(input.salesLastYear, 'sale')} in the last year (fewer than ${settings.thinDataSales})`,
    );
  } else if (input.confidence === 'low') {
    lowering.push('Low-confidence estimate (no figure at this grade or a loose title match)');
  }
  if (input.grade !== null && input.grade < settings.lowGradeBelow) {
    lowering.push(`Low grade: ${input.grade.toFixed(1)} is below ${settings.lowGradeBelow.toFixed(1)}`);
  }
  if (input.keyIssue) raising.push('Key issue');
  if (input.grade !== null && input.grade >= settings.highGrade) {
    raising.push(`High grade: ${input.grade.toFixed(1)} (${settings.highGrade.toFixed(1)} and up)`);
  }
  if (input.salesLastYear >= settings.fastMoverSales) {
    raising.push(
      `Fast mover: ${plural(input.salesLastYear, 'sale')} in the last year (${settings.fastMoverSales} or more)`,
    );
  }

  let tier: OfferTier;
  let reasons: string[];
  if (lowering.length > 0) {
    tier = 'reduced';
    reasons = [...lowering, ...raising.map((reason) => `${reason}, outweighed by the above`)];
  } else if (raising.length > 0) {
    tier = 'premium';
    reasons = raising;
  } else {
    tier = 'baseline';
    reasons = ['Steady market at an ordinary grade'];
  }
  const cashPercent =
    tier === 'premium'
      ? settings.premiumPercent
      : tier === 'reduced'
        ? settings.reducedPercent
        : settings.baselinePercent;
  const suggestedCashCents = wholeDollarsDown((input.marketValueCents * cashPercent) / 100);
  const suggestedCreditCents = wholeDollarsDown(
    (suggestedCashCents * (100 + settings.creditBonusPercent)) / 100,
  );
  reasons.push(
    `Cash ${cashPercent}% of market value; store credit ${settings.creditBonusPercent}% above cash`,
  );
  return { tier, cashPercent, suggestedCashCents, suggestedCreditCents, reasons };
}
