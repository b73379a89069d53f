// Developer tool: runs the parser over OCR lines saved by dump-label-lines.ts and scores it like
// the bench (no OCR, so a parser rule is tried on every dev label in a second).
// Usage: npx tsx scripts/eval-label-parser.ts LINES.json [DIR]   BENCH_VERBOSE=1 lists the misses.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calibrateField } from '../server/modules/label-reader/confidence-calibration.js';
import { parseLabel } from '../server/modules/label-reader/label-parser.js';
import type { OcrLine } from '../server/modules/label-reader/ocr-engine.js';
import type { LabelField } from '../shared/label-reading.js';
import { CHECK_CONFIDENCE } from '../shared/confidence-bars.js';
import { toSegments } from '../server/modules/label-reader/text-layout.js';
import { compareFields, confidenceField, type TruthRow } from './label-scoring.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = process.argv[2];
if (!file) throw new Error('usage: eval-label-parser.ts LINES.json [DIR]');
const dir = path.resolve(process.argv[3] ?? path.join(repoRoot, '..', 'shared', 'data', 'slabs-dev'));
const truth = JSON.parse(await readFile(path.join(dir, 'truth.json'), 'utf8')) as TruthRow[];
const dump = JSON.parse(await readFile(file, 'utf8')) as Record<
  string,
  { width: number; sourceWidth: number; lines: OcrLine[] }
>;
const right: Record<string, [number, number]> = {};
const confidentlyWrong: string[] = [];
for (const row of truth) {
  const entry = dump[row.file];
  if (!entry) continue;
  const parsed = parseLabel(toSegments(entry.lines), entry.width);
  const large = entry.sourceWidth >= 450;
  for (const result of compareFields(row, { ...parsed, confidence: 0, barcode: null })) {
    const tally = (right[result.field] ??= [0, 0]);
    if (result.right) tally[0] += 1;
    if (result.right && large) tally[1] += 1;
    // As the pipeline does for labels under 450 px: small print at 0.6 of its score.
    const smallPrint = !large && !['title', 'titleWords', 'issueNumber', 'cgcGrade'].includes(result.field);
    const field = confidenceField(result.field) as LabelField;
    const conf = calibrateField(field, (parsed.fieldConfidence[field] ?? 0) * (smallPrint ? 0.6 : 1));
    if (!result.right && conf >= CHECK_CONFIDENCE)
      confidentlyWrong.push(`${row.file} ${result.field} ${conf.toFixed(2)}`);
    if (!result.right && process.env.BENCH_VERBOSE === '1') {
      console.log(
        `${row.file}${large ? '' : ' (small)'} ${result.field}: expected ${JSON.stringify(result.expected)} got ${JSON.stringify(result.actual)} (${conf.toFixed(2)})`,
      );
    }
  }
}
const large = truth.filter((row) => (dump[row.file]?.sourceWidth ?? 0) >= 450).length;
for (const [field, [all, big]] of Object.entries(right)) {
  console.log(
    `${field.padEnd(16)} ${String(all).padStart(4)}/${truth.length}   ${String(big).padStart(4)}/${large}`,
  );
}
console.log(`confidence >= ${CHECK_CONFIDENCE} but wrong (calibrated): ${confidentlyWrong.length}`);
if (process.env.BENCH_VERBOSE === '1') console.log(confidentlyWrong.join('\n'));
