// The staff's starting point for an offer: the comic's estimate and the dealer's tiers. It only
// suggests: the Make an Offer dialog shows it, staff decide.
import type { Db } from '../../db/client.js';
import type { MarketEstimate, OfferSuggestion } from '../../../shared/schemas/valuation.js';
import { suggestOffer } from '../../../shared/valuation/tiers.js';
import type { ComicQuery } from './book-match.js';
import { estimateMarketValue } from './estimator.js';
import { readValuationSettings } from './settings-repository.js';

/** The suggestion for one estimate (no amounts without market data). */
export function suggestionFromEstimate(
  comicId: string,
  comic: Pick<ComicQuery, 'grade' | 'keyIssue'>,
  estimate: MarketEstimate,
  settings: Parameters<typeof suggestOffer>[1],
): OfferSuggestion {
  if (estimate.status === 'no-data') {
    return {
      comicId,
      marketValueCents: null,
      suggestedCashCents: null,
      suggestedCreditCents: null,
      tier: null,
      cashPercent: null,
      reasons: ['No market data for this book: price it by hand.'],
      estimate,
      evidence: estimate.evidence,
    };
  }
  const result = suggestOffer(
    {
      marketValueCents: estimate.valueCents,
      grade: comic.grade,
      keyIssue: comic.keyIssue ?? null,
      salesLastYear: estimate.evidence.salesCount,
      confidence: estimate.confidence,
    },
    settings,
  );
  return {
    comicId,
    marketValueCents: estimate.valueCents,
    suggestedCashCents: result.suggestedCashCents,
    suggestedCreditCents: result.suggestedCreditCents,
    tier: result.tier,
    cashPercent: result.cashPercent,
    reasons: result.reasons,
    estimate,
    evidence: estimate.evidence,
  };
}

/** Estimates the comic and applies the dealer's saved tiers. */
export async function suggestOfferForComic(
  db: Db,
  comicId: string,
  comic: ComicQuery,
): Promise<OfferSuggestion> {
  const [estimate, settings] = await Promise.all([estimateMarketValue(db, comic), readValuationSettings(db)]);
  return suggestionFromEstimate(comicId, comic, estimate, settings);
}
