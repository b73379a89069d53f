// The market-value estimator: finds the comic's book in the price guide and recorded sales (match
// keys plus pg_trgm title similarity), then values it at the comic's grade (value-at-grade.ts).
// Without a title, an issue, a grade or any matching row it answers 'no market data', never a guess.
import type { Db } from '../../db/client.js';
import type { MarketEstimate } from '../../../shared/schemas/valuation.js';
import { queryKeys, selectBookRows, type ComicQuery } from './book-match.js';
import { findGuideCandidates, findSaleCandidates, type GuideCandidate } from './price-guide-repository.js';
import { noMarketData, valueAtGrade } from './value-at-grade.js';

/** The label kind guide rows default to when a file does not say. */
const DEFAULT_LABEL = 'universal';

/**
 * Guide rows of the comic's label kind when the guide has that kind, else the Universal rows, else
 * all: a Signature Series copy and a blue-label copy of the same book are priced apart.
 */
function sameLabelKind(rows: GuideCandidate[], labelType: string | null | undefined): GuideCandidate[] {
  const wanted = (labelType ?? DEFAULT_LABEL).toLowerCase();
  for (const kind of [wanted, DEFAULT_LABEL]) {
    const matching = rows.filter((row) => row.labelCategory.toLowerCase() === kind);
    if (matching.length > 0) return matching;
  }
  return rows;
}

/** Estimates the comic's market value at its grade from the stored price guide and sales. */
export async function estimateMarketValue(
  db: Db,
  comic: ComicQuery,
  now: Date = new Date(),
): Promise<MarketEstimate> {
  const keys = queryKeys(comic);
  if (!keys.titleKey || !keys.issueKey || comic.grade === null) return noMarketData();
  const [guideCandidates, saleCandidates] = await Promise.all([
    findGuideCandidates(db, keys.titleKey, keys.issueKey),
    findSaleCandidates(db, keys.titleKey, keys.issueKey),
  ]);
  const guide = selectBookRows(guideCandidates, keys);
  const sales = selectBookRows(saleCandidates, keys);
  // Both sources must be the same series: when they disagree, the closer title wins.
  const useGuide =
    guide.rows.length > 0 && (sales.similarity === null || (guide.similarity ?? 0) >= sales.similarity);
  const useSales = sales.rows.length > 0 && (!useGuide || sales.titleKey === guide.titleKey);
  if (!useGuide && !useSales) return noMarketData();
  const guideRows = useGuide ? sameLabelKind(guide.rows, comic.labelType) : [];
  const saleRows = useSales ? sales.rows : [];
  const similarity = useGuide ? guide.similarity! : sales.similarity!;
  const matchedTitle = guideRows[0]?.title ?? saleRows[0]?.title ?? null;
  return valueAtGrade(
    { guide: guideRows, sales: saleRows, grade: comic.grade, now, titleSimilarity: similarity },
    matchedTitle,
  );
}
