// Large price-guide and sales imports (PGlite, or PostgreSQL with DATABASE_URL): a write that is a
// large share of the table drops the secondary indexes and builds them again (price-guide-repository.ts,
// docs/decisions/0023). These check that the rebuilt indexes are the migrations' own, that re-imports
// change nothing, that an invalid file, a preview or a failed write leaves table and indexes as they
// were, and that small changes keep the indexes (no rebuild).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { importMarketFile } from './import-command.js';
import { parseImportFile, type GuideRow } from './import-rows.js';
import { BULK_MIN_ROWS, findGuideCandidates, upsertGuideRows } from './price-guide-repository.js';
import { titleKey } from '../../../shared/valuation/normalise.js';

const FIRST = [
  'Amazing',
  'Uncanny',
  'Spectacular',
  'Savage',
  'Mighty',
  'Astonishing',
  'Incredible',
  'Sensational',
];
const SECOND = [
  'Spider-Man',
  'X-Men',
  'Hulk',
  'Thor',
  'Avengers',
  'Daredevil',
  'Wolverine',
  'Venom',
  'Iron Man',
  'Punisher',
];
const THIRD = [
  'Annual',
  'Tales',
  'Team-Up',
  'Adventures',
  'Chronicles',
  'Saga',
  'Unlimited',
  'Presents',
  'Special',
  'Quarterly',
];
const GRADES = ['9.8', '9.6', '9.4', '9.2', '9.0'];
const GUIDE_HEADER =
  'title,issue,publisher,variant,cover_date,grade,label,fair_market_value_usd,sales_last_365_days,avg_30_days_usd,avg_90_days_usd,avg_365_days_usd,as_of';

/** 800 titles x 3 issues x 5 grades = 12,000 books at a grade: above the rebuild threshold. */
function books(): Array<{ title: string; issue: number; grade: string; value: number }> {
  const list = [];
  for (const a of FIRST)
    for (const b of SECOND)
      for (const c of THIRD)
        for (let issue = 1; issue <= 3; issue += 1)
          for (const [g, grade] of GRADES.entries())
            list.push({ title: `${a} ${b} ${c}`, issue, grade, value: 20 + ((list.length * 7) % 400) + g });
  return list;
}
const BOOKS = books();

function guideFile(asOf: string, shift = 0, only = BOOKS.length): string {
  return [
    GUIDE_HEADER,
    ...BOOKS.map(
      (b, i) =>
        `${b.title},${b.issue},Marvel Comics,,1/24,${b.grade},Universal,${b.value + (i < only ? shift : 0)},4,,,,${asOf}`,
    ),
  ].join('\n');
}
function salesFile(): string {
  return [
    'title,issue,variant,grade,price,date,source',
    ...BOOKS.map(
      (b, i) =>
        `${b.title},${b.issue},,${b.grade},${b.value},2026-10-${String(1 + (i % 28)).padStart(2, '0')},bench`,
    ),
  ].join('\n');
}

let database: TestDatabase;
let db: Db;

/** The secondary indexes of a table: name, definition and object id (a new id means rebuilt). */
async function indexes(table: string) {
  return queryRows<{ name: string; definition: string; oid: number }>(
    db,
    sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition, i.indexrelid::int as oid
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table}::regclass order by c.relname`,
  );
}
async function rows(table: 'price_guide_entries' | 'market_sales'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row!.n;
}
const definitions = (list: Array<{ name: string; definition: string }>) =>
  list.map(({ name, definition }) => ({ name, definition }));
const oids = (list: Array<{ oid: number }>) => list.map(({ oid }) => oid);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

// Each test imports 12,000 rows once or twice: a few seconds on an idle machine, several times that
// on a shared one, so these get more than the suite's 30 s.
describe('large imports', { timeout: 120_000 }, () => {
  it('is a large file', () => {
    expect(BOOKS.length).toBeGreaterThanOrEqual(BULK_MIN_ROWS);
  });

  it('refuses a large file with one bad row: nothing written, the line named, indexes untouched', async () => {
    const before = await indexes('price_guide_entries');
    const lines = guideFile('2026-11-01').split('\n');
    lines[9000] = lines[9000]!.replace(',9.', ',19.');
    const report = await importMarketFile(db, lines.join('\n'));
    expect(report.errors.map((e) => e.line)).toEqual([9001]);
    expect(report.errors[0]!.message).toMatch(/^Line 9001: /);
    expect(await rows('price_guide_entries')).toBe(0);
    expect(await indexes('price_guide_entries')).toEqual(before);
  });

  it('previews a large first import without writing or touching the indexes', async () => {
    const before = await indexes('price_guide_entries');
    const preview = await importMarketFile(db, guideFile('2026-11-01'), { dryRun: true });
    expect(preview).toMatchObject({ dryRun: true, inserted: BOOKS.length, updated: 0, unchanged: 0 });
    expect(preview.sample).toHaveLength(20);
    expect(preview.sample[0]).toMatchObject({ line: 2, change: 'insert', title: BOOKS[0]!.title });
    expect(await rows('price_guide_entries')).toBe(0);
    expect(await indexes('price_guide_entries')).toEqual(before);
  });

  it('leaves table and indexes as they were when the transaction of a bulk write fails', async () => {
    const before = await indexes('price_guide_entries');
    const parsed = parseImportFile(guideFile('2026-11-01'), 'price-guide');
    await expect(
      db.transaction(async (tx) => {
        const counts = await upsertGuideRows(tx as unknown as Db, parsed.rows as GuideRow[]);
        expect(counts.rebuiltIndexes).toBe(true);
        throw new Error('lost connection');
      }),
    ).rejects.toThrow('lost connection');
    expect(await rows('price_guide_entries')).toBe(0);
    expect(await indexes('price_guide_entries')).toEqual(before);
  });

  it('builds the indexes once after a first import; they are the same indexes and they serve lookups', async () => {
    const before = await indexes('price_guide_entries');
    const first = await importMarketFile(db, guideFile('2026-11-01'));
    expect(first).toMatchObject({ inserted: BOOKS.length, updated: 0, unchanged: 0, errors: [] });
    expect(await rows('price_guide_entries')).toBe(BOOKS.length);
    const after = await indexes('price_guide_entries');
    expect(definitions(after)).toEqual(definitions(before));
    // The primary key stays; every other index was built again.
    const kept = after.filter((index) => index.name.endsWith('_pkey'));
    expect(kept).toHaveLength(1);
    expect(oids(after).filter((oid) => !oids(before).includes(oid))).toHaveLength(after.length - 1);

    // The rebuilt trigram index answers a misread title.
    const candidates = await findGuideCandidates(db, titleKey('Amazlng Spider-Man Annual'), '2');
    expect(candidates.map((c) => c.title)).toContain('Amazing Spider-Man Annual');
    // The rebuilt unique index refuses a duplicate book.
    await expect(
      queryRows(
        db,
        sql`insert into price_guide_entries (title, title_key, issue, issue_key, publisher, publisher_key,
            variant, variant_key, grade, label_category, fair_value_cents, as_of)
          select title, title_key, issue, issue_key, publisher, publisher_key, variant, variant_key, grade,
            label_category, fair_value_cents, as_of
          from price_guide_entries limit 1`,
      ),
    ).rejects.toThrow();
  });

  it('changes nothing on a re-import of the same large file, and keeps the indexes', async () => {
    const before = await indexes('price_guide_entries');
    const again = await importMarketFile(db, guideFile('2026-11-01'));
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: BOOKS.length });
    expect(await indexes('price_guide_entries')).toEqual(before);
  });

  it('rebuilds the indexes for a file that changes every row, keeps them for one that changes five', async () => {
    const before = await indexes('price_guide_entries');
    const report = await importMarketFile(db, guideFile('2026-11-05', 3, 5));
    // Five rows have new figures; every other row has only a newer date, which is a change too:
    // every row is written, so the indexes are built again.
    expect(report).toMatchObject({ inserted: 0, updated: BOOKS.length });
    expect(await indexes('price_guide_entries')).not.toEqual(before);

    const rebuilt = await indexes('price_guide_entries');
    const parsed = parseImportFile(guideFile('2026-11-06', 4, 5), 'price-guide');
    const fiveRows = (parsed.rows as GuideRow[]).slice(0, 5);
    const counts = await upsertGuideRows(db, fiveRows);
    expect(counts).toMatchObject({ inserted: 0, updated: 5, rebuiltIndexes: false });
    expect(await indexes('price_guide_entries')).toEqual(rebuilt);
  });

  it("takes next month's guide (every row changed) and then ignores an older export", async () => {
    const next = await importMarketFile(db, guideFile('2026-12-01', 10));
    expect(next).toMatchObject({ inserted: 0, updated: BOOKS.length, unchanged: 0 });
    const [row] = await queryRows<{ cents: number; as_of: string }>(
      db,
      sql`select fair_value_cents as cents, as_of::text from price_guide_entries
        where title = ${BOOKS[0]!.title} and issue = '1' and grade = ${BOOKS[0]!.grade}::numeric`,
    );
    expect(row).toEqual({ cents: (BOOKS[0]!.value + 10) * 100, as_of: '2026-12-01' });

    const older = await importMarketFile(db, guideFile('2026-11-01'));
    expect(older).toMatchObject({ inserted: 0, updated: 0, unchanged: BOOKS.length });
    expect(await rows('price_guide_entries')).toBe(BOOKS.length);
  });

  it('imports a large sales file once, rebuilding its indexes, and a second time changes nothing', async () => {
    const before = await indexes('market_sales');
    const first = await importMarketFile(db, salesFile());
    expect(first).toMatchObject({ kind: 'sales', inserted: BOOKS.length, errors: [] });
    expect(await rows('market_sales')).toBe(BOOKS.length);
    const after = await indexes('market_sales');
    expect(definitions(after)).toEqual(definitions(before));
    expect(oids(after)).not.toEqual(oids(before));

    const again = await importMarketFile(db, salesFile());
    expect(again).toMatchObject({ inserted: 0, unchanged: BOOKS.length });
    expect(await indexes('market_sales')).toEqual(after);
    expect(await rows('market_sales')).toBe(BOOKS.length);
  });
});
