// Fits the label reader's confidence calibration: reads the raw field confidences recorded by
// `npm run bench:labels -- --record FILE` (dev photos, and phone-style variants with --phone),
// fits one isotonic step table per field (server/modules/label-reader/isotonic.ts) and writes
// server/modules/label-reader/calibration-table.ts.
// Usage: npx tsx scripts/calibrate-labels.ts [--exclude FILE ...] RECORD.json [RECORD.json ...]
// --exclude leaves out photos whose record is not the book shown (dev-062 shows Amazing
// Spider-Man #129, its record says Transformers #1, see decision 0004): the reader is right there,
// and counting it wrong would pull every trusted block under 0.8.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { CHECK_CONFIDENCE } from '../shared/confidence-bars.js';
import {
  applyCalibration,
  fitCalibration,
  type Observation,
} from '../server/modules/label-reader/isotonic.js';
import type { RecordedField } from './label-scoring.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const excluded = new Set(args.filter((_, i) => args[i - 1] === '--exclude'));
const files = args.filter((arg, i) => arg !== '--exclude' && args[i - 1] !== '--exclude');
if (files.length === 0) throw new Error('usage: calibrate-labels.ts [--exclude FILE ...] RECORD.json ...');
const records: RecordedField[] = [];
for (const file of files) records.push(...(JSON.parse(await readFile(file, 'utf8')) as RecordedField[]));
// A phone variant is named after its dev photo ('images/dev-062.jpg#3'): excluded with it.
const isExcluded = (file: string) => excluded.has(file) || excluded.has(file.replace(/#.*$/, ''));

// The title's table is fitted on the stricter score that also counts its word breaks.
const SOURCE: Record<string, string> = { title: 'titleWords' };
const fields = [...new Set(records.map((r) => r.field))].filter((field) => field !== 'titleWords');
const tables: Record<string, ReturnType<typeof fitCalibration>> = {};
for (const field of fields) {
  const source = SOURCE[field] ?? field;
  const observations: Observation[] = records
    .filter((r) => r.field === source && r.raw > 0 && !isExcluded(r.file))
    .map((r) => ({ raw: r.raw, right: r.right }));
  tables[field] = fitCalibration(observations);
  console.log(`${field.padEnd(16)} ${observations.length} readings`);
  for (const step of tables[field]) {
    console.log(
      `  raw >= ${step.from.toFixed(2)} -> ${step.value.toFixed(2)}   (${step.rightCount}/${step.n} right)`,
    );
  }
}
// In-sample check per record file: the fitted tables applied to the raw confidences recorded.
for (const file of files) {
  const own = (JSON.parse(await readFile(file, 'utf8')) as RecordedField[]).filter(
    (r) => !isExcluded(r.file),
  );
  const calibrated = own.map((r) => {
    const table = tables[r.field === 'titleWords' ? 'title' : r.field];
    return { ...r, conf: table ? applyCalibration(table, r.raw) : r.raw };
  });
  const confident = (rows: typeof calibrated) => rows.filter((r) => r.conf >= CHECK_CONFIDENCE);
  const wrong = (rows: typeof calibrated) => confident(rows).filter((r) => !r.right);
  const large = calibrated.filter((r) => r.large);
  console.log(
    `${path.basename(file)}: at >= ${CHECK_CONFIDENCE} ${confident(calibrated).length} fields, ${wrong(calibrated).length} wrong; photos >= 450 px: ${confident(large).length}, ${wrong(large).length} wrong`,
  );
  for (const r of wrong(calibrated))
    console.log(`  ${r.file} ${r.field} raw ${r.raw.toFixed(2)} -> ${r.conf.toFixed(2)}`);
}

// Out-of-sample check: fit on the photos of one half (by photo), score the other half, both ways.
// The in-sample bench cannot show how the table does on photos it was not fitted on; this can.
const photoHalf = (file: string) =>
  [...file.replace(/#.*$/, '')].reduce((h, c) => h + c.charCodeAt(0), 0) % 2;
let heldOutConfident = 0;
let heldOutWrong = 0;
for (const half of [0, 1]) {
  for (const field of fields) {
    const source = SOURCE[field] ?? field;
    const usable = records.filter((r) => r.field === source && r.raw > 0 && !isExcluded(r.file));
    const table = fitCalibration(usable.filter((r) => photoHalf(r.file) !== half));
    for (const r of usable.filter((r) => photoHalf(r.file) === half)) {
      if (applyCalibration(table, r.raw) >= CHECK_CONFIDENCE) {
        heldOutConfident += 1;
        if (!r.right) heldOutWrong += 1;
      }
    }
  }
}
console.log(
  `two-fold check (fit on half the photos, score the other half): ${heldOutConfident} fields at >= ${CHECK_CONFIDENCE}, ${heldOutWrong} of them wrong`,
);

const body = Object.entries(tables)
  .map(
    ([field, steps]) =>
      `  ${field}: [\n${steps.map((s) => `    { from: ${s.from}, value: ${s.value}, n: ${s.n}, rightCount: ${s.rightCount} },`).join('\n')}\n  ],`,
  )
  .join('\n');
const out = path.join(repoRoot, 'server/modules/label-reader/calibration-table.ts');
const source = `// Generated by scripts/calibrate-labels.ts: do not edit by hand.
// From ${files.map((f) => path.basename(f)).join(', ')}${excluded.size ? ` (excluding ${[...excluded].join(', ')})` : ''}.
import type { CalibrationStep } from './isotonic.js';

/** Per-field calibration steps (raw confidence from \`from\` up -> \`value\`). */
export const CALIBRATION: Readonly<Record<string, readonly CalibrationStep[]>> = {
${body}
};
`;
await writeFile(out, await format(source, { ...(await resolveConfig(out)), filepath: out }));
console.log(`-> ${path.relative(repoRoot, out)}`);
