// Compares the label reader's CPU time between an earlier commit and the working tree, in one
// process: each photo is read by both, one after the other (which goes first alternates), so the
// machine's drift, 15-50% between runs here (ADR 0024, sessions 8-9), falls on both alike and the
// ratio holds where two separate `bench:labels` runs do not. Also counts the photos whose reading
// differs, so a change meant to be pure speed shows it changed nothing (0), and for a change
// meant to read better, which fields it made right or wrong on which photos, and the tally of
// right fields of each side.
// Usage: npm run bench:labels:ab -- [--base REV] [--phone] [--on-comics] [--sideways] [--seed N] [--step N] [DIR]
//   --base REV  the commit to compare with (default HEAD), checked out in a temporary worktree;
//   --phone     the phone-photo variants (scripts/bench/phone-variants.ts) instead of the photos;
//   --seed N    another set of phone variants (as in bench:labels; implies --phone);
//   --on-comics the "on comics" family of phone variants instead (as in bench:labels);
//   --sideways  the "sideways" family (as in bench:labels; with --on-comics, on cover art);
//   --step N    every Nth photo only. Photos narrower than 450 px (grader thumbnails) are left out.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { createLabelPipeline, LabelPipeline } from '../server/modules/label-reader/label-pipeline.js';
import { describeCpu, readCpuinfo } from './bench/machine-speed.js';
import { BENCH_PHOTO_OPTIONS, benchPhotos } from './bench/bench-photos.js';
import type { LabelReading } from '../shared/label-reading.js';
import {
  benchDir,
  compareFields,
  LARGE_PHOTO_WIDTH,
  quantile,
  readTruth,
  SCORED_FIELDS,
} from './label-scoring.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options, positionals } = parseArgs({
  options: {
    base: { type: 'string', default: 'HEAD' },
    ...BENCH_PHOTO_OPTIONS,
    step: { type: 'string', default: '1' },
  },
  allowPositionals: true,
});
const base = options.base;
const step = Math.max(1, Number(options.step));
const dir = benchDir(positionals[0]);
const truth = await readTruth(dir);
const photos = benchPhotos(
  options,
  dir,
  truth.map((row) => row.file),
);

type Side = 'base' | 'next';
/** What the comparison needs of either tree's label-pipeline module. */
type PipelineModule = { createLabelPipeline: typeof createLabelPipeline };

const git = (...gitArgs: string[]) =>
  execFileSync('git', gitArgs, { cwd: repoRoot, encoding: 'utf8' }).trim();
const revision = git('rev-parse', '--short', base);
const tree = mkdtempSync(path.join(tmpdir(), 'label-ab-'));
const pipelines: Partial<Record<Side, LabelPipeline>> = {};
try {
  git('worktree', 'add', '--detach', '--quiet', tree, revision);
  // The same packages (and native modules) as the working tree: node resolves them by real path.
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
  const load = async (root: string) =>
    (await import(
      pathToFileURL(path.join(root, 'server/modules/label-reader/label-pipeline.ts')).href
    )) as PipelineModule;
  pipelines.base = await (await load(tree)).createLabelPipeline();
  pipelines.next = await (await load(repoRoot)).createLabelPipeline();
  const cpu: Record<Side, number[]> = { base: [], next: [] };
  let differing = 0;
  let index = 0;
  /** Right fields of each side, by field. */
  const right: Record<Side, Map<string, number>> = { base: new Map(), next: new Map() };
  for (const row of truth) {
    const original = await readFile(path.join(dir, row.file));
    const { width = 0 } = await sharp(original).metadata();
    if (width < LARGE_PHOTO_WIDTH || index++ % step !== 0) continue;
    const image = await photos.photo(row.file, original);
    const order: Side[] = cpu.base.length % 2 === 0 ? ['base', 'next'] : ['next', 'base'];
    const readings: Partial<Record<Side, LabelReading | null>> = {};
    const texts: Partial<Record<Side, string>> = {};
    for (const side of order) {
      const start = process.cpuUsage();
      const reading = await pipelines[side]!.read(image).catch((error: Error) => error.name);
      const used = process.cpuUsage(start);
      cpu[side].push((used.user + used.system) / 1000);
      readings[side] = typeof reading === 'string' ? null : reading;
      texts[side] = JSON.stringify(reading);
    }
    const same = texts.base === texts.next;
    if (!same) differing++;
    console.log(
      `${row.file} cpu ms: base ${cpu.base.at(-1)?.toFixed(0)}, next ${cpu.next.at(-1)?.toFixed(0)}${same ? '' : ' (readings differ)'}`,
    );
    if (!same) console.log(`  differs in: ${differingParts(readings.base ?? null, readings.next ?? null)}`);
    const baseFields = compareFields(row, readings.base ?? null);
    const nextFields = compareFields(row, readings.next ?? null);
    for (const [i, next] of nextFields.entries()) {
      const before = baseFields[i];
      if (!before) continue;
      if (before.right) right.base.set(next.field, (right.base.get(next.field) ?? 0) + 1);
      if (next.right) right.next.set(next.field, (right.next.get(next.field) ?? 0) + 1);
      if (before.right !== next.right) {
        console.log(
          `  ${next.field}: ${before.right ? 'right' : 'wrong'} -> ${next.right ? 'right' : 'wrong'} (expected ${JSON.stringify(next.expected)}, base ${JSON.stringify(before.actual)}, next ${JSON.stringify(next.actual)})`,
        );
      }
    }
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `\nlabel reader A/B: ${cpu.base.length} ${photos.phone ? photos.name : 'photos'} at least ${LARGE_PHOTO_WIDTH} px wide, every ${step === 1 ? '' : `${step}th `}photo; base ${revision}, next the working tree`,
  );
  // The ratios hold across machines; the seconds do not (ADR 0047).
  console.log(`machine: ${describeCpu(readCpuinfo())}`);
  for (const side of ['base', 'next'] as const) {
    console.log(
      `${side}: CPU per photo median ${seconds(quantile(cpu[side], 0.5))}, p95 ${seconds(quantile(cpu[side], 0.95))}, sum ${seconds(sum(cpu[side]))}`,
    );
  }
  const ratio = (q: number) => (quantile(cpu.next, q) / quantile(cpu.base, q)).toFixed(3);
  console.log(
    `next / base: median ${ratio(0.5)}, p95 ${ratio(0.95)}, sum ${(sum(cpu.next) / sum(cpu.base)).toFixed(3)}; readings that differ: ${differing}`,
  );
  console.log(
    `fields right, base / next: ${SCORED_FIELDS.map((field) => `${field} ${right.base.get(field) ?? 0} / ${right.next.get(field) ?? 0}`).join(', ')}`,
  );
} finally {
  await pipelines.base?.close();
  await pipelines.next?.close();
  git('worktree', 'remove', '--force', tree);
  rmSync(tree, { recursive: true, force: true });
}

/**
 * Where two readings differ, field by field ('publisher "" -> "Image Comics"', 'confidence of year
 * 0.41 -> 0.62', 'notes'): a change meant to be pure speed that changed readings shows how.
 */
function differingParts(base: LabelReading | null, next: LabelReading | null): string {
  if (!base || !next) return `${base ? 'read' : 'no reading'} -> ${next ? 'read' : 'no reading'}`;
  const parts: string[] = [];
  for (const key of Object.keys(next) as (keyof LabelReading)[]) {
    if (key === 'fieldConfidence' || key === 'notes') continue;
    const [before, after] = [JSON.stringify(base[key]), JSON.stringify(next[key])];
    if (before !== after) parts.push(`${key} ${before} -> ${after}`);
  }
  for (const [field, after] of Object.entries(next.fieldConfidence)) {
    const before = base.fieldConfidence[field as keyof LabelReading['fieldConfidence']];
    if (before !== after) parts.push(`confidence of ${field} ${before} -> ${after}`);
  }
  if (JSON.stringify(base.notes) !== JSON.stringify(next.notes)) parts.push('notes');
  return parts.join(', ');
}
