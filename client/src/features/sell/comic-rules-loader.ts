// The shared comic schema (and zod with it, about 26 kB gzip) is needed only once the seller has a comic
// to check: after a photo is read, on a card's Save, on submit. It loads then, not before the page
// paints (docs/decisions/0021-seller-pages-budget.md); the page starts loading it when the first photos
// go up, so by the time one is read it is there.

import type * as ComicValidationModule from './comic-validation';

type ComicValidation = typeof ComicValidationModule;

let loading: Promise<ComicValidation> | undefined;

/** The comic validation module, loaded once; a failed load (network) is tried again on the next call. */
export function loadComicValidation(): Promise<ComicValidation> {
  loading ??= import('./comic-validation').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
