// The admin dashboard's stat cards (spec sections 3 and 9). totalValue is money, so it is cents here.
import { z } from 'zod';

/** GET /api/admin/stats. */
export const adminStatsSchema = z.object({
  /** Submissions waiting for review. */
  pending: z.number().int().nonnegative(),
  /** Submissions approved this week. */
  approved: z.number().int().nonnegative(),
  /** Total of offers made, in cents (the dashboard shows it as whole dollars). */
  totalValueCents: z.number().int().nonnegative(),
  /** Average response time as text, e.g. '0hrs'. */
  avgResponseTime: z.string(),
});
/** The admin stats. */
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** What the cards show before the stats arrive or when there is no data (spec section 9). */
export const ADMIN_STATS_DEFAULTS: AdminStats = {
  pending: 0,
  approved: 0,
  totalValueCents: 0,
  avgResponseTime: '0hrs',
};
