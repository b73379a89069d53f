// `npm run bench:import`: how long the dealer's price-guide import takes with a large file, on the
// database it runs on (in-memory PGlite, or a temporary database on DATABASE_URL). Steps, each timed
// in wall and CPU seconds (the machine may be shared: CPU says more than wall):
//   1. the preview of a 100,000-row guide on an empty database (what the admin page shows first);
//   2. its first import;
//   3. the same file again (must change nothing);
//   4. next month's guide: the same books, every figure changed and dated later;
//   5. a 100,000-row sales file, imported once and then again.
// BENCH_ROWS changes the size. The figures of record are in docs/decisions/0023.
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client.js';
import { createTestDatabase } from '../server/test/database.js';
import { importMarketFile } from '../server/modules/valuation/import-command.js';
import type { ImportReport } from '../shared/schemas/valuation.js';
import { generateBooks, guideCsv, salesCsv, seededRandom } from './bench/guide-file.js';
import { timed } from './bench/timing.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const random = seededRandom(42);
const books = generateBooks(ROWS, random);
const guide = guideCsv(books);
const nextMonth = guideCsv(books, '2026-12-01', 1);
const sales = salesCsv(books, random);

const database = await createTestDatabase();
try {
  const databaseName =
    database.kind === 'postgres'
      ? String((await queryRows(database.db, sql`select current_database() as name`))[0]!.name)
      : null;
  console.log(`Import speed (${database.kind}, ${ROWS.toLocaleString('en-US')} rows per file)`);
  console.log(
    `  load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const summary = (report: ImportReport) => {
    if (report.errors.length > 0)
      throw new Error(`the generated file has errors: ${report.errors[0]!.message}`);
    return `${report.inserted} new, ${report.updated} updated, ${report.unchanged} unchanged`;
  };
  const steps: Array<[string, string, { dryRun?: boolean }]> = [
    ['preview of the guide (empty database)', guide, { dryRun: true }],
    ['first import of the guide', guide, {}],
    ['re-import of the same guide', guide, {}],
    ["next month's guide (every row changed)", nextMonth, {}],
    ['first import of a sales file', sales, {}],
    ['re-import of the same sales file', sales, {}],
  ];
  for (const [label, csv, options] of steps) {
    const step = await timed(databaseName, () => importMarketFile(database.db, csv, options));
    console.log(`  ${label}: ${step.text}; ${summary(step.result)}`);
  }
  console.log(
    `  load average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await database.close();
}
