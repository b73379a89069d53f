// Measures how the label reader takes a slab whose title line's end is covered: a thumb holding
// the slab, glare on its plastic or a dark finger or sticker over the issue number's last digits
// (title-end.ts). For each dev photo it finds the title line (a first read of the uncovered photo),
// paints the shape over the line's last `--cover` share and everything right of it, optionally
// makes the phone variant of the covered photo, reads it again and scores the issue number with
// the calibrated confidence, as the seller would see it.
// Usage: npm run bench:covered [-- --shape thumb|glare|dark] [--cover 0.1] [--phone] [--seed N]
//        [--write OUT] (OUT: the covered photos, to look at). Run it on the photos the reader was not
//        tuned on too: --seed 3 or more, another --cover, another --shape.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { calibrateReading } from '../server/modules/label-reader/confidence-calibration.js';
import { createLabelPipeline, type Candidate } from '../server/modules/label-reader/label-pipeline.js';
import { HIDDEN_END_NOTE } from '../server/modules/label-reader/title-end.js';
import { CHECK_CONFIDENCE } from '../shared/confidence-bars.js';
import type { LabelReading } from '../shared/label-reading.js';
import { makePhoneVariant, parsePhoneSeed, seedFor } from './bench/phone-variants.js';
import { benchDir, compareFields, readTruth } from './label-scoring.js';

const SHAPES: Record<string, string> = {
  thumb: 'rgb(200,150,120)',
  glare: 'rgb(250,250,250)',
  dark: 'rgb(55,50,48)',
};

const { values: options } = parseArgs({
  options: {
    shape: { type: 'string', default: 'thumb' },
    cover: { type: 'string', default: '0.1' },
    phone: { type: 'boolean', default: false },
    seed: { type: 'string' },
    write: { type: 'string' },
  },
});
const fill = SHAPES[options.shape];
const cover = Number(options.cover);
if (!fill) throw new Error(`--shape is one of ${Object.keys(SHAPES).join(', ')}`);
if (!(cover > 0 && cover < 1)) throw new Error('--cover is a share of the title line, between 0 and 1');
const phone = options.phone || options.seed !== undefined;
const seed = parsePhoneSeed(options.seed);
if (options.write) await mkdir(options.write, { recursive: true });

const dir = benchDir(undefined);
const truth = await readTruth(dir);
let chosen: Candidate | null = null;
const pipeline = await createLabelPipeline({ onChosen: (candidate) => (chosen = candidate) });

/** `photo` with the shape over its title line's last `cover` share and the label right of it. */
async function covered(photo: Buffer, candidate: Candidate): Promise<Buffer | null> {
  const line = candidate.parsed.titleBox;
  if (!line) return null;
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  // Photo pixels per label pixel (the read enlarges a band to its label width).
  const scale = candidate.sourceWidth / candidate.label.width;
  const start = (line.x + line.width * (1 - cover)) * scale;
  const middle = (line.y + line.height / 2) * scale;
  const across = width - start + 40;
  const shape = `<svg width="${width}" height="${height}"><ellipse cx="${start + across}" cy="${middle}" rx="${across}" ry="${1.6 * line.height * scale}" fill="${fill}"/></svg>`;
  return sharp(photo)
    .composite([{ input: Buffer.from(shape) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const counts = {
  covered: 0,
  unread: 0,
  right: 0,
  rightDoubted: 0,
  wrong: 0,
  wrongDoubted: 0,
  confidentlyWrong: 0,
};
try {
  for (const row of truth) {
    const file = path.join(dir, row.file);
    const photo = await readFile(file);
    chosen = null;
    // Read as tight scans are (the line's place in the photo is what the first read gives).
    const first = await pipeline.read(photo).catch(() => null);
    const candidate = chosen as Candidate | null;
    // Only lines read with their number: a title line already unread has nothing to lose.
    if (!first?.issueNumber || !candidate) continue;
    const coveredPhoto = await covered(photo, candidate);
    if (!coveredPhoto) continue;
    const image = phone ? await makePhoneVariant(coveredPhoto, seedFor(row.file, seed)) : coveredPhoto;
    if (options.write) await writeFile(path.join(options.write, path.basename(row.file)), image);
    counts.covered++;
    let reading: LabelReading | null = null;
    try {
      reading = calibrateReading(await pipeline.read(image));
    } catch {
      counts.unread++;
      continue;
    }
    const right =
      compareFields(row, reading).find((result) => result.field === 'issueNumber')?.right ?? false;
    const confidence = reading.fieldConfidence.issueNumber ?? 0;
    const doubted = reading.notes.includes(HIDDEN_END_NOTE);
    if (right) {
      counts.right++;
      if (doubted) counts.rightDoubted++;
    } else {
      counts.wrong++;
      if (doubted) counts.wrongDoubted++;
      if (confidence >= CHECK_CONFIDENCE) {
        counts.confidentlyWrong++;
        console.log(`${row.file}: issue '${reading.issueNumber}' for '${row.issueNumber}' at ${confidence}`);
      }
    }
  }
} finally {
  await pipeline.close();
}
const where = phone ? `phone variants (seed ${seed})` : 'the photos';
console.log(
  `covered title-line ends (${options.shape}, last ${cover} of the line) on ${where}: ${counts.covered}; read ${counts.covered - counts.unread}`,
);
console.log(`issue number right: ${counts.right} (doubted as covered: ${counts.rightDoubted})`);
// Most wrong readings are a lost number ('nn' from a lone '#', or none): already under the bar.
console.log(
  `issue number wrong: ${counts.wrong} (under ${CHECK_CONFIDENCE}: ${counts.wrong - counts.confidentlyWrong}; doubted as covered: ${counts.wrongDoubted})`,
);
console.log(`issue number wrong at ${CHECK_CONFIDENCE} or more: ${counts.confidentlyWrong} (aim 0)`);
