// Developer tool: the aim fields right by the label's width in the photo (the pixels across the
// label the reader chose, before it is scaled to its reading width). The small print's letters are
// a fixed share of the label, so this says how many pixels the recogniser needs for them (ADR 0043
// and small-label-note.ts). Reads on this thread; photos narrower than 450 px (grader thumbnails)
// and photos where no label was read are left out.
// Usage: npx tsx scripts/label-width-report.ts [--phone] [--on-comics] [--sideways] [--seed N] [--bin PX] [--misses] [DIR]
//   --misses also lists each aim field read wrong, with the label's width, to look at one by one.
//   (DIR or LABEL_BENCH_DIR; default ../shared/data/slabs-dev; --seed, --on-comics and --sideways imply --phone)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createLabelPipeline, type Candidate } from '../server/modules/label-reader/label-pipeline.js';
import type { LabelReading } from '../shared/label-reading.js';
import { BENCH_PHOTO_OPTIONS, benchPhotos } from './bench/bench-photos.js';
import { AIM_FIELDS, benchDir, compareFields, LARGE_PHOTO_WIDTH, readTruth } from './label-scoring.js';

const { values: options, positionals } = parseArgs({
  options: {
    ...BENCH_PHOTO_OPTIONS,
    bin: { type: 'string', default: '100' },
    misses: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const bin = Number(options.bin);
if (!(bin >= 10)) throw new Error(`--bin takes a width in pixels >= 10, not '${options.bin}'`);
const dir = benchDir(positionals[0]);
const truth = await readTruth(dir);
const photos = benchPhotos(
  options,
  dir,
  truth.map((row) => row.file),
);

let chosen: Candidate | null = null;
const pipeline = await createLabelPipeline({ onChosen: (candidate) => (chosen = candidate) });
/** Per bin (its lower edge): photos, and per aim field how many were right. */
const bins = new Map<number, { photos: number; right: Map<string, number> }>();
try {
  for (const row of truth) {
    const original = await readFile(path.join(dir, row.file));
    if (((await sharp(original).metadata()).width ?? 0) < LARGE_PHOTO_WIDTH) continue;
    const photo = await photos.photo(row.file, original);
    chosen = null;
    let reading: LabelReading | null = null;
    try {
      reading = await pipeline.read(photo);
    } catch {
      continue; // no label read: no width to file it under
    }
    const candidate = chosen as Candidate | null;
    if (!candidate) continue;
    const lower = Math.floor(candidate.sourceWidth / bin) * bin;
    const entry = bins.get(lower) ?? { photos: 0, right: new Map<string, number>() };
    entry.photos += 1;
    for (const result of compareFields(row, reading)) {
      if (result.right) entry.right.set(result.field, (entry.right.get(result.field) ?? 0) + 1);
      else if (options.misses && AIM_FIELDS.includes(result.field)) {
        const width = Math.round(candidate.sourceWidth);
        console.log(
          `${row.file} ${width} px ${result.field}: expected ${JSON.stringify(result.expected)} got ${JSON.stringify(result.actual)}`,
        );
      }
    }
    bins.set(lower, entry);
  }
} finally {
  await pipeline.close();
}

console.log(
  `fields right by the label's width in the photo: ${photos.name} of ${dir}, at least ${LARGE_PHOTO_WIDTH} px wide, a label read`,
);
console.log(`label px      photos  ${AIM_FIELDS.map((field) => field.slice(0, 9).padStart(10)).join('')}`);
for (const [lower, { photos, right }] of [...bins].sort((a, b) => a[0] - b[0])) {
  const cells = AIM_FIELDS.map((field) =>
    `${Math.round((100 * (right.get(field) ?? 0)) / photos)}%`.padStart(10),
  );
  console.log(`${`${lower}-${lower + bin}`.padEnd(12)}${String(photos).padStart(8)}  ${cells.join('')}`);
}
