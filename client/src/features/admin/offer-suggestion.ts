// Seam for the valuation work (helper "valuation", GET /api/admin/comics/:id/offer-suggestion): the
// offer dialog pre-fills its amounts from a suggestion when one exists. Until that endpoint and its
// schema (shared/schemas/valuation.ts) are on main, there is no suggestion and the fields start from
// the comic's current offer or empty.

/** A suggested offer for one comic, in cents, with an optional explanation for staff. */
export interface OfferSuggestion {
  cashOfferCents: number | null;
  storeCreditOfferCents: number | null;
  note?: string;
}

/** The suggested offer for a comic, or null while none is available. */
export function useOfferSuggestion(_comicId: string | null): OfferSuggestion | null {
  return null;
}
