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

/**
 * A write of at least this many rows that is also at least a quarter of the table it leaves behind
 * drops the table's secondary indexes and builds them again afterwards instead of maintaining them
 * row by row. Measured on PGlite (docs/decisions/0023): maintaining the trigram, issue and book
 * indexes costs about 43 µs of CPU per written row, building them about 12 µs per stored row, so the
 * build wins once a write touches more than about 28% of the table. Below 10,000 rows the saving is
 * under half a second and not worth locking estimates out while the indexes are rebuilt.
 */
export const BULK_MIN_ROWS = 10_000;
const BULK_SHARE = 0.25;

/** Inserted and updated counts of one write. */
export interface WriteCounts {
  inserted: number;
  updated: number;
  /** The first lines (in file order) of the rows that change, at most the sample size asked for. */
  changed: Array<{ line: number; change: 'insert' | 'update' }>;
  /** True when the secondary indexes were dropped and built again after the write. */
  rebuiltIndexes: boolean;
}

/** Options of a guide or sales write. */
export interface WriteOptions {
  /** Count what would change and stop there (the preview); the default writes. */
  write?: boolean;
  /** How many changed lines to report (the preview's sample). */
  sampleSize?: number;
}

// An import is a few set-based statements instead of 100,000 single-row upserts:
// 1. the rows go into a temporary staging table without indexes, a chunk per statement, each chunk as
//    one JSON document unpacked by json_to_recordset (one parameter instead of 18 per row, through the
//    ordinary query path every driver shares; measured cheaper on PGlite than 18 array parameters
//    unpacked by unnest, see docs/decisions/0023);
// 2. one join of the staging table with the stored rows keeps only the rows that are new or changed,
//    in a second temporary table; its counts and first lines are the preview's whole answer, and a
//    re-import of the same file stops here, having written nothing;
// 3. the changed rows are written with one UPDATE (joined on the stored row's primary key) and one
//    INSERT; when they are a large share of the table (a first import, a new month's guide), the
//    secondary indexes are dropped first and built again from the finished table (see BULK_MIN_ROWS).
// Every step runs in the caller's transaction (or one of its own), so nothing half-written is ever
// visible, and a failure (a duplicate the unique index refuses when it is built again, a lost
// connection) leaves the table and its indexes as they were. The table is locked against other
// writers (SHARE ROW EXCLUSIVE; estimates keep reading) before the changes are worked out, so two
// imports at once run one after the other and the second sees the first's rows. Dropping indexes
// takes the stronger ACCESS EXCLUSIVE lock: estimates wait for the few seconds of a bulk write.
const GUIDE_STAGE = sql.raw(`price_guide_import`);
const GUIDE_CHANGES = sql.raw(`price_guide_changes`);
const GUIDE_STAGE_COLUMNS = sql.raw(`line integer, title text, title_key text, issue text, issue_key text,
  publisher text, publisher_key text, variant text, variant_key text, cover_date text, grade numeric(3, 1),
  label_category text, fair_value_cents integer, sales_last_year integer, avg_30_days_cents integer,
  avg_90_days_cents integer, avg_365_days_cents integer, as_of date`);
const GUIDE_RECORD = sql.raw(`x(line integer, title text, "titleKey" text, issue text, "issueKey" text,
  publisher text, "publisherKey" text, variant text, "variantKey" text, "coverDate" text,
  grade numeric(3, 1), "labelCategory" text, "fairValueCents" integer, "salesLastYear" integer,
  "avg30DaysCents" integer, "avg90DaysCents" integer, "avg365DaysCents" integer, "asOf" date)`);

const SALE_STAGE = sql.raw(`market_sales_import`);
const SALE_CHANGES = sql.raw(`market_sales_changes`);
const SALE_STAGE_COLUMNS = sql.raw(`line integer, title text, title_key text, issue text, issue_key text,
  publisher text, publisher_key text, variant text, variant_key text, grade numeric(3, 1),
  price_cents integer, sold_on date, source text`);
const SALE_RECORD = sql.raw(`x(line integer, title text, "titleKey" text, issue text, "issueKey" text,
  publisher text, "publisherKey" text, variant text, "variantKey" text, grade numeric(3, 1),
  "priceCents" integer, "soldOn" date, source text)`);

/**
 * Fills a fresh temporary staging table (dropped when the transaction ends) with the rows, a chunk
 * of JSON per statement.
 */
async function stage(db: Db, table: SQL, columns: SQL, record: SQL, rows: readonly object[]): Promise<void> {
  await queryRows(db, sql`drop table if exists pg_temp.${table}`);
  await queryRows(db, sql`create temporary table ${table} (${columns}) on commit drop`);
  for (let start = 0; start < rows.length; start += STAGE_ROWS) {
    const json = JSON.stringify(rows.slice(start, start + STAGE_ROWS));
    await queryRows(
      db,
      sql`insert into ${table} select * from json_to_recordset(${json}::json) as ${record}`,
    );
  }
}

/** Counts of a changes table (`existing_id` null for a new row), the table's size and the first lines. */
async function countChanges(
  db: Db,
  changes: SQL,
  target: SQL,
  sampleSize: number,
): Promise<{ inserted: number; updated: number; stored: number; changed: WriteCounts['changed'] }> {
  const [counts] = await queryRows<{
    inserted: number;
    updated: number;
    stored: number;
    sample: Array<{ line: number; inserted: boolean }> | string;
  }>(
    db,
    sql`select count(*) filter (where existing_id is null)::int as inserted,
        count(*) filter (where existing_id is not null)::int as updated,
        (select count(*)::int from ${target}) as stored,
        (select coalesce(json_agg(json_build_object('line', line, 'inserted', existing_id is null)
            order by line), '[]'::json)
          from (select line, existing_id from ${changes} order by line limit ${sampleSize}) first) as sample
      from ${changes}`,
  );
  // node-postgres parses json columns; PGlite through Drizzle's execute may hand back the text.
  const sample = typeof counts!.sample === 'string' ? JSON.parse(counts!.sample) : counts!.sample;
  return {
    inserted: counts!.inserted,
    updated: counts!.updated,
    stored: counts!.stored,
    changed: (sample as Array<{ line: number; inserted: boolean }>).map((row) => ({
      line: row.line,
      change: row.inserted ? ('insert' as const) : ('update' as const),
    })),
  };
}

/** Whether a write of `written` rows into a table of `stored` rows should rebuild its indexes. */
export function shouldRebuildIndexes(written: number, stored: number, inserted: number): boolean {
  return written >= BULK_MIN_ROWS && written >= BULK_SHARE * (stored + inserted);
}

/**
 * Drops the table's secondary indexes (all but those backing a constraint, such as the primary key)
 * and returns a function that builds them again from their own definitions, read from the catalog,
 * so the rebuilt indexes are exactly the ones the migrations made.
 */
async function dropSecondaryIndexes(db: Db, table: string): Promise<() => Promise<void>> {
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table}::regclass
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by c.relname`,
  );
  for (const index of indexes) await queryRows(db, sql`drop index ${sql.identifier(index.name)}`);
  return async () => {
    // The definitions come from pg_get_indexdef, PostgreSQL's own text for these indexes.
    for (const index of indexes) await queryRows(db, sql.raw(index.definition));
    // Fresh statistics, so the estimator's next lookups are planned for the table's new size.
    await queryRows(db, sql`analyze ${sql.identifier(table)}`);
  };
}

/** Runs `work` in a transaction (a savepoint when the caller already has one). */
function inTransaction<T>(db: Db, work: (t: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/** One bulk write: the rows staged, compared with the target table, and the changes applied. */
interface StagedWrite {
  /** The temporary tables: the staged rows, and the rows that change something. */
  stageTable: SQL;
  changesTable: SQL;
  stageColumns: SQL;
  stageRecord: SQL;
  target: 'price_guide_entries' | 'market_sales';
  /** Selects the staged rows that change the target (from the stage table, with `existing_id`). */
  selectChanges: SQL;
  /** Writes the changes; `inKeyOrder` is false while the target's indexes are dropped for a rebuild. */
  apply: (t: Db, counts: { inserted: number; updated: number }, inKeyOrder: boolean) => Promise<void>;
}

/**
 * The shape both imports share: stage the rows, lock the target against concurrent imports, keep the
 * rows that change something, count them, and apply them, dropping and rebuilding the target's
 * secondary indexes when the write is large against what is stored (docs/decisions/0023).
 */
async function writeThroughStage(
  db: Db,
  rows: readonly object[],
  options: WriteOptions,
  spec: StagedWrite,
): Promise<WriteCounts> {
  if (rows.length === 0) return { inserted: 0, updated: 0, changed: [], rebuiltIndexes: false };
  const write = options.write ?? true;
  const target = sql.raw(spec.target);
  return inTransaction(db, async (t) => {
    await stage(t, spec.stageTable, spec.stageColumns, spec.stageRecord, rows);
    if (write) await queryRows(t, sql`lock table ${target} in share row exclusive mode`);
    await queryRows(t, sql`drop table if exists pg_temp.${spec.changesTable}`);
    await queryRows(
      t,
      sql`create temporary table ${spec.changesTable} on commit drop as ${spec.selectChanges}`,
    );
    const counts = await countChanges(t, spec.changesTable, target, options.sampleSize ?? 20);
    const result: WriteCounts = { ...counts, rebuiltIndexes: false };
    const written = counts.inserted + counts.updated;
    if (!write || written === 0) return result;

    let rebuild: (() => Promise<void>) | null = null;
    if (shouldRebuildIndexes(written, counts.stored, counts.inserted)) {
      rebuild = await dropSecondaryIndexes(t, spec.target);
      result.rebuiltIndexes = true;
    }
    await spec.apply(t, counts, rebuild === null);
    if (rebuild) await rebuild();
    return result;
  });
}

/**
 * Inserts guide rows or updates the stored row of the same book and grade. A stored row is only
 * replaced by figures at least as recent (as_of), and only when something differs, so importing the
 * same file twice changes nothing and an old export cannot overwrite a newer one. The rows must be
 * one per book and grade (import-command.ts keeps the latest of duplicates).
 */
export function upsertGuideRows(
  db: Db,
  rows: readonly GuideRow[],
  options: WriteOptions = {},
): Promise<WriteCounts> {
  return writeThroughStage(db, rows, options, {
    stageTable: GUIDE_STAGE,
    changesTable: GUIDE_CHANGES,
    stageColumns: GUIDE_STAGE_COLUMNS,
    stageRecord: GUIDE_RECORD,
    target: 'price_guide_entries',
    selectChanges: sql`select s.*, e.id as existing_id
        from ${GUIDE_STAGE} s
        left join price_guide_entries e on (e.title_key, e.issue_key, e.publisher_key, e.variant_key,
          e.grade, e.label_category) = (s.title_key, s.issue_key, s.publisher_key, s.variant_key,
          s.grade, s.label_category)
        where e.id is null or (s.as_of >= e.as_of and (e.title, e.issue, e.publisher, e.variant,
          e.cover_date, e.fair_value_cents, e.sales_last_year, e.avg_30_days_cents, e.avg_90_days_cents,
          e.avg_365_days_cents, e.as_of) is distinct from (s.title, s.issue, s.publisher, s.variant,
          s.cover_date, s.fair_value_cents, s.sales_last_year, s.avg_30_days_cents, s.avg_90_days_cents,
          s.avg_365_days_cents, s.as_of))`,
    apply: async (t, counts, inKeyOrder) => {
      if (counts.updated > 0)
        await queryRows(
          t,
          sql`update price_guide_entries e set title = c.title, issue = c.issue, publisher = c.publisher,
              variant = c.variant, cover_date = c.cover_date, fair_value_cents = c.fair_value_cents,
              sales_last_year = c.sales_last_year, avg_30_days_cents = c.avg_30_days_cents,
              avg_90_days_cents = c.avg_90_days_cents, avg_365_days_cents = c.avg_365_days_cents,
              as_of = c.as_of, updated_at = now()
            from ${GUIDE_CHANGES} c where e.id = c.existing_id`,
        );
      if (counts.inserted > 0)
        // In key order: with the indexes in place, neighbouring keys land on the same index pages.
        await queryRows(
          t,
          sql`insert into price_guide_entries (title, title_key, issue, issue_key, publisher,
              publisher_key, variant, variant_key, cover_date, grade, label_category, fair_value_cents,
              sales_last_year, avg_30_days_cents, avg_90_days_cents, avg_365_days_cents, as_of)
            select title, title_key, issue, issue_key, publisher, publisher_key, variant, variant_key,
              cover_date, grade, label_category, fair_value_cents, sales_last_year, avg_30_days_cents,
              avg_90_days_cents, avg_365_days_cents, as_of
            from ${GUIDE_CHANGES} where existing_id is null
            ${inKeyOrder ? sql`order by title_key, issue_key` : sql``}`,
        );
    },
  });
}

/**
 * Inserts sales not recorded yet; a sale already stored (same book, grade, date, price, source) is
 * skipped. The rows must be distinct sales (import-command.ts drops repeats).
 */
export function insertSales(
  db: Db,
  rows: readonly SaleRow[],
  options: WriteOptions = {},
): Promise<WriteCounts> {
  return writeThroughStage(db, rows, options, {
    stageTable: SALE_STAGE,
    changesTable: SALE_CHANGES,
    stageColumns: SALE_STAGE_COLUMNS,
    stageRecord: SALE_RECORD,
    target: 'market_sales',
    selectChanges: sql`select s.*, null::uuid as existing_id
        from ${SALE_STAGE} s
        where not exists (select 1 from market_sales m where (m.title_key, m.issue_key, m.publisher_key,
          m.variant_key, m.grade, m.sold_on, m.price_cents, m.source) = (s.title_key, s.issue_key,
          s.publisher_key, s.variant_key, s.grade, s.sold_on, s.price_cents, s.source))`,
    apply: async (t, _counts, inKeyOrder) => {
      await queryRows(
        t,
        sql`insert into market_sales (title, title_key, issue, issue_key, publisher, publisher_key, variant,
            variant_key, grade, price_cents, sold_on, source)
          select title, title_key, issue, issue_key, publisher, publisher_key, variant, variant_key, grade,
            price_cents, sold_on, source
          from ${SALE_CHANGES}
          ${inKeyOrder ? sql`order by title_key, issue_key` : sql``}`,
      );
    },
  });
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
