// SQL of the price guide and recorded sales: batched upserts for imports, and trigram candidate
// lookups for the estimator. Every value goes through Drizzle's parameters.
import { and, count, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { marketSales, priceGuideEntries } from '../../db/schema.js';
import type { GuideRow, SaleRow } from './import-rows.js';

/** Rows per INSERT: 17 parameters each stays far below PostgreSQL's 65,535-parameter limit. */
const BATCH_ROWS = 2000;

/** pg_trgm's similarity below which the % operator does not even propose a title (its default, 0.3). */
export const TRIGRAM_PREFILTER = 0.3;

/** Inserted and updated counts of one write. */
export interface WriteCounts {
  inserted: number;
  updated: number;
  /** Lines of the rows that changed, in file order (for the preview's sample). */
  changed: Array<{ line: number; change: 'insert' | 'update' }>;
}

/**
 * Inserts guide rows or updates the stored row of the same book and grade. A stored row is only
 * replaced by figures at least as recent (as_of), and only when something differs, so importing the
 * same file twice changes nothing and an old export cannot overwrite a newer one.
 */
export async function upsertGuideRows(db: Db, rows: readonly GuideRow[]): Promise<WriteCounts> {
  const result: WriteCounts = { inserted: 0, updated: 0, changed: [] };
  const t = priceGuideEntries;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const written = await db
      .insert(t)
      .values(batch.map(({ line: _line, ...row }) => row))
      .onConflictDoUpdate({
        target: [t.titleKey, t.issueKey, t.publisherKey, t.variantKey, t.grade, t.labelCategory],
        set: {
          title: sql`excluded.title`,
          issue: sql`excluded.issue`,
          publisher: sql`excluded.publisher`,
          variant: sql`excluded.variant`,
          coverDate: sql`excluded.cover_date`,
          fairValueCents: sql`excluded.fair_value_cents`,
          salesLastYear: sql`excluded.sales_last_year`,
          avg30DaysCents: sql`excluded.avg_30_days_cents`,
          avg90DaysCents: sql`excluded.avg_90_days_cents`,
          avg365DaysCents: sql`excluded.avg_365_days_cents`,
          asOf: sql`excluded.as_of`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`excluded.as_of >= ${t.asOf} and (
          ${t.title}, ${t.issue}, ${t.publisher}, ${t.variant}, ${t.coverDate}, ${t.fairValueCents},
          ${t.salesLastYear}, ${t.avg30DaysCents}, ${t.avg90DaysCents}, ${t.avg365DaysCents}, ${t.asOf}
        ) is distinct from (
          excluded.title, excluded.issue, excluded.publisher, excluded.variant, excluded.cover_date,
          excluded.fair_value_cents, excluded.sales_last_year, excluded.avg_30_days_cents,
          excluded.avg_90_days_cents, excluded.avg_365_days_cents, excluded.as_of
        )`,
      })
      // xmax is 0 on a freshly inserted tuple and set on an updated one: PostgreSQL's way to tell them apart.
      .returning({ inserted: sql<boolean>`(xmax = 0)`, ...keyColumns(t) });
    countWrites(result, batch, written);
  }
  return result;
}

/** Inserts sales not recorded yet; a sale already stored (same book, grade, date, price, source) is skipped. */
export async function insertSales(db: Db, rows: readonly SaleRow[]): Promise<WriteCounts> {
  const result: WriteCounts = { inserted: 0, updated: 0, changed: [] };
  const t = marketSales;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const written = await db
      .insert(t)
      .values(batch.map(({ line: _line, ...row }) => row))
      .onConflictDoNothing()
      .returning({
        inserted: sql<boolean>`true`,
        ...keyColumns(t),
        soldOn: t.soldOn,
        priceCents: t.priceCents,
        source: t.source,
      });
    const lineOf = new Map(
      batch.map((row) => [[bookKey(row), row.soldOn, row.priceCents, row.source].join('\u0001'), row.line]),
    );
    for (const row of written) {
      result.inserted += 1;
      const line = lineOf.get([bookKey(row), row.soldOn, row.priceCents, row.source].join('\u0001'));
      if (line !== undefined) result.changed.push({ line, change: 'insert' });
    }
  }
  return result;
}

function keyColumns(t: typeof priceGuideEntries | typeof marketSales) {
  return {
    titleKey: t.titleKey,
    issueKey: t.issueKey,
    publisherKey: t.publisherKey,
    variantKey: t.variantKey,
    grade: t.grade,
    ...('labelCategory' in t ? { labelCategory: t.labelCategory } : {}),
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

function countWrites(
  result: WriteCounts,
  batch: readonly GuideRow[],
  written: ReadonlyArray<KeyFields & { inserted: boolean }>,
): void {
  const lineOf = new Map(batch.map((row) => [bookKey(row), row.line]));
  for (const row of written) {
    if (row.inserted) result.inserted += 1;
    else result.updated += 1;
    const line = lineOf.get(bookKey(row));
    if (line !== undefined) result.changed.push({ line, change: row.inserted ? 'insert' : 'update' });
  }
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
