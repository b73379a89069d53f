// The dashboard's four stat cards (spec sections 2 and 3), computed by the database from the
// submissions, their comics and the audit log (status_events). Choices: docs/decisions/0010.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { AdminStats } from '../../../shared/schemas/admin-stats.js';

/** The dealer's time zone (Winter Springs, FL): "this week" starts Monday 00:00 there. */
export const BUSINESS_TIME_ZONE = 'America/New_York';

/** How far back the average response time looks: recent work, not the shop's whole history. */
export const RESPONSE_TIME_WINDOW_DAYS = 30;

/**
 * A duration as the Avg Response Time card shows it: whole hours under two days ('0hrs', '3hrs'),
 * whole days from then on ('2 days'). Null (no data) shows the spec's default '0hrs'.
 */
export function formatResponseTime(milliseconds: number | null): string {
  if (milliseconds === null || !Number.isFinite(milliseconds) || milliseconds < 0) return '0hrs';
  const hours = milliseconds / 3_600_000;
  if (hours < 47.5) return `${Math.round(hours)}hrs`;
  return `${Math.round(hours / 24)} days`;
}

/**
 * Computes the stats in one round trip, exactly and without a scan: Pending Reviews from the
 * trigger-kept status counts, Total Offers Made from the trigger-kept total (migration 0008), Approved
 * This Week and Avg Response Time from an index range of this week's or the last 30 days' events
 * (each event carries its submission's creation time). Timing at 100,000 submissions: docs/decisions/0019.
 */
export async function computeAdminStats(db: Db, now: Date = new Date()): Promise<AdminStats> {
  const at = now.toISOString();
  const [row] = await queryRows<{
    pending: number | string;
    approved: number | string;
    total_value: number | string | null;
    avg_response_ms: number | string | null;
  }>(
    db,
    sql`select
          (select coalesce(sum(count), 0) from submission_status_counts where status = 'awaiting_review') as pending,
          -- Deals agreed this week: submissions whose seller accepted (-> awaiting_shipment) since Monday.
          (select count(distinct e.submission_id) from status_events e
             where e.to_status = 'awaiting_shipment' and e.comic_id is null
               and e.created_at >= (date_trunc('week', ${at}::timestamptz at time zone ${BUSINESS_TIME_ZONE})
                                    at time zone ${BUSINESS_TIME_ZONE})
               and e.created_at <= ${at}::timestamptz) as approved,
          -- Offers sent to sellers: a comic's cash offer (or its credit offer when no cash was offered),
          -- counted once its submission left review; drafts on a submission still in review are not
          -- "made". Kept by triggers (admin_offers_count and admin_offer_cents hold the rule).
          (select coalesce(sum(offers_made_cents), 0) from admin_offer_totals) as total_value,
          -- Submission created -> offers sent (awaiting_review -> pending), over recent responses. In
          -- float seconds (date_part): averaging intervals was 3 times slower on PGlite, same answer.
          (select avg(date_part('epoch', e.created_at) - date_part('epoch', e.submission_created_at)) * 1000
             from status_events e
             where e.to_status = 'pending' and e.comic_id is null
               and e.created_at >= ${at}::timestamptz - make_interval(days => ${RESPONSE_TIME_WINDOW_DAYS})
               and e.created_at <= ${at}::timestamptz) as avg_response_ms`,
  );
  const number = (value: number | string | null | undefined) => (value == null ? 0 : Number(value));
  return {
    pending: number(row?.pending),
    approved: number(row?.approved),
    totalValueCents: number(row?.total_value),
    avgResponseTime: formatResponseTime(row?.avg_response_ms == null ? null : Number(row.avg_response_ms)),
  };
}
