// SQL of the price guide and recorded sales: set-based upserts for imports, and trigram candidate
// lookups for the estimator. Every value goes through Drizzle's parameters.
import { and, count, eq, max, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { marketSales, priceGuideEntries } from '../../db/schema.js';
import type { GuideRow, SaleRow } from './import-rows.js';

/**
 * Rows per staging statement: each chunk travels as one JSON parameter (about 6 MB for 20,000 rows),
 * unpacked by json_to_recordset into an index-free temporary table.
 */
const STAGE_ROWS = 20_000;

/** Inserted and updated counts of one write. */
export interface WriteCounts {
  inserted: number;
  updated: number;
  /** Lines of the rows that changed, in file order (for the preview's sample). */
  changed: Array<{ line: number; change: 'insert' | 'update' }>;
}

// An import is two set-based steps instead of 100,000 single-row upserts:
// 1. the rows go into a temporary staging table without indexes, a chunk per statement, each chunk as
//    one JSON document unpacked by json_to_recordset (one parameter instead of 17 per row, through the
//    ordinary query path both drivers share, which PGlite's COPY and node-postgres's COPY do not);
// 2. one INSERT ... SELECT writes only the rows that are new or changed, found by one join of the
//    staging table with the guide. A re-import of the same file finds nothing and writes nothing, and
//    a first import pays each index once per row, in key order.
// The ON CONFLICT clause stays: an import running at the same time may insert the same book between
// the join and the insert, and then the newer figures still win.
const GUIDE_STAGE = sql.raw(`price_guide_import`);
const GUIDE_STAGE_COLUMNS = sql.raw(`title text, title_key text, issue text, issue_key text, publisher text,
  publisher_key text, variant text, variant_key text, cover_date text, grade numeric(3, 1),
  label_category text, fair_value_cents integer, sales_last_year integer, avg_30_days_cents integer,
  avg_90_days_cents integer, avg_365_days_cents integer, as_of date`);
const GUIDE_RECORD = sql.raw(`x(title text, "titleKey" text, issue text, "issueKey" text, publisher text,
  "publisherKey" text, variant text, "variantKey" text, "coverDate" text, grade numeric(3, 1),
  "labelCategory" text, "fairValueCents" integer, "salesLastYear" integer, "avg30DaysCents" integer,
  "avg90DaysCents" integer, "avg365DaysCents" integer, "asOf" date)`);

const SALE_STAGE = sql.raw(`market_sales_import`);
const SALE_STAGE_COLUMNS = sql.raw(`title text, title_key text, issue text, issue_key text, publisher text,
  publisher_key text, variant text, variant_key text, grade numeric(3, 1), price_cents integer,
  sold_on date, source text`);
const SALE_RECORD = sql.raw(`x(title text, "titleKey" text, issue text, "issueKey" text, publisher text,
  "publisherKey" text, variant text, "variantKey" text, grade numeric(3, 1), "priceCents" integer,
  "soldOn" date, source text)`);

/** The rows of a chunk as the JSON document json_to_recordset reads (the line number stays behind). */
function chunkJson<T extends { line: number }>(chunk: readonly T[]): string {
  return JSON.stringify(chunk.map(({ line: _line, ...row }) => row));
}

/**
 * Fills a fresh temporary staging table (dropped when the transaction ends) with the rows. Runs in a
 * transaction of its own when the caller has none, so every statement meets the same temporary table.
 */
async function stage<T extends { line: number }>(
  db: Db,
  table: SQL,
  columns: SQL,
  record: SQL,
  rows: readonly T[],
): Promise<void> {
  await queryRows(db, sql`drop table if exists pg_temp.${table}`);
  await queryRows(db, sql`create temporary table ${table} (${columns}) on commit drop`);
  for (let start = 0; start < rows.length; start += STAGE_ROWS) {
    const json = chunkJson(rows.slice(start, start + STAGE_ROWS));
    await queryRows(
      db,
      sql`insert into ${table} select * from json_to_recordset(${json}::json) as ${record}`,
    );
  }
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
 * same file twice changes nothing and an old export cannot overwrite a newer one. The rows must be
 * one per book and grade (import-command.ts keeps the latest of duplicates).
 */
export async function upsertGuideRows(db: Db, rows: readonly GuideRow[]): Promise<WriteCounts> {
  if (rows.length === 0) return { inserted: 0, updated: 0, changed: [] };
  const written = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await stage(t, GUIDE_STAGE, GUIDE_STAGE_COLUMNS, GUIDE_RECORD, rows);
    return queryRows<ReturnedKey & Record<string, unknown>>(
      t,
      sql`insert into price_guide_entries as t (title, title_key, issue, issue_key, publisher, publisher_key,
          variant, variant_key, cover_date, grade, label_category, fair_value_cents, sales_last_year,
          avg_30_days_cents, avg_90_days_cents, avg_365_days_cents, as_of)
        select s.title, s.title_key, s.issue, s.issue_key, s.publisher, s.publisher_key, s.variant,
          s.variant_key, s.cover_date, s.grade, s.label_category, s.fair_value_cents, s.sales_last_year,
          s.avg_30_days_cents, s.avg_90_days_cents, s.avg_365_days_cents, s.as_of
        from ${GUIDE_STAGE} s
        left join price_guide_entries e on (e.title_key, e.issue_key, e.publisher_key, e.variant_key,
          e.grade, e.label_category) = (s.title_key, s.issue_key, s.publisher_key, s.variant_key,
          s.grade, s.label_category)
        where e.id is null or (s.as_of >= e.as_of and (e.title, e.issue, e.publisher, e.variant,
          e.cover_date, e.fair_value_cents, e.sales_last_year, e.avg_30_days_cents, e.avg_90_days_cents,
          e.avg_365_days_cents, e.as_of) is distinct from (s.title, s.issue, s.publisher, s.variant,
          s.cover_date, s.fair_value_cents, s.sales_last_year, s.avg_30_days_cents, s.avg_90_days_cents,
          s.avg_365_days_cents, s.as_of))
        order by s.title_key, s.issue_key
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
  });
  // xmax is 0 on a freshly inserted tuple and set on an updated one: PostgreSQL's way to tell them apart.
  const result: WriteCounts = { inserted: 0, updated: 0, changed: [] };
  const lineOf = new Map(rows.map((row) => [bookKey(row), row.line]));
  for (const row of written) {
    if (row.inserted) result.inserted += 1;
    else result.updated += 1;
    const line = lineOf.get(bookKey(returnedKey(row)));
    if (line !== undefined) result.changed.push({ line, change: row.inserted ? 'insert' : 'update' });
  }
  return result;
}

/**
 * Inserts sales not recorded yet; a sale already stored (same book, grade, date, price, source) is
 * skipped. The rows must be distinct sales (import-command.ts drops repeats).
 */
export async function insertSales(db: Db, rows: readonly SaleRow[]): Promise<WriteCounts> {
  if (rows.length === 0) return { inserted: 0, updated: 0, changed: [] };
  const written = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await stage(t, SALE_STAGE, SALE_STAGE_COLUMNS, SALE_RECORD, rows);
    return queryRows<ReturnedKey & Record<string, unknown>>(
      t,
      sql`insert into market_sales (title, title_key, issue, issue_key, publisher, publisher_key, variant,
          variant_key, grade, price_cents, sold_on, source)
        select s.title, s.title_key, s.issue, s.issue_key, s.publisher, s.publisher_key, s.variant,
          s.variant_key, s.grade, s.price_cents, s.sold_on, s.source
        from ${SALE_STAGE} s
        where not exists (select 1 from market_sales m where (m.title_key, m.issue_key, m.publisher_key,
          m.variant_key, m.grade, m.sold_on, m.price_cents, m.source) = (s.title_key, s.issue_key,
          s.publisher_key, s.variant_key, s.grade, s.sold_on, s.price_cents, s.source))
        order by s.title_key, s.issue_key
        on conflict do nothing
        returning title_key, issue_key, publisher_key, variant_key, grade, sold_on::text as sold_on,
          price_cents, source`,
    );
  });
  const saleKey = (key: string, soldOn: string, priceCents: number, source: string) =>
    [key, soldOn, priceCents, source].join('\u0001');
  const result: WriteCounts = { inserted: 0, updated: 0, changed: [] };
  const lineOf = new Map(
    rows.map((row) => [saleKey(bookKey(row), row.soldOn, row.priceCents, row.source), row.line]),
  );
  for (const row of written) {
    result.inserted += 1;
    const line = lineOf.get(saleKey(bookKey(returnedKey(row)), row.sold_on!, row.price_cents!, row.source!));
    if (line !== undefined) result.changed.push({ line, change: 'insert' });
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
