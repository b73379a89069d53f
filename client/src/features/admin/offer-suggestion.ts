// The valuation work's suggested offer for one comic (GET /api/admin/comics/:id/offer-suggestion):
// the offer dialog pre-fills its amounts from it and says why. No market data means no amounts.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { formatCents } from '../../../../shared/money';
import { OFFER_TIER_LABELS, offerSuggestionSchema } from '../../../../shared/schemas/valuation';
import { apiRequestJson } from '../../lib/api-request';
import { ADMIN_KEY } from './admin-api';

/** A suggested offer for one comic, in cents, with a sentence for staff. */
export interface OfferSuggestion {
  cashOfferCents: number | null;
  storeCreditOfferCents: number | null;
  note: string | null;
}

function suggestionQuery(comicId: string) {
  return {
    queryKey: [ADMIN_KEY, 'offer-suggestion', comicId],
    queryFn: async (): Promise<OfferSuggestion> => {
      const raw = offerSuggestionSchema.parse(
        await apiRequestJson('GET', `/api/admin/comics/${encodeURIComponent(comicId)}/offer-suggestion`),
      );
      const note =
        raw.marketValueCents === null
          ? 'No market data for this book: no suggested offer.'
          : `Suggested from a market value of ${formatCents(raw.marketValueCents)} (${raw.estimate.basis}; ` +
            `${raw.estimate.confidence ?? 'low'} confidence). ${raw.tier ? OFFER_TIER_LABELS[raw.tier] : ''}` +
            (raw.reasons.length ? `: ${raw.reasons.join('; ')}.` : '.');
      return {
        cashOfferCents: raw.suggestedCashCents,
        storeCreditOfferCents: raw.suggestedCreditCents,
        note,
      };
    },
  };
}

/**
 * Loads the suggestion before the dialog opens, so the form mounts with its amounts in place (and the
 * dialog's focus lands in the first field). A failed lookup never blocks an offer: it just has none.
 */
export async function prefetchOfferSuggestion(queryClient: QueryClient, comicId: string): Promise<void> {
  await queryClient.prefetchQuery(suggestionQuery(comicId));
}

/** The suggestion for a comic as cached by prefetchOfferSuggestion, or null. */
export function useOfferSuggestion(comicId: string | null): OfferSuggestion | null {
  const query = useQuery({ ...suggestionQuery(comicId ?? ''), enabled: false });
  return comicId === null ? null : (query.data ?? null);
}
