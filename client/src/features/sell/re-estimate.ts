// After the seller corrects a comic on /sell, its market estimate must describe the corrected book:
// the reader's estimate was for what it read. These rules say when to ask the server again
// (POST /api/market/estimate) and what to ask; the answer replaces the value only while the value
// is still the market's (a figure the seller typed themselves is theirs and stays).
import { parseMoneyToCents } from '../../../../shared/money';
import { isCgcGrade } from '../../../../shared/comic-rules';
import type { SellerEstimate, SellerEstimateRequest } from '../../../../shared/schemas/valuation';
import { apiRequestJson } from '../../lib/api-request';
import type { ComicFields, DraftComic } from './draft-comic';

/** The fields an estimate depends on. */
export const ESTIMATE_FIELDS = ['title', 'issueNumber', 'publisher', 'variant', 'cgcGrade'] as const;

/** True when this save changed what the estimate rests on and the value is not the seller's own. */
export function needsNewEstimate(before: DraftComic, saved: ComicFields): boolean {
  const changed = ESTIMATE_FIELDS.some((field) => before[field].trim() !== saved[field].trim());
  if (!changed) return false;
  // The seller typed a value in this very save: it is theirs.
  if (parseMoneyToCents(before.estimatedValue) !== parseMoneyToCents(saved.estimatedValue)) return false;
  return isMarketValue(before);
}

/** The value is blank, or the market's (the one the last estimate gave), not a figure the seller typed. */
function isMarketValue(comic: Pick<DraftComic, 'estimatedValue' | 'marketEstimate'>): boolean {
  const value = parseMoneyToCents(comic.estimatedValue);
  if (comic.estimatedValue.trim() === '' || value === null) return true;
  return comic.marketEstimate != null && parseMoneyToCents(comic.marketEstimate.value) === value;
}

/** The request for the saved fields, or null when they cannot name a book (no title, issue or grade). */
export function estimateRequest(
  saved: ComicFields,
  labelType: string | null | undefined,
): SellerEstimateRequest | null {
  const grade = Number(saved.cgcGrade);
  if (!saved.title.trim() || !saved.issueNumber.trim() || !isCgcGrade(grade)) return null;
  return {
    title: saved.title.trim(),
    issueNumber: saved.issueNumber.trim(),
    publisher: saved.publisher.trim(),
    variant: saved.variant.trim() || null,
    cgcGrade: grade,
    labelType: labelType ?? null,
  };
}

/** Asks the server for the market estimate of the corrected comic. */
export function fetchEstimate(request: SellerEstimateRequest): Promise<SellerEstimate> {
  return apiRequestJson<SellerEstimate>('POST', '/api/market/estimate', request);
}

/** The key of what an estimate was asked for, so a late answer for older fields is dropped. */
export function estimateFieldsKey(fields: Pick<ComicFields, (typeof ESTIMATE_FIELDS)[number]>): string {
  return ESTIMATE_FIELDS.map((field) => fields[field].trim()).join('\u0001');
}
