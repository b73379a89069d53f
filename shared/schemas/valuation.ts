// Payloads of the valuation feature: the estimate of a comic's market value with its evidence, the
// staff's offer suggestion, the dealer's offer settings, and the price-guide import's report.
import { z } from 'zod';
import { COMIC_TEXT_LIMITS, isCgcGrade } from './comic.js';
import { safeString } from './safe-text.js';

/** How sure the estimate is: 'high' (sales at the comic's own grade), 'medium', 'low' (thin or derived). */
export const ESTIMATE_CONFIDENCES = ['high', 'medium', 'low'] as const;
/** One confidence level. */
export type EstimateConfidence = (typeof ESTIMATE_CONFIDENCES)[number];

/** The wording when nothing in the guide matches: no value is given, never an invented one. */
export const NO_MARKET_DATA = 'no market data';

/** One price-guide row or recorded sale the estimate used. */
export const matchedRowSchema = z.object({
  kind: z.enum(['guide', 'sale']),
  id: z.string(),
  title: z.string(),
  issue: z.string(),
  variant: z.string(),
  grade: z.number(),
  valueCents: z.number().int(),
  /** Sales behind a guide row in its last 365 days (null when the guide did not say); 1 for a sale. */
  salesCount: z.number().int().nullable(),
  /** The guide's as-of date or the sale's date (YYYY-MM-DD). */
  date: z.string(),
  /** How the row was used: at the comic's grade, or carried along the grade curve from another grade. */
  use: z.enum(['same-grade', 'neighbour-grade']),
});
/** One matched row. */
export type MatchedRow = z.infer<typeof matchedRowSchema>;

/** What an estimate rests on. */
export const estimateEvidenceSchema = z.object({
  /** Sales counted behind the figures used (the guide's 365-day counts plus recorded sales). */
  salesCount: z.number().int().min(0),
  /** The span those sales fall in: earliest and latest dates (YYYY-MM-DD), or null when unknown. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** The rows used, most relevant first (at most 20). */
  matchedRows: z.array(matchedRowSchema),
  /** The guide's title the comic matched, and how alike the two were (pg_trgm similarity, 0..1). */
  matchedTitle: z.string().nullable(),
  titleSimilarity: z.number().min(0).max(1).nullable(),
  /** True when no figure existed at the comic's grade and the value came along the grade curve. */
  derivedFromOtherGrades: z.boolean(),
});
/** The evidence of an estimate. */
export type EstimateEvidence = z.infer<typeof estimateEvidenceSchema>;

/** A market-value estimate: a value with its evidence, or 'no market data' and no value. */
export const marketEstimateSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('estimated'),
    valueCents: z.number().int().min(0),
    confidence: z.enum(ESTIMATE_CONFIDENCES),
    /** One line for people: 'based on 6 sales in the last year'. */
    basis: z.string(),
    evidence: estimateEvidenceSchema,
  }),
  z.object({
    status: z.literal('no-data'),
    valueCents: z.null(),
    confidence: z.null(),
    basis: z.literal(NO_MARKET_DATA),
    evidence: estimateEvidenceSchema,
  }),
]);
/** A market-value estimate. */
export type MarketEstimate = z.infer<typeof marketEstimateSchema>;

/** Offer tiers (spec sections 1 and 9). */
export const OFFER_TIERS = ['premium', 'baseline', 'reduced'] as const;
/** One offer tier. */
export type OfferTier = (typeof OFFER_TIERS)[number];

/** Tier names for staff. */
export const OFFER_TIER_LABELS: Record<OfferTier, string> = {
  premium: 'Higher offer (70%+)',
  baseline: 'Baseline (60-70%)',
  reduced: 'Lower offer (under 60%)',
};

const percent = (min: number, max: number) => z.number().min(min).max(max);

/** The dealer's offer settings: percentages of market value and the thresholds that pick a tier. */
export const valuationSettingsSchema = z
  .object({
    /** Cash offer as % of market value in the baseline tier (spec: 60-70%). */
    baselinePercent: percent(1, 100),
    /** Cash % for key issues, 9.8+ grades and fast movers (spec: 70%+). */
    premiumPercent: percent(1, 100),
    /** Cash % for thin sales data and low grades (spec: under 60%). */
    reducedPercent: percent(1, 100),
    /** Store credit is this % above the cash offer (spec: 15-20%). */
    creditBonusPercent: percent(0, 100),
    /** Grades at or above this count as high grade (spec: 9.8). */
    highGrade: z.number().min(0.5).max(10),
    /** Grades below this count as low grade. */
    lowGradeBelow: z.number().min(0.5).max(10),
    /** At least this many sales in a year make a fast mover. */
    fastMoverSales: z.number().int().min(1).max(100000),
    /** Fewer than this many sales in a year is thin data. */
    thinDataSales: z.number().int().min(0).max(100000),
  })
  .refine((s) => s.reducedPercent <= s.baselinePercent && s.baselinePercent <= s.premiumPercent, {
    error: 'The lower tier must not exceed the baseline, nor the baseline the higher tier.',
    path: ['baselinePercent'],
  })
  .refine((s) => s.lowGradeBelow <= s.highGrade, {
    error: 'The low-grade bound must be below the high grade.',
    path: ['lowGradeBelow'],
  })
  .refine((s) => s.thinDataSales <= s.fastMoverSales, {
    error: 'Thin data must mean fewer sales than a fast mover.',
    path: ['thinDataSales'],
  });
/** The dealer's offer settings. */
export type ValuationSettings = z.infer<typeof valuationSettingsSchema>;

/** The spec's figures: 65% baseline (60-70), 75% for the higher tier (70%+), 50% (under 60), credit 15% above cash. */
export const DEFAULT_VALUATION_SETTINGS: ValuationSettings = {
  baselinePercent: 65,
  premiumPercent: 75,
  reducedPercent: 50,
  creditBonusPercent: 15,
  highGrade: 9.8,
  lowGradeBelow: 8,
  fastMoverSales: 12,
  thinDataSales: 3,
};

/** GET /api/admin/comics/:id/offer-suggestion: the suggested offers and why. */
export const offerSuggestionSchema = z.object({
  comicId: z.string(),
  /** Null when there is no market data: then no amounts are suggested. */
  marketValueCents: z.number().int().min(0).nullable(),
  suggestedCashCents: z.number().int().min(0).nullable(),
  suggestedCreditCents: z.number().int().min(0).nullable(),
  tier: z.enum(OFFER_TIERS).nullable(),
  /** The cash percentage of market value applied. */
  cashPercent: z.number().nullable(),
  /** Why: one sentence per rule that applied ('Grade 9.8 or higher', 'Only 1 sale in the last year'). */
  reasons: z.array(z.string()),
  estimate: marketEstimateSchema,
  evidence: estimateEvidenceSchema,
});
/** An offer suggestion. */
export type OfferSuggestion = z.infer<typeof offerSuggestionSchema>;

/** One row the import refused, with the file's line number (the header is line 1). */
export const importRowErrorSchema = z.object({ line: z.number().int(), message: z.string() });
/** A refused row. */
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** Kinds of file the import takes. */
export const IMPORT_KINDS = ['price-guide', 'sales'] as const;
/** One kind of import file. */
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** What an import did (or, for a preview, would do). Nothing is written when `errors` is not empty. */
export const importReportSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importRowErrorSchema),
  /** True when the file was only checked (preview) or refused; false when the changes were saved. */
  dryRun: z.boolean(),
  /** A few of the rows that would change, for the preview. */
  sample: z.array(
    z.object({
      line: z.number().int(),
      change: z.enum(['insert', 'update']),
      title: z.string(),
      issue: z.string(),
      variant: z.string(),
      grade: z.number(),
      valueCents: z.number().int(),
    }),
  ),
});
/** An import's report. */
export type ImportReport = z.infer<typeof importReportSchema>;

/** Status of the price guide for the admin page. */
export const priceGuideStatusSchema = z.object({
  guideRows: z.number().int(),
  salesRows: z.number().int(),
  latestAsOf: z.string().nullable(),
});
/** Price guide status. */
export type PriceGuideStatus = z.infer<typeof priceGuideStatusSchema>;

/**
 * Body of POST /api/market/estimate: the comic as the seller has it on /sell, after an edit of the
 * fields the estimate depends on (title, issue, publisher, variant, grade).
 */
export const sellerEstimateRequestSchema = z.object({
  title: safeString().trim().min(1).max(COMIC_TEXT_LIMITS.title),
  issueNumber: safeString().trim().min(1).max(COMIC_TEXT_LIMITS.issueNumber),
  publisher: safeString().trim().max(COMIC_TEXT_LIMITS.publisher).default(''),
  variant: safeString().trim().max(COMIC_TEXT_LIMITS.variant).nullable().default(null),
  cgcGrade: z.number().refine(isCgcGrade, 'Please enter a grade on the 0.5-10.0 scale.'),
  /** The label kind the reader saw ('Universal', 'Signature Series'...), when known. */
  labelType: safeString().trim().max(50).nullable().default(null),
});
/** What the seller's /sell page asks to have valued. */
export type SellerEstimateRequest = z.infer<typeof sellerEstimateRequestSchema>;

/** The answer: the value as money text and its one-line basis, both null with no market data. */
export const sellerEstimateSchema = z.object({
  estimatedValue: z.string().nullable(),
  estimateBasis: z.string().nullable(),
});
/** The estimate as /sell shows it. */
export type SellerEstimate = z.infer<typeof sellerEstimateSchema>;
