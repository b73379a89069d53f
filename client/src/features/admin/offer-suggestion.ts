// The valuation work's suggested offer for one comic (GET /api/admin/comics/:id/offer-suggestion):
// the offer dialog pre-fills its amounts from it and says why. No market data means no amounts.
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '../../../../shared/money';
import { offerSuggestionSchema } from '../../../../shared/schemas/valuation';
import { apiRequestJson } from '../../lib/api-request';
import { ADMIN_KEY } from './admin-api';

/** A suggested offer for one comic, in cents, with a sentence for staff. */
export interface OfferSuggestion {
  cashOfferCents: number | null;
  storeCreditOfferCents: number | null;
  note: string | null;
}

/** The suggestion for a comic: `pending` while it loads; null amounts when there is none. */
export function useOfferSuggestion(comicId: string | null): {
  pending: boolean;
  suggestion: OfferSuggestion | null;
} {
  const query = useQuery({
    queryKey: [ADMIN_KEY, 'offer-suggestion', comicId ?? ''],
    enabled: comicId !== null,
    queryFn: async (): Promise<OfferSuggestion> => {
      const raw = offerSuggestionSchema.parse(
        await apiRequestJson('GET', `/api/admin/comics/${encodeURIComponent(comicId!)}/offer-suggestion`),
      );
      const note =
        raw.marketValueCents === null
          ? 'No market data for this book: no suggested offer.'
          : `Suggested from a market value of ${formatCents(raw.marketValueCents)}` +
            (raw.cashPercent !== null ? ` (${raw.cashPercent}% cash)` : '') +
            (raw.reasons.length ? `: ${raw.reasons.join('; ')}.` : '.');
      return {
        cashOfferCents: raw.suggestedCashCents,
        storeCreditOfferCents: raw.suggestedCreditCents,
        note,
      };
    },
  });
  // A failed suggestion must not block an offer: the dialog then starts from the comic alone.
  return { pending: comicId !== null && query.isPending, suggestion: query.data ?? null };
}
