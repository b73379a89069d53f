// `npm run market -- <command>`: the dealer's price guide from the terminal.
//   import FILE [--kind price-guide|sales] [--dry-run]
//       imports a price-guide CSV (the shape of ../shared/data/market-values-sample.csv) or a sales
//       CSV (title, issue, variant, grade, price, date, source); nothing is written if a row is bad
//   estimate --title T --issue N --grade G [--publisher P] [--variant V]
//       prints the estimate for one book, with its evidence
// Opens the database like the server, so with the embedded database it refuses while the server runs.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { runDatabaseCommand } from '../server/db/database-command.js';
import { runMigrations } from '../server/db/migrate.js';
import { estimateMarketValue } from '../server/modules/valuation/estimator.js';
import { importMarketFile } from '../server/modules/valuation/import-command.js';
import { formatCents } from '../shared/money.js';
import { IMPORT_KINDS, type ImportKind } from '../shared/schemas/valuation.js';

const USAGE = `Usage:
  npm run market -- import FILE [--kind price-guide|sales] [--dry-run]
  npm run market -- estimate --title T --issue N --grade G [--publisher P] [--variant V]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    kind: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    title: { type: 'string' },
    issue: { type: 'string' },
    grade: { type: 'string' },
    publisher: { type: 'string', default: '' },
    variant: { type: 'string' },
  },
});
const [command, file] = positionals;

if (command === 'import') {
  if (!file) fail(USAGE);
  const kind = values.kind;
  if (kind !== undefined && !(IMPORT_KINDS as readonly string[]).includes(kind)) fail(USAGE);
  const csv = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) =>
    fail(`Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`),
  );
  await runDatabaseCommand('npm run market', async (database) => {
    await runMigrations(database);
    const started = performance.now();
    const report = await importMarketFile(database.db, csv, {
      ...(kind ? { kind: kind as ImportKind } : {}),
      dryRun: values['dry-run'],
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (report.errors.length > 0) {
      for (const error of report.errors) console.error(error.message);
      fail(
        `Nothing was imported: fix the ${report.errors.length === 1 ? 'row' : 'rows'} above and try again.`,
      );
    }
    const what = report.kind === 'price-guide' ? 'price guide' : 'sales';
    const verb = report.dryRun ? 'Checked (nothing written)' : 'Imported';
    console.log(
      `${verb} ${what} from ${file} in ${seconds} s: ${report.rows} rows, ${report.inserted} new, ` +
        `${report.updated} updated, ${report.unchanged} unchanged.`,
    );
  });
} else if (command === 'estimate') {
  const grade = Number(values.grade);
  if (!values.title || !values.issue || !Number.isFinite(grade)) fail(USAGE);
  await runDatabaseCommand('npm run market', async (database) => {
    await runMigrations(database);
    const estimate = await estimateMarketValue(database.db, {
      title: values.title!,
      issueNumber: values.issue!,
      publisher: values.publisher ?? '',
      variant: values.variant ?? null,
      grade,
    });
    if (estimate.status === 'no-data') {
      console.log(`${values.title} #${values.issue} at ${grade.toFixed(1)}: ${estimate.basis}`);
      return;
    }
    console.log(
      `${values.title} #${values.issue} at ${grade.toFixed(1)}: ${formatCents(estimate.valueCents)} ` +
        `(${estimate.confidence} confidence), ${estimate.basis}`,
    );
    for (const row of estimate.evidence.matchedRows) {
      console.log(
        `  ${row.kind} ${row.title} #${row.issue} ${row.variant || '(regular cover)'} ${row.grade.toFixed(1)}: ` +
          `${formatCents(row.valueCents)} on ${row.date}${row.kind === 'guide' ? `, ${row.salesCount ?? 0} sales/yr` : ''}`,
      );
    }
  });
} else {
  fail(USAGE);
}
