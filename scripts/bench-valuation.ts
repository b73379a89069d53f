// `npm run bench:valuation`: how good and how fast the market-value estimator is.
// 1. Accuracy: for every row of ../shared/data/market-values-sample.csv, hide that book's figures at
//    that grade, estimate the grade from the same book's other grades, and print the median absolute
//    percentage error against the hidden fair market value (rows whose book has no other grade are
//    counted but cannot be estimated).
// 2. Speed: import 100,000 generated guide rows (and again, to time an unchanged re-import), then
//    time 300 estimator lookups (exact, 'The ...', misread and unknown titles): median and p95.
// The database is a fresh test database: in-memory PGlite, or a temporary one on DATABASE_URL.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client.js';
import { createTestDatabase } from '../server/test/database.js';
import { projectRoot } from '../server/project-root.js';
import { estimateMarketValue } from '../server/modules/valuation/estimator.js';
import { importMarketFile } from '../server/modules/valuation/import-command.js';
import { parseImportFile, type GuideRow } from '../server/modules/valuation/import-rows.js';
import { valueAtGrade } from '../server/modules/valuation/value-at-grade.js';
import { gradeKey } from '../shared/valuation/normalise.js';
import { BENCH_GRADES, generateBooks, guideCsv, seededRandom } from './bench/guide-file.js';
import { timed } from './bench/timing.js';

const sample = readFileSync(
  path.join(projectRoot, '..', 'shared', 'data', 'market-values-sample.csv'),
  'utf8',
);
const parsed = parseImportFile(sample, 'price-guide');
if (parsed.kind !== 'price-guide' || parsed.errors.length > 0) throw new Error('the sample did not parse');
const rows: GuideRow[] = parsed.rows;
const now = new Date('2026-08-23T00:00:00Z');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const figure = (row: GuideRow) => ({ ...row, id: String(row.line) });

/** Leave-one-out where `sameBook` decides which other rows count as the same book. */
function leaveOneOut(label: string, sameBook: (a: GuideRow, b: GuideRow) => boolean) {
  const errors: number[] = [];
  const lines: string[] = [];
  for (const hidden of rows) {
    const others = rows.filter(
      (row) => sameBook(row, hidden) && gradeKey(row.grade) !== gradeKey(hidden.grade),
    );
    if (others.length === 0) continue;
    const estimate = valueAtGrade({
      guide: others.map(figure),
      sales: [],
      grade: hidden.grade,
      now,
      titleSimilarity: 1,
    });
    if (estimate.valueCents === null) continue;
    const error = Math.abs(estimate.valueCents - hidden.fairValueCents) / hidden.fairValueCents;
    errors.push(error);
    lines.push(
      `    line ${hidden.line}: ${hidden.title} #${hidden.issue} ${hidden.variant || '(regular)'} ${hidden.grade.toFixed(1)}: ` +
        `actual $${(hidden.fairValueCents / 100).toFixed(2)}, estimated $${(estimate.valueCents / 100).toFixed(2)} ` +
        `from ${others.map((o) => o.grade.toFixed(1)).join('/')} (${(error * 100).toFixed(0)}%)`,
    );
  }
  console.log(`  ${label}: ${errors.length} of ${rows.length} rows estimable`);
  console.log(lines.join('\n'));
  if (errors.length > 0)
    console.log(`    median absolute percentage error: ${(median(errors) * 100).toFixed(1)}%`);
}

console.log('Accuracy (leave-one-out over the sample CSV)');
const book = (a: GuideRow, b: GuideRow) =>
  a.titleKey === b.titleKey &&
  a.issueKey === b.issueKey &&
  a.publisherKey === b.publisherKey &&
  a.variantKey === b.variantKey;
// Why so few rows can be scored: a hidden row can only be estimated from the same book at another
// grade (a duplicate at the same grade would hand the answer back). Count the books that have that.
{
  const gradesByBook = new Map<string, Set<number>>();
  for (const row of rows) {
    const key = [row.titleKey, row.issueKey, row.publisherKey, row.variantKey].join('|');
    gradesByBook.set(key, (gradesByBook.get(key) ?? new Set()).add(gradeKey(row.grade)));
  }
  const multi = [...gradesByBook.values()].filter((grades) => grades.size > 1);
  console.log(
    `  the sample has ${rows.length} rows of ${gradesByBook.size} books; ${multi.length} book(s) have more than one grade, ` +
      `so ${multi.reduce((sum, grades) => sum + grades.size, 0)} row(s) can be hidden and estimated from another grade`,
  );
}
leaveOneOut('same book (title, issue, publisher, variant): what the estimator does', book);
leaveOneOut(
  'curve check only: same title and issue, any variant (the estimator never mixes variants)',
  (a, b) => a.titleKey === b.titleKey && a.issueKey === b.issueKey && a.publisherKey === b.publisherKey,
);

// ---------------------------------------------------------------------------------------------
const random = seededRandom(42);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const GRADES = BENCH_GRADES;

const TARGET_ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const books = generateBooks(TARGET_ROWS, random);
const csv = guideCsv(books);

console.log(`\nGenerated ${TARGET_ROWS} rows; opening the database...`);
const database = await createTestDatabase();
try {
  console.log(`\nSpeed (${database.kind}, ${TARGET_ROWS.toLocaleString('en-US')} generated guide rows)`);
  const databaseName =
    database.kind === 'postgres'
      ? String((await queryRows(database.db, sql`select current_database() as name`))[0]!.name)
      : null;
  console.log(`  load average at start: ${loadavg()[0]!.toFixed(2)}`);
  const first = await timed(databaseName, () => importMarketFile(database.db, csv));
  console.log(`  import: ${first.text} (${first.result.inserted} new)`);
  const again = await timed(databaseName, () => importMarketFile(database.db, csv));
  console.log(
    `  re-import of the same file: ${again.text} (${again.result.unchanged} unchanged, ${again.result.inserted + again.result.updated} changed)`,
  );

  const lookups: Array<Parameters<typeof estimateMarketValue>[1]> = [];
  for (let i = 0; i < 300; i += 1) {
    const target = pick(books);
    const kind = i % 4;
    const title =
      kind === 1
        ? `The ${target.title}`
        : kind === 2
          ? target.title.replace(/[aeiou]/, 'l')
          : kind === 3
            ? `Unknown Series ${i}`
            : target.title;
    lookups.push({
      title,
      issueNumber: String(target.issue),
      publisher: 'Marvel',
      variant: target.variant || null,
      grade: pick(GRADES),
    });
  }
  for (const query of lookups.slice(0, 20)) await estimateMarketValue(database.db, query); // warm-up
  const times: number[] = [];
  let found = 0;
  for (const query of lookups) {
    const t0 = performance.now();
    const estimate = await estimateMarketValue(database.db, query);
    times.push(performance.now() - t0);
    if (estimate.valueCents !== null) found += 1;
  }
  console.log(
    `  lookup latency over ${times.length} estimates: median ${median(times).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms ` +
      `(${found} valued; a quarter of the queries name series that do not exist)`,
  );
  console.log(`  load average at end: ${loadavg()[0]!.toFixed(2)}`);
} finally {
  await database.close();
}
