// The value of one book at one grade from its guide rows and recorded sales. Pure: the estimator
// feeds it the matched rows, the benchmark feeds it the sample with one row hidden.
//
// - A guide row's figure blends its fair market value with its 30/90/365-day sale averages, the
//   recent ones weighing more (weights 4, 3, 2, 1); its weight grows with its sales count and fades
//   with its age (half-life 180 days).
// - A recorded sale weighs 0.5^(age / 90 days): last month's sale counts about four times one from
//   half a year ago.
// - With figures at the comic's grade, those give the value. Without, the nearest grades of the same
//   book do: between a lower and a higher grade the value is interpolated along the grade curve (so
//   the book's own steepness is kept); from one side only, it is carried along the curve.
import { basisLine } from '../../../shared/valuation/basis.js';
import { carryAlongCurve, relativeValue } from '../../../shared/valuation/grade-curve.js';
import { gradeKey } from '../../../shared/valuation/normalise.js';
import type {
  EstimateConfidence,
  EstimateEvidence,
  MarketEstimate,
  MatchedRow,
} from '../../../shared/schemas/valuation.js';
import { NO_MARKET_DATA } from '../../../shared/schemas/valuation.js';

const DAY_MS = 86_400_000;
/** Half-life of a guide row's weight. */
export const GUIDE_HALF_LIFE_DAYS = 180;
/** Half-life of a recorded sale's weight. */
export const SALE_HALF_LIFE_DAYS = 90;
/** Sales older than this are not used at all. */
export const SALE_MAX_AGE_DAYS = 3 * 365;
/** Most matched rows listed in the evidence. */
const MAX_EVIDENCE_ROWS = 20;

/** A guide row as the valuation needs it. */
export interface GuideFigure {
  id: string;
  title: string;
  issue: string;
  variant: string;
  grade: number;
  fairValueCents: number;
  salesLastYear: number | null;
  avg30DaysCents: number | null;
  avg90DaysCents: number | null;
  avg365DaysCents: number | null;
  asOf: string;
}

/** A recorded sale as the valuation needs it. */
export interface SaleFigure {
  id: string;
  title: string;
  issue: string;
  variant: string;
  grade: number;
  priceCents: number;
  soldOn: string;
}

/** Inputs of valueAtGrade. */
export interface ValueInput {
  guide: readonly GuideFigure[];
  sales: readonly SaleFigure[];
  grade: number;
  now: Date;
  /** pg_trgm similarity of the matched title (1 for the same key). */
  titleSimilarity: number;
}

interface Weighted {
  valueCents: number;
  weight: number;
  salesCount: number;
  periodStart: string;
  periodEnd: string;
  rows: MatchedRow[];
}

const ageDays = (date: string, now: Date) => Math.max(0, (now.getTime() - Date.parse(date)) / DAY_MS);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A guide row's recency-weighted figure: FMV 4, 30-day average 3, 90-day 2, 365-day 1. */
export function guideRowValue(row: GuideFigure): number {
  const parts: Array<[number | null, number]> = [
    [row.fairValueCents, 4],
    [row.avg30DaysCents, 3],
    [row.avg90DaysCents, 2],
    [row.avg365DaysCents, 1],
  ];
  let sum = 0;
  let weights = 0;
  for (const [value, weight] of parts) {
    if (value === null) continue;
    sum += value * weight;
    weights += weight;
  }
  return Math.round(sum / weights);
}

/** Combines the figures at one grade into one value with its weight and evidence. */
function figuresAtGrade(
  guide: readonly GuideFigure[],
  sales: readonly SaleFigure[],
  now: Date,
  use: MatchedRow['use'],
): Weighted | null {
  let sum = 0;
  let weights = 0;
  let salesCount = 0;
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  const rows: MatchedRow[] = [];
  for (const row of guide) {
    const value = guideRowValue(row);
    const count = row.salesLastYear ?? 0;
    const weight = (1 + Math.min(count, 50) / 5) * 0.5 ** (ageDays(row.asOf, now) / GUIDE_HALF_LIFE_DAYS);
    sum += value * weight;
    weights += weight;
    salesCount += count;
    const asOf = Date.parse(row.asOf);
    start = Math.min(start, asOf - 365 * DAY_MS);
    end = Math.max(end, asOf);
    rows.push({
      kind: 'guide',
      id: row.id,
      title: row.title,
      issue: row.issue,
      variant: row.variant,
      grade: row.grade,
      valueCents: value,
      salesCount: row.salesLastYear,
      date: row.asOf,
      use,
    });
  }
  for (const sale of sales) {
    const age = ageDays(sale.soldOn, now);
    if (age > SALE_MAX_AGE_DAYS) continue;
    const weight = 0.5 ** (age / SALE_HALF_LIFE_DAYS);
    sum += sale.priceCents * weight;
    weights += weight;
    if (age <= 365) salesCount += 1;
    const soldOn = Date.parse(sale.soldOn);
    start = Math.min(start, soldOn);
    end = Math.max(end, soldOn);
    rows.push({
      kind: 'sale',
      id: sale.id,
      title: sale.title,
      issue: sale.issue,
      variant: sale.variant,
      grade: sale.grade,
      valueCents: sale.priceCents,
      salesCount: 1,
      date: sale.soldOn,
      use,
    });
  }
  if (weights === 0) return null;
  return {
    valueCents: Math.round(sum / weights),
    weight: weights,
    salesCount,
    periodStart: isoDay(start),
    periodEnd: isoDay(end),
    rows,
  };
}

function confidenceOf(
  salesCount: number,
  atGrade: boolean,
  bracketed: boolean,
  titleSimilarity: number,
): EstimateConfidence {
  let level: EstimateConfidence;
  if (atGrade) level = salesCount >= 5 ? 'high' : salesCount >= 1 ? 'medium' : 'low';
  else level = bracketed && salesCount >= 3 ? 'medium' : 'low';
  // A title matched only by similarity (a misread letter) is one step less sure.
  if (titleSimilarity < 1) level = level === 'high' ? 'medium' : 'low';
  return level;
}

/** An empty evidence record. */
export function noEvidence(): EstimateEvidence {
  return {
    salesCount: 0,
    periodStart: null,
    periodEnd: null,
    matchedRows: [],
    matchedTitle: null,
    titleSimilarity: null,
    derivedFromOtherGrades: false,
  };
}

/** The 'no market data' answer: no value, ever. */
export function noMarketData(evidence: EstimateEvidence = noEvidence()): MarketEstimate {
  return { status: 'no-data', valueCents: null, confidence: null, basis: NO_MARKET_DATA, evidence };
}

/** The value of the book at `grade`, or 'no market data' when it has no usable figure. */
export function valueAtGrade(input: ValueInput, matchedTitle: string | null = null): MarketEstimate {
  const grade = gradeKey(input.grade);
  const grades = new Set<number>([
    ...input.guide.map((row) => gradeKey(row.grade)),
    ...input.sales
      .filter((s) => ageDays(s.soldOn, input.now) <= SALE_MAX_AGE_DAYS)
      .map((s) => gradeKey(s.grade)),
  ]);
  const at = (g: number, use: MatchedRow['use']) =>
    figuresAtGrade(
      input.guide.filter((row) => gradeKey(row.grade) === g),
      input.sales.filter((sale) => gradeKey(sale.grade) === g),
      input.now,
      use,
    );

  let valueCents: number;
  let used: Weighted[];
  let bracketed = false;
  const same = grades.has(grade) ? at(grade, 'same-grade') : null;
  if (same) {
    valueCents = same.valueCents;
    used = [same];
  } else {
    const below = [...grades].filter((g) => g < grade).sort((a, b) => b - a)[0];
    const above = [...grades].filter((g) => g > grade).sort((a, b) => a - b)[0];
    const lower = below === undefined ? null : at(below, 'neighbour-grade');
    const upper = above === undefined ? null : at(above, 'neighbour-grade');
    if (lower && upper && below !== undefined && above !== undefined) {
      // Interpolate in log value against log curve position: keeps this book's own steepness.
      const position =
        (Math.log(relativeValue(grade)) - Math.log(relativeValue(below))) /
        (Math.log(relativeValue(above)) - Math.log(relativeValue(below)));
      valueCents = Math.round(
        Math.exp(
          Math.log(lower.valueCents) + position * (Math.log(upper.valueCents) - Math.log(lower.valueCents)),
        ),
      );
      used = [lower, upper];
      bracketed = true;
    } else if (lower && below !== undefined) {
      valueCents = carryAlongCurve(lower.valueCents, below, grade);
      used = [lower];
    } else if (upper && above !== undefined) {
      valueCents = carryAlongCurve(upper.valueCents, above, grade);
      used = [upper];
    } else {
      return noMarketData();
    }
  }
  const salesCount = used.reduce((total, w) => total + w.salesCount, 0);
  const evidence: EstimateEvidence = {
    salesCount,
    periodStart: used.map((w) => w.periodStart).sort()[0] ?? null,
    periodEnd:
      used
        .map((w) => w.periodEnd)
        .sort()
        .at(-1) ?? null,
    matchedRows: used.flatMap((w) => w.rows).slice(0, MAX_EVIDENCE_ROWS),
    matchedTitle,
    titleSimilarity: input.titleSimilarity,
    derivedFromOtherGrades: !same,
  };
  return {
    status: 'estimated',
    valueCents,
    confidence: confidenceOf(salesCount, Boolean(same), bracketed, input.titleSimilarity),
    basis: basisLine(evidence, input.now),
    evidence,
  };
}
