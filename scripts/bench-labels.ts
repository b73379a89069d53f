// Measures the label reader against the grading companies' records of the dev photos:
// per-field accuracy after normalisation, read time per photo (median, p95), and how well the
// calibrated confidences keep their promise (a field at >= 0.8 right at least 98% of the time).
// Usage: npm run bench:labels [-- DIR] [--record FILE]  (DIR or LABEL_BENCH_DIR; default
// ../shared/data/slabs-dev). --record writes each field's raw confidence and whether it was right,
// the input of scripts/calibrate-labels.ts.
//        npm run bench:labels -- --phone [--write-phone OUT]: phone-photo variants of the same photos
//        (scripts/bench/phone-variants.ts, fixed seed), optionally also written to OUT to look at.
//        --seed N makes another set of variants (default 1, the set the reader was measured and tuned
//        on): a check that a change helps the kind of photo, not those 116 variants.
//        npm run bench:labels -- --on-comics [--seed N]: the "on comics" family instead: each slab
//        lying on another dev photo's cover art, upright in a portrait or landscape frame.
//        --sideways: the "sideways" family: each slab lying sideways in a portrait frame (on a table,
//        or with --on-comics on cover art).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { calibrateReading } from '../server/modules/label-reader/confidence-calibration.js';
import { createLabelReader } from '../server/modules/label-reader/label-reader.js';
import { CHECK_CONFIDENCE } from '../shared/confidence-bars.js';
import type { LabelField, LabelReading } from '../shared/label-reading.js';
import { describeCpu, readCpuinfo, referencePass } from './bench/machine-speed.js';
import { BENCH_PHOTO_OPTIONS, benchPhotos } from './bench/bench-photos.js';
import {
  AIM_FIELDS,
  benchDir,
  LARGE_PHOTO_WIDTH,
  SCORED_FIELDS,
  compareFields,
  confidenceField,
  printCalibrationBands,
  quantile,
  readTruth,
} from './label-scoring.js';

const { values: options, positionals: positional } = parseArgs({
  options: {
    ...BENCH_PHOTO_OPTIONS,
    'write-phone': { type: 'string' },
    record: { type: 'string' },
  },
  allowPositionals: true,
});
const writePhoneDir = options['write-phone'];
const recordFile = options.record;
const dir = benchDir(positional[0]);
const truth = await readTruth(dir);
const verbose = process.env.BENCH_VERBOSE === '1';
const photos = benchPhotos(
  { ...options, phone: options.phone || writePhoneDir !== undefined },
  dir,
  truth.map((row) => row.file),
);
if (writePhoneDir) await mkdir(writePhoneDir, { recursive: true });
/**
 * The photo the reader gets: the dev photo itself, or its phone-like variant (same truth), in the
 * "on comics" family lying on another photo's cover art.
 */
async function benchImage(file: string, original: Buffer): Promise<Buffer> {
  if (!photos.phone) return original;
  const variant = await photos.photo(file, original);
  if (writePhoneDir) await writeFile(path.join(writePhoneDir, path.basename(file)), variant);
  return variant;
}

const poolSize = Number(process.env.BENCH_POOL ?? 1);
// One onnxruntime thread per worker, as the default pool runs on a 2-core machine (2 workers x 1 thread).
const threadsPerWorker = Number(process.env.BENCH_THREADS ?? 1);
// The workers return raw confidences: the bench records them for fitting and calibrates them itself.
process.env.LABEL_READER_RAW_CONFIDENCE = '1';
// No read timeout worth the name: on a loaded machine a slow phone read can take minutes of wall
// time, and the pool's timeout terminates the worker mid-inference, which aborts the whole process
// ('terminate called after throwing an instance of Napi::Error', seen twice in this bench).
const reader = createLabelReader({
  poolSize,
  threadsPerWorker,
  queueLimit: truth.length,
  readTimeoutMs: 3_600_000,
});
const correct = Object.fromEntries(SCORED_FIELDS.map((field) => [field, 0]));
// Grader thumbnails ~310 px wide print the label's small text 3-4 px tall: reported apart.
const correctLarge = Object.fromEntries(SCORED_FIELDS.map((field) => [field, 0]));
/** Every scored field of every photo: raw and calibrated confidence, right or not. */
const scored: {
  field: string;
  raw: number;
  calibrated: number;
  right: boolean;
  large: boolean;
  file: string;
}[] = [];
let largeCount = 0;
const times: number[] = [];
// Worker threads share the process, so process CPU time per read is the read's own CPU cost:
// a figure that holds on a machine busy with other work, unlike wall time.
const cpuTimes: number[] = [];
let failures = 0;
let allAimsRight = 0;
const load0 = loadavg()[0] ?? 0;
const started = performance.now();
try {
  // Warm-up: the first read also starts the worker and loads the models; not a per-photo cost.
  const first = truth[0];
  if (first) await reader.read(await readFile(path.join(dir, first.file))).catch(() => null);
  for (const row of truth) {
    const original = await readFile(path.join(dir, row.file));
    // Small or large by the dev photo: a variant's size says nothing about the label's resolution.
    const { width = 0 } = await sharp(original).metadata();
    const image = await benchImage(row.file, original);
    const large = width >= LARGE_PHOTO_WIDTH;
    if (large) largeCount++;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let reading: LabelReading | null = null;
    try {
      reading = await reader.read(image);
    } catch (error) {
      failures++;
      if (verbose) console.log(`${row.file}: ${(error as Error).name}: ${(error as Error).message}`);
    }
    times.push(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    const wrong: string[] = [];
    const calibrated = reading ? calibrateReading(reading) : null;
    for (const { field, expected, actual, right } of compareFields(row, calibrated)) {
      const raw = reading?.fieldConfidence[confidenceField(field) as LabelField] ?? 0;
      const conf = calibrated?.fieldConfidence[confidenceField(field) as LabelField] ?? 0;
      scored.push({ field, raw, calibrated: conf, right, large, file: row.file });
      if (right) {
        correct[field] = (correct[field] ?? 0) + 1;
        if (large) correctLarge[field] = (correctLarge[field] ?? 0) + 1;
      } else {
        wrong.push(
          `${field}: expected ${JSON.stringify(expected)} got ${JSON.stringify(actual)} (confidence ${conf.toFixed(2)})`,
        );
      }
    }
    if (!wrong.some((w) => AIM_FIELDS.some((f) => w.startsWith(`${f}:`)))) allAimsRight++;
    if (verbose)
      console.log(`${row.file} cpu ${(cpuTimes.at(-1) ?? 0).toFixed(0)} ms${reading ? '' : ' FAILED'}`);
    if (verbose && wrong.length) console.log(`${row.file}\n  ${wrong.join('\n  ')}`);
  }
} finally {
  await reader.close();
}
const wall = performance.now() - started;
// Measured after the reads, with the pool closed: the reference pass has the machine to itself.
const reference = truth[0] ? await referencePass(await readFile(path.join(dir, truth[0].file))) : null;
const pct = (n: number) => `${((100 * n) / truth.length).toFixed(1)}%`;
console.log(`label bench: ${truth.length} photos from ${dir}${photos.phone ? ` as ${photos.name}` : ''}`);
console.log(
  `machine: ${availableParallelism()} cores (${describeCpu(readCpuinfo())}), load average ${load0.toFixed(2)} at start, ${(loadavg()[0] ?? 0).toFixed(2)} at end; pool ${poolSize} x ${threadsPerWorker} thread(s)`,
);
console.log(`field            all photos        photos >= ${LARGE_PHOTO_WIDTH} px wide (${largeCount})`);
for (const [field, n] of Object.entries(correct)) {
  const nLarge = correctLarge[field] ?? 0;
  const pctLarge = largeCount ? `${((100 * nLarge) / largeCount).toFixed(1)}%` : '-';
  console.log(
    `${field.padEnd(16)} ${String(n).padStart(4)}/${truth.length} ${pct(n).padStart(7)}   ${String(nLarge).padStart(4)}/${largeCount} ${pctLarge.padStart(7)}${AIM_FIELDS.includes(field) ? '  (aim 95%)' : ''}`,
  );
}
console.log(
  `all six aim fields right: ${allAimsRight}/${truth.length} (${pct(allAimsRight)}); failed reads: ${failures}`,
);
console.log(
  `read time per photo: median ${(quantile(times, 0.5) / 1000).toFixed(2)} s, p95 ${(quantile(times, 0.95) / 1000).toFixed(2)} s, max ${(quantile(times, 1) / 1000).toFixed(2)} s (aim: median < 1 s, p95 < 2 s); wall ${(wall / 1000).toFixed(1)} s`,
);
console.log(
  `CPU time per photo: median ${(quantile(cpuTimes, 0.5) / 1000).toFixed(2)} s, p95 ${(quantile(cpuTimes, 0.95) / 1000).toFixed(2)} s (one thread: about the wall time on an idle machine)`,
);
if (reference) {
  // Photo times in reference passes compare across machines where seconds do not (machine-speed.ts).
  const inPasses = (q: number) => (quantile(cpuTimes, q) / reference.ms).toFixed(1);
  console.log(
    `reference: one detection pass ${reference.width} x ${reference.height} takes ${reference.ms.toFixed(0)} ms CPU here; CPU per photo in such passes: median ${inPasses(0.5)}, p95 ${inPasses(0.95)}`,
  );
}

printCalibrationBands(scored);
const confidentlyWrong = scored.filter((r) => r.calibrated >= CHECK_CONFIDENCE && !r.right);
console.log(
  `confidently wrong (confidence >= ${CHECK_CONFIDENCE} but wrong): ${confidentlyWrong.length} on all photos, ${confidentlyWrong.filter((r) => r.large).length} on photos >= ${LARGE_PHOTO_WIDTH} px (aim 0)`,
);
for (const r of confidentlyWrong) console.log(`  ${r.file} ${r.field} ${r.calibrated.toFixed(2)}`);
if (recordFile) {
  const record = scored.map(({ field, raw, right, large, file }) => ({ field, raw, right, large, file }));
  await writeFile(recordFile, JSON.stringify(record));
  console.log(`raw confidences of ${record.length} fields -> ${recordFile}`);
}
