// Measures the label reader against the grading companies' records of the dev photos:
// per-field accuracy after normalisation, and read time per photo (median, p95).
// Usage: npm run bench:labels [-- DIR]  (DIR or LABEL_BENCH_DIR; default ../shared/data/slabs-dev)
//        npm run bench:labels -- --phone [--write-phone OUT]: phone-photo variants of the same photos
//        (scripts/bench/phone-variants.ts, fixed seed), optionally also written to OUT to look at.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  normaliseCertNumber,
  normaliseGrade,
  normaliseIssueNumber,
  normalisePublisher,
  normaliseText,
  normaliseTitle,
} from '../server/modules/label-reader/field-normalisation.js';
import sharp from 'sharp';
import { createLabelReader } from '../server/modules/label-reader/label-reader.js';
import { isKeyComment } from '../server/modules/label-reader/validators.js';
import { makePhoneVariant, PHONE_SEED, seedFor } from './bench/phone-variants.js';
import type { LabelReading } from '../shared/label-reading.js';

interface TruthRow {
  file: string;
  title: string;
  issueNumber: string;
  publisher: string;
  labelDate: string | null;
  year: number | null;
  grade: number;
  pageQuality: string | null;
  certNumber: string;
  variant: string | null;
  keyNotes: string | null;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const writePhoneAt = args.indexOf('--write-phone');
const writePhoneDir = writePhoneAt >= 0 ? args.splice(writePhoneAt, 2)[1] : undefined;
const phone = args.includes('--phone') || writePhoneDir !== undefined;
const dir = path.resolve(
  args.find((arg) => !arg.startsWith('--')) ??
    process.env.LABEL_BENCH_DIR ??
    path.join(repoRoot, '..', 'shared', 'data', 'slabs-dev'),
);
const truth = JSON.parse(await readFile(path.join(dir, 'truth.json'), 'utf8')) as TruthRow[];
const verbose = process.env.BENCH_VERBOSE === '1';
if (writePhoneDir) await mkdir(writePhoneDir, { recursive: true });
/** The photo the reader gets: the dev photo itself, or its phone-like variant (same truth). */
async function benchImage(file: string, original: Buffer): Promise<Buffer> {
  if (!phone) return original;
  const variant = await makePhoneVariant(original, seedFor(file, PHONE_SEED));
  if (writePhoneDir) await writeFile(path.join(writePhoneDir, path.basename(file)), variant);
  return variant;
}

/** Each compared field: how to get the expected and the read value in normalised form. */
const FIELDS: Record<string, (row: TruthRow, reading: LabelReading | null) => [unknown, unknown]> = {
  title: (row, r) => [normaliseTitle(row.title), normaliseTitle(r?.title)],
  issueNumber: (row, r) => [normaliseIssueNumber(row.issueNumber), normaliseIssueNumber(r?.issueNumber)],
  publisher: (row, r) => [normalisePublisher(row.publisher), normalisePublisher(r?.publisher)],
  // The record says 1900 for books whose label reads "No Date".
  publicationYear: (row, r) => [row.year === 1900 ? null : row.year, r?.publicationYear ?? null],
  cgcGrade: (row, r) => [normaliseGrade(row.grade), normaliseGrade(r?.cgcGrade)],
  cgcCertNumber: (row, r) => [normaliseCertNumber(row.certNumber), normaliseCertNumber(r?.cgcCertNumber)],
  variant: (row, r) => [normaliseText(row.variant), normaliseText(r?.variant)],
  pageQuality: (row, r) => [normaliseText(row.pageQuality), normaliseText(r?.pageQuality)],
  keyIssue: (row, r) => [isKeyComment(row.keyNotes ?? ''), r?.keyIssue ?? null],
};
const AIM_FIELDS = ['title', 'issueNumber', 'publisher', 'cgcGrade', 'cgcCertNumber'];

const poolSize = Number(process.env.BENCH_POOL ?? 1);
// One onnxruntime thread per worker, as the default pool runs on a 2-core machine (2 workers x 1 thread).
const threadsPerWorker = Number(process.env.BENCH_THREADS ?? 1);
const reader = createLabelReader({ poolSize, threadsPerWorker, queueLimit: truth.length });
const correct = Object.fromEntries(Object.keys(FIELDS).map((field) => [field, 0]));
// Grader thumbnails ~310 px wide print the label's small text 3-4 px tall: reported apart.
const SMALL_WIDTH = 450;
const correctLarge = Object.fromEntries(Object.keys(FIELDS).map((field) => [field, 0]));
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
    const large = width >= SMALL_WIDTH;
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
    for (const [field, compare] of Object.entries(FIELDS)) {
      const [expected, actual] = compare(row, reading);
      if (expected === actual) {
        correct[field] = (correct[field] ?? 0) + 1;
        if (large) correctLarge[field] = (correctLarge[field] ?? 0) + 1;
      } else wrong.push(`${field}: expected ${JSON.stringify(expected)} got ${JSON.stringify(actual)}`);
    }
    if (!wrong.some((w) => AIM_FIELDS.some((f) => w.startsWith(`${f}:`)))) allAimsRight++;
    if (verbose && wrong.length) console.log(`${row.file}\n  ${wrong.join('\n  ')}`);
  }
} finally {
  await reader.close();
}
const wall = performance.now() - started;
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const quantile = (q: number, values = times) =>
  values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
const pct = (n: number) => `${((100 * n) / truth.length).toFixed(1)}%`;
console.log(
  `label bench: ${truth.length} photos from ${dir}${phone ? ` as phone-photo variants (seed ${PHONE_SEED})` : ''}`,
);
console.log(
  `machine: ${availableParallelism()} cores, load average ${load0.toFixed(2)} at start, ${(loadavg()[0] ?? 0).toFixed(2)} at end; pool ${poolSize} x ${threadsPerWorker} thread(s)`,
);
console.log(`field            all photos        photos >= ${SMALL_WIDTH} px wide (${largeCount})`);
for (const [field, n] of Object.entries(correct)) {
  const nLarge = correctLarge[field] ?? 0;
  const pctLarge = largeCount ? `${((100 * nLarge) / largeCount).toFixed(1)}%` : '-';
  console.log(
    `${field.padEnd(16)} ${String(n).padStart(4)}/${truth.length} ${pct(n).padStart(7)}   ${String(nLarge).padStart(4)}/${largeCount} ${pctLarge.padStart(7)}${AIM_FIELDS.includes(field) ? '  (aim 95%)' : ''}`,
  );
}
console.log(
  `all five aim fields right: ${allAimsRight}/${truth.length} (${pct(allAimsRight)}); failed reads: ${failures}`,
);
console.log(
  `read time per photo: median ${(quantile(0.5) / 1000).toFixed(2)} s, p95 ${(quantile(0.95) / 1000).toFixed(2)} s, max ${((times.at(-1) ?? 0) / 1000).toFixed(2)} s (aim < 1.5 s); wall ${(wall / 1000).toFixed(1)} s`,
);
console.log(
  `CPU time per photo: median ${(quantile(0.5, cpuTimes) / 1000).toFixed(2)} s, p95 ${(quantile(0.95, cpuTimes) / 1000).toFixed(2)} s (one thread: about the wall time on an idle machine)`,
);
