// Prints, for a bench record (`npm run bench:labels -- [--phone] --record FILE`), the per-field
// accuracy and the calibration table the bench prints, with the calibration table as it is now in
// server/modules/label-reader/calibration-table.ts. After a refit (scripts/calibrate-labels.ts) this
// shows the bench's figures under the new table without re-reading every photo (the reader's values
// do not depend on the table, only the reported confidences do).
// Usage: npx tsx scripts/label-calibration-report.ts [--exclude FILE ...] RECORD.json
import { readFile } from 'node:fs/promises';
import { calibrateField } from '../server/modules/label-reader/confidence-calibration.js';
import type { LabelField } from '../shared/label-reading.js';
import {
  AIM_FIELDS,
  SCORED_FIELDS,
  confidenceField,
  printCalibrationBands,
  type RecordedField,
} from './label-scoring.js';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const excluded = new Set(args.filter((_, i) => args[i - 1] === '--exclude'));
const file = args.find((arg, i) => arg !== '--exclude' && args[i - 1] !== '--exclude');
if (!file) throw new Error('usage: label-calibration-report.ts [--exclude FILE ...] RECORD.json');
const rows = (JSON.parse(await readFile(file, 'utf8')) as RecordedField[])
  .filter((r) => !excluded.has(r.file))
  .map((r) => ({ ...r, calibrated: calibrateField(confidenceField(r.field) as LabelField, r.raw) }));
const photos = new Set(rows.map((r) => r.file)).size;
const largePhotos = new Set(rows.filter((r) => r.large).map((r) => r.file)).size;

const share = (n: number, of: number) =>
  `${String(n).padStart(4)}/${of} ${((100 * n) / Math.max(1, of)).toFixed(1).padStart(5)}%`;
console.log(
  `${file}: ${photos} photos (${largePhotos} >= 450 px wide)${excluded.size ? `, excluding ${[...excluded].join(', ')}` : ''}`,
);
console.log('field            all photos        photos >= 450 px wide');
for (const field of SCORED_FIELDS) {
  const of = rows.filter((r) => r.field === field);
  const right = of.filter((r) => r.right).length;
  const rightLarge = of.filter((r) => r.right && r.large).length;
  console.log(
    `${field.padEnd(16)} ${share(right, of.length)}   ${share(rightLarge, of.filter((r) => r.large).length)}${AIM_FIELDS.includes(field) ? '  (aim 95%)' : ''}`,
  );
}
printCalibrationBands(rows);
const wrong = rows.filter((r) => r.calibrated >= 0.8 && !r.right);
console.log(
  `confidently wrong (confidence >= 0.8 but wrong): ${wrong.length} on all photos, ${wrong.filter((r) => r.large).length} on photos >= 450 px (aim 0)`,
);
for (const r of wrong)
  console.log(`  ${r.file} ${r.field} raw ${r.raw.toFixed(2)} -> ${r.calibrated.toFixed(2)}`);
