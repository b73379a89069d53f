// SQL of the price guide and recorded sales: batched upserts for imports, and trigram candidate
// lookups for the estimator. Every value goes through Drizzle's parameters.
import { and, count, eq, max, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { marketSales, priceGuideEntries } from '../../db/schema.js';
import type { GuideRow, SaleRow } from './import-rows.js';

/** Rows per statement: each batch travels as one JSON parameter (about 1.5 MB for 5,000 rows). */
const BATCH_ROWS = 5000;

/** Inserted and updated counts of one write. */
export interface WriteCounts {
  inserted: number;
  updated: number;
  /** Lines of the rows that changed, in file order (for the preview's sample). */
  changed: Array<{ line: number; change: 'insert' | 'update' }>;
}

// Rows go to the server as one JSON document per batch, unpacked by json_to_recordset: one parameter
// instead of 17 per row, which is what makes 100,000 rows take seconds rather than minutes (the same
// trick as a COPY, but through the ordinary query path both drivers share).
const GUIDE_RECORD = sql.raw(`x(title text, "titleKey" text, issue text, "issueKey" text, publisher text,
  "publisherKey" text, variant text, "variantKey" text, "coverDate" text, grade numeric(3, 1),
  "labelCategory" text, "fairValueCents" integer, "salesLastYear" integer, "avg30DaysCents" integer,
  "avg90DaysCents" integer, "avg365DaysCents" integer, "asOf" date)`);

const SALE_RECORD = sql.raw(`x(title text, "titleKey" text, issue text, "issueKey" text, publisher text,
  "publisherKey" text, variant text, "variantKey" text, grade numeric(3, 1), "priceCents" integer,
  "soldOn" date, source text)`);

/** The rows of a batch as the JSON document json_to_recordset reads (the line number stays behind). */
function batchJson<T extends { line: number }>(batch: readonly T[]): string {
  return JSON.stringify(batch.map(({ line: _line, ...row }) => row));
}

interface ReturnedKey {
  inserted: boolean;
  title_key: string;
  issue_key: string;
  publisher_key: string;
  variant_key: string;
  grade: number | string;
  label_category?: string;
  sold_on?: string;
  price_cents?: number;
  source?: string;
}

/**
 * Inserts guide rows or updates the stored row of the same book and grade. A stored row is only
 * replaced by figures at least as recent (as_of), and only when something differs, so importing the
 * same file twice changes nothing and an old export cannot overwrite a newer one.
 */
export async function upsertGuideRows(db: Db, rows: readonly GuideRow[]): Promise<WriteCounts> {
  const result: WriteCounts = { inserted: 0, updated: 0, changed: [] };
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const written = await queryRows<ReturnedKey & Record<string, unknown>>(
      db,
      sql`insert into price_guide_entries as t (title, title_key, issue, issue_key, publisher, publisher_key,
          variant, variant_key, cover_date, grade, label_category, fair_value_cents, sales_last_year,
          avg_30_days_cents, avg_90_days_cents, avg_365_days_cents, as_of)
        select title, "titleKey", issue, "issueKey", publisher, "publisherKey", variant, "variantKey",
          "coverDate", grade, "labelCategory", "fairValueCents", "salesLastYear", "avg30DaysCents",
          "avg90DaysCents", "avg365DaysCents", "asOf"
        from json_to_recordset(${batchJson(batch)}::json) as ${GUIDE_RECORD}
        on conflict (title_key, issue_key, publisher_key, variant_key, grade, label_category) do update set
          title = excluded.title, issue = excluded.issue, publisher = excluded.publisher,
          variant = excluded.variant, cover_date = excluded.cover_date,
          fair_value_cents = excluded.fair_value_cents, sales_last_year = excluded.sales_last_year,
          avg_30_days_cents = excluded.avg_30_days_cents, avg_90_days_cents = excluded.avg_90_days_cents,
          avg_365_days_cents = excluded.avg_365_days_cents, as_of = excluded.as_of, updated_at = now()
        where excluded.as_of >= t.as_of and (t.title, t.issue, t.publisher, t.variant, t.cover_date,
          t.fair_value_cents, t.sales_last_year, t.avg_30_days_cents, t.avg_90_days_cents,
          t.avg_365_days_cents, t.as_of) is distinct from (excluded.title, excluded.issue,
          excluded.publisher, excluded.variant, excluded.cover_date, excluded.fair_value_cents,
          excluded.sales_last_year, excluded.avg_30_days_cents, excluded.avg_90_days_cents,
          excluded.avg_365_days_cents, excluded.as_of)
        returning (xmax = 0) as inserted, title_key, issue_key, publisher_key, variant_key, grade, label_category`,
    );
    // xmax is 0 on a freshly inserted tuple and set on an updated one: PostgreSQL's way to tell them apart.
    const lineOf = new Map(batch.map((row) => [bookKey(row), row.line]));
    for (const row of written) {
      if (row.inserted) result.inserted += 1;
      else result.updated += 1;
      const line = lineOf.get(bookKey(returnedKey(row)));
      if (line !== undefined) result.changed.push({ line, change: row.inserted ? 'insert' : 'update' });
    }
  }
  return result;
}

/** Inserts sales not recorded yet; a sale already stored (same book, grade, date, price, source) is skipped. */
export async function insertSales(db: Db, rows: readonly SaleRow[]): Promise<WriteCounts> {
  const result: WriteCounts = { inserted: 0, updated: 0, changed: [] };
  const saleKey = (key: string, soldOn: string, priceCents: number, source: string) =>
    [key, soldOn, priceCents, source].join('\u0001');
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const written = await queryRows<ReturnedKey & Record<string, unknown>>(
      db,
      sql`insert into market_sales (title, title_key, issue, issue_key, publisher, publisher_key, variant,
          variant_key, grade, price_cents, sold_on, source)
        select title, "titleKey", issue, "issueKey", publisher, "publisherKey", variant, "variantKey",
          grade, "priceCents", "soldOn", source
        from json_to_recordset(${batchJson(batch)}::json) as ${SALE_RECORD}
        on conflict do nothing
        returning title_key, issue_key, publisher_key, variant_key, grade, sold_on::text as sold_on,
          price_cents, source`,
    );
    const lineOf = new Map(
      batch.map((row) => [saleKey(bookKey(row), row.soldOn, row.priceCents, row.source), row.line]),
    );
    for (const row of written) {
      result.inserted += 1;
      const line = lineOf.get(
        saleKey(bookKey(returnedKey(row)), row.sold_on!, row.price_cents!, row.source!),
      );
      if (line !== undefined) result.changed.push({ line, change: 'insert' });
    }
  }
  return result;
}

function returnedKey(row: ReturnedKey): KeyFields {
  return {
    titleKey: row.title_key,
    issueKey: row.issue_key,
    publisherKey: row.publisher_key,
    variantKey: row.variant_key,
    grade: row.grade,
    ...(row.label_category !== undefined ? { labelCategory: row.label_category } : {}),
  };
}

interface KeyFields {
  titleKey: string;
  issueKey: string;
  publisherKey: string;
  variantKey: string;
  grade: number | string;
  labelCategory?: string;
}

/** One string per book and grade (and label category for guide rows). */
export function bookKey(row: KeyFields): string {
  return [
    row.titleKey,
    row.issueKey,
    row.publisherKey,
    row.variantKey,
    Number(row.grade).toFixed(1),
    row.labelCategory ?? '',
  ].join('\u0001');
}

/** A stored guide row with its title's similarity to the looked-up title. */
export type GuideCandidate = typeof priceGuideEntries.$inferSelect & { similarity: number };
/** A stored sale with its title's similarity to the looked-up title. */
export type SaleCandidate = typeof marketSales.$inferSelect & { similarity: number };

/** Cap on candidates per lookup: one issue of one title has a few dozen grades and variants at most. */
const CANDIDATE_LIMIT = 500;

/** Guide rows of this issue whose title is trigram-similar to the key (the GIN index serves `%`). */
export async function findGuideCandidates(db: Db, title: string, issue: string): Promise<GuideCandidate[]> {
  const t = priceGuideEntries;
  const similarity = sql<number>`similarity(${t.titleKey}, ${title})`;
  const rows = await db
    .select({ row: t, similarity })
    .from(t)
    .where(and(eq(t.issueKey, issue), sql`${t.titleKey} % ${title}`))
    .orderBy(sql`${similarity} desc`)
    .limit(CANDIDATE_LIMIT);
  return rows.map(({ row, similarity: value }) => ({ ...row, similarity: Number(value) }));
}

/** Recorded sales of this issue whose title is trigram-similar to the key. */
export async function findSaleCandidates(db: Db, title: string, issue: string): Promise<SaleCandidate[]> {
  const t = marketSales;
  const similarity = sql<number>`similarity(${t.titleKey}, ${title})`;
  const rows = await db
    .select({ row: t, similarity })
    .from(t)
    .where(and(eq(t.issueKey, issue), sql`${t.titleKey} % ${title}`))
    .orderBy(sql`${similarity} desc`)
    .limit(CANDIDATE_LIMIT);
  return rows.map(({ row, similarity: value }) => ({ ...row, similarity: Number(value) }));
}

/** How many guide rows and sales are stored, and the newest guide date. */
export async function priceGuideStatus(db: Db) {
  const [guide] = await db
    .select({ rows: count(), latest: max(priceGuideEntries.asOf) })
    .from(priceGuideEntries);
  const [sales] = await db.select({ rows: count() }).from(marketSales);
  return { guideRows: guide?.rows ?? 0, salesRows: sales?.rows ?? 0, latestAsOf: guide?.latest ?? null };
}

/** A page of guide rows in title order, for the admin page (keyset on title key and id). */
export async function listGuideRows(
  db: Db,
  options: { limit: number; after: { titleKey: string; id: string } | null },
) {
  const t = priceGuideEntries;
  const rows = await db
    .select()
    .from(t)
    .where(
      options.after
        ? sql`(${t.titleKey}, ${t.id}) > (${options.after.titleKey}, ${options.after.id})`
        : undefined,
    )
    .orderBy(t.titleKey, t.id)
    .limit(options.limit + 1);
  return rows;
}
