// The admin price-guide endpoints: import (and its preview), the guide's status and rows, and the
// dealer's offer settings. Responses are parsed with the shared schemas.
import { useQuery } from '@tanstack/react-query';
import {
  importReportSchema,
  priceGuideStatusSchema,
  valuationSettingsSchema,
  type ImportReport,
  type ValuationSettings,
} from '../../../../shared/schemas/valuation';
import { z } from 'zod';
import { apiRequestJson } from '../../lib/api-request';

/** Query key of the guide's first page (status and rows). */
export const PRICE_GUIDE_QUERY_KEY = ['/api/admin/price-guide'] as const;
/** Query key of the offer settings. */
export const VALUATION_SETTINGS_QUERY_KEY = ['/api/admin/valuation-settings'] as const;

const guideRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  issue: z.string(),
  publisher: z.string(),
  variant: z.string(),
  grade: z.number(),
  labelCategory: z.string(),
  fairValueCents: z.number(),
  salesLastYear: z.number().nullable(),
  asOf: z.string(),
});
/** One stored guide row. */
export type GuideRowView = z.infer<typeof guideRowSchema>;

const guidePageSchema = z.object({
  status: priceGuideStatusSchema,
  items: z.array(guideRowSchema),
  nextCursor: z.string().nullable(),
});
/** One page of the guide. */
export type GuidePage = z.infer<typeof guidePageSchema>;

/** Fetches one page of the guide (20 rows unless told). */
export async function fetchGuidePage(cursor: string | null, limit = 20): Promise<GuidePage> {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return guidePageSchema.parse(await apiRequestJson('GET', `/api/admin/price-guide?${query}`));
}

/** The guide's status and first page. */
export function useGuideFirstPage() {
  return useQuery({ queryKey: PRICE_GUIDE_QUERY_KEY, queryFn: () => fetchGuidePage(null) });
}

/** Sends a CSV file to be checked (dryRun) or imported. */
export async function importCsv(csv: string, dryRun: boolean): Promise<ImportReport> {
  return importReportSchema.parse(
    await apiRequestJson('POST', '/api/admin/price-guide/import', { csv, dryRun }),
  );
}

/** The dealer's offer settings. */
export function useValuationSettings() {
  return useQuery({
    queryKey: VALUATION_SETTINGS_QUERY_KEY,
    queryFn: async () =>
      valuationSettingsSchema.parse(await apiRequestJson('GET', '/api/admin/valuation-settings')),
  });
}

/** Saves the offer settings. */
export async function saveSettings(settings: ValuationSettings): Promise<ValuationSettings> {
  return valuationSettingsSchema.parse(
    await apiRequestJson('PUT', '/api/admin/valuation-settings', settings),
  );
}
