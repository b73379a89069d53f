// The import of a price guide or sales file: check every row, then write all of it in one
// transaction, or nothing. A preview stages the file and works out the changes with the very same
// statements, stops before writing and rolls back, so what it reports is exactly what the import would do.
import { TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ImportKind, ImportReport } from '../../../shared/schemas/valuation.js';
import { parseImportFile, type GuideRow, type SaleRow } from './import-rows.js';
import { bookKey, insertSales, upsertGuideRows, type WriteCounts } from './price-guide-repository.js';

/** Rows of the preview's sample of changes. */
const SAMPLE_SIZE = 20;

/** Options of an import. */
export interface ImportOptions {
  /** Refuse a file of the other kind; detected from the header when absent. */
  kind?: ImportKind;
  /** Check and count only; write nothing. */
  dryRun?: boolean;
}

/**
 * Keeps one row per book and grade: the most recent figures (as_of), and among equal dates the later
 * line, as a person reading the file top to bottom would expect.
 */
function latestPerBook(rows: readonly GuideRow[]): GuideRow[] {
  const chosen = new Map<string, GuideRow>();
  for (const row of rows) {
    const key = bookKey(row);
    const existing = chosen.get(key);
    if (!existing || row.asOf >= existing.asOf) chosen.set(key, row);
  }
  return [...chosen.values()];
}

/** One row per distinct sale (a file may list the same sale twice). */
function distinctSales(rows: readonly SaleRow[]): SaleRow[] {
  const chosen = new Map<string, SaleRow>();
  for (const row of rows)
    chosen.set([bookKey(row), row.soldOn, row.priceCents, row.source].join('\u0001'), row);
  return [...chosen.values()];
}

class PreviewRollback extends Error {}

/** Imports (or previews) a CSV file. Nothing is written when any row has an error. */
export async function importMarketFile(
  db: Db,
  csv: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const parsed = parseImportFile(csv, options.kind);
  const rowCount = parsed.rows.length + parsed.errors.filter((e) => e.line > 1).length;
  const base = {
    kind: parsed.kind,
    rows: rowCount,
    errors: parsed.errors,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    sample: [],
  };
  if (parsed.errors.length > 0) return { ...base, dryRun: true };

  let counts: WriteCounts = { inserted: 0, updated: 0, changed: [], rebuiltIndexes: false };
  // The preview works out exactly what would change (the same staging and join as the import) and
  // stops before writing; the transaction is rolled back either way, taking its temporary tables.
  const write = { write: !options.dryRun, sampleSize: SAMPLE_SIZE };
  let distinct = 0;
  try {
    await db.transaction(async (tx) => {
      if (parsed.kind === 'price-guide') {
        const rows = latestPerBook(parsed.rows);
        distinct = rows.length;
        counts = await upsertGuideRows(tx as unknown as Db, rows, write);
      } else {
        const rows = distinctSales(parsed.rows);
        distinct = rows.length;
        counts = await insertSales(tx as unknown as Db, rows, write);
      }
      if (options.dryRun) throw new PreviewRollback();
    });
  } catch (error) {
    if (!(error instanceof PreviewRollback || error instanceof TransactionRollbackError)) throw error;
  }

  const byLine = new Map<number, GuideRow | SaleRow>(
    (parsed.rows as Array<GuideRow | SaleRow>).map((row) => [row.line, row]),
  );
  const sample = counts.changed
    .sort((a, b) => a.line - b.line)
    .slice(0, SAMPLE_SIZE)
    .map(({ line, change }) => {
      const row = byLine.get(line)!;
      return {
        line,
        change,
        title: row.title,
        issue: row.issue,
        variant: row.variant,
        grade: row.grade,
        valueCents: 'fairValueCents' in row ? row.fairValueCents : row.priceCents,
      };
    });
  return {
    ...base,
    inserted: counts.inserted,
    updated: counts.updated,
    unchanged: distinct - counts.inserted - counts.updated + (parsed.rows.length - distinct),
    dryRun: options.dryRun ?? false,
    sample,
  };
}
