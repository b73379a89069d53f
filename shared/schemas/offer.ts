// Staff's offer on one comic (spec sections 5 and 7): PUT /api/admin/comics/{comicId}/offer either
// makes (or edits) an offer, with at least one of the two amounts, or rejects the comic.
import { z } from 'zod';
import { optionalMoneyAmountSchema } from './money.js';

/** Message when both offer fields are empty. */
export const OFFER_REQUIRED_MESSAGE = 'Please enter a cash offer or a store credit offer.';

/** The two amounts; blank means "no offer of that kind". Output in cents. */
const offerAmounts = {
  /** Typed money text in; cents or null out. */
  cashOffer: optionalMoneyAmountSchema,
  /** Typed money text in; cents or null out. */
  storeCreditOffer: optionalMoneyAmountSchema,
};

/** At least one amount must be given. */
function hasAnAmount(value: { cashOffer: number | null; storeCreditOffer: number | null }): boolean {
  return value.cashOffer !== null || value.storeCreditOffer !== null;
}

/** The Make an Offer / Edit Offer form: two money fields, at least one filled, each >= 0. */
export const offerFormSchema = z
  .object(offerAmounts)
  .refine(hasAnAmount, { error: OFFER_REQUIRED_MESSAGE, path: ['cashOffer'] });
/** The offer form's values as typed. */
export type OfferFormInput = z.input<typeof offerFormSchema>;

/** Body of PUT /api/admin/comics/{comicId}/offer: an offer (pending_user_approval) or a rejection. */
export const comicOfferBodySchema = z.discriminatedUnion('adminStatus', [
  z
    .object({ adminStatus: z.literal('pending_user_approval'), ...offerAmounts })
    .refine(hasAnAmount, { error: OFFER_REQUIRED_MESSAGE, path: ['cashOffer'] }),
  z.object({ adminStatus: z.literal('rejected') }),
]);
/** An offer request as the client sends it. */
export type ComicOfferBody = z.input<typeof comicOfferBodySchema>;
/** An offer request after validation (amounts in cents). */
export type ComicOfferValues = z.output<typeof comicOfferBodySchema>;
