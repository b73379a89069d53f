// Measures how the label reader takes a slab with one end of its title line covered: a thumb
// holding the slab, glare on its plastic or a dark finger or sticker, over the issue number's last
// digits (`--at end`) or over the title's first letters and the grade beside them (`--at start`);
// or the grade's digits crossed by such a shape (`--at grade`); title-end.ts and grade-cover.ts.
// For each dev photo it finds the title line and the grade (a first read of the uncovered photo),
// paints the shape over the line's last (or first) `--cover` share and the label beyond it (or
// across the middle `--cover` share of the grade's height), optionally makes the phone variant of
// the covered photo, reads it again and scores the covered field (the issue number at the end,
// the title at the start, the grade) and every aim field with the calibrated confidence, as the
// seller would see it.
// Usage: npm run bench:covered [-- --at end|start|grade] [--shape thumb|glare|dark] [--cover 0.1]
//        [--phone] [--on-comics] [--sideways] [--seed N] [--write OUT] (OUT: the covered photos, to look at). Run it on the
//        photos the reader was not tuned on too: --seed 3 or more, another --cover, another --shape.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { calibrateReading } from '../server/modules/label-reader/confidence-calibration.js';
import { createLabelPipeline, type Candidate } from '../server/modules/label-reader/label-pipeline.js';
import { CUT_GRADE_NOTE } from '../server/modules/label-reader/grade-cover.js';
import { HIDDEN_END_NOTE, HIDDEN_START_NOTE } from '../server/modules/label-reader/title-end.js';
import { CHECK_CONFIDENCE } from '../shared/confidence-bars.js';
import type { LabelReading } from '../shared/label-reading.js';
import { BENCH_PHOTO_OPTIONS, benchPhotos } from './bench/bench-photos.js';
import { AIM_FIELDS, benchDir, compareFields, confidenceField, readTruth } from './label-scoring.js';

const SHAPES: Record<string, string> = {
  thumb: 'rgb(200,150,120)',
  glare: 'rgb(250,250,250)',
  dark: 'rgb(55,50,48)',
};

const { values: options } = parseArgs({
  options: {
    at: { type: 'string', default: 'end' },
    shape: { type: 'string', default: 'thumb' },
    cover: { type: 'string', default: '0.1' },
    ...BENCH_PHOTO_OPTIONS,
    write: { type: 'string' },
  },
});
const fill = SHAPES[options.shape];
const cover = Number(options.cover);
if (!fill) throw new Error(`--shape is one of ${Object.keys(SHAPES).join(', ')}`);
if (!(cover > 0 && cover < 1))
  throw new Error('--cover is a share of the title line (or the grade), between 0 and 1');
if (!['end', 'start', 'grade'].includes(options.at)) throw new Error('--at is end, start or grade');
const atStart = options.at === 'start';
const atGrade = options.at === 'grade';
/** The field a cover at this place hides part of, and the reader's note doubting it. */
const coveredField = atGrade ? 'cgcGrade' : atStart ? 'title' : 'issueNumber';
const coveredNote = atGrade ? CUT_GRADE_NOTE : atStart ? HIDDEN_START_NOTE : HIDDEN_END_NOTE;
if (options.write) await mkdir(options.write, { recursive: true });

const dir = benchDir(undefined);
const truth = await readTruth(dir);
const photos = benchPhotos(
  options,
  dir,
  truth.map((row) => row.file),
);
let chosen: Candidate | null = null;
const pipeline = await createLabelPipeline({ onChosen: (candidate) => (chosen = candidate) });

interface Ellipse {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/**
 * Where the shape goes, in photo pixels: over the title line's last `cover` share and the label
 * right of it, or (`--at start`) over its first `cover` share and the label left of it, the
 * grade's top with it; or (`--at grade`) across the middle `cover` share of the grade's digits,
 * reaching a third of their width beyond each side (a fingertip, a streak or a sticker over '9.8'
 * that leaves the digits' top and bottom showing).
 */
function shapeOver(candidate: Candidate, photoWidth: number): Ellipse | null {
  const { titleBox: line, gradeBox: grade } = candidate.parsed;
  if (!line) return null;
  // Photo pixels per label pixel (the read enlarges a band to its label width).
  const scale = candidate.sourceWidth / candidate.label.width;
  if (atGrade) {
    if (!grade) return null;
    return {
      cx: (grade.x + grade.width / 2) * scale,
      cy: (grade.y + grade.height / 2) * scale,
      rx: (grade.width / 2 + grade.width / 3) * scale,
      ry: (cover * grade.height * scale) / 2,
    };
  }
  // The ellipse's inner end on the line; it reaches 40 px beyond the photo's edge.
  const inner = (line.x + line.width * (atStart ? cover : 1 - cover)) * scale;
  const across = atStart ? inner + 40 : photoWidth - inner + 40;
  return {
    cx: atStart ? inner - across : inner + across,
    cy: (line.y + line.height / 2) * scale,
    rx: across,
    ry: 1.6 * line.height * scale,
  };
}

/** `photo` with the shape painted where shapeOver puts it, or null when it has no place. */
async function covered(photo: Buffer, candidate: Candidate): Promise<Buffer | null> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const ellipse = shapeOver(candidate, width);
  if (!ellipse) return null;
  const { cx, cy, rx, ry } = ellipse;
  const shape = `<svg width="${width}" height="${height}"><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"/></svg>`;
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
/** Any aim field read wrong at the check bar or more, by field. */
const confidentlyWrongFields = new Map<string, number>(AIM_FIELDS.map((field) => [field, 0]));
const gradeDoubted = { right: 0, wrong: 0 };
try {
  for (const row of truth) {
    const file = path.join(dir, row.file);
    const photo = await readFile(file);
    chosen = null;
    // Read as tight scans are (the line's place in the photo is what the first read gives).
    const first = await pipeline.read(photo).catch(() => null);
    const candidate = chosen as Candidate | null;
    // Only lines read with what the cover hides: a field already unread has nothing to lose.
    if (!first?.[coveredField] || !candidate) continue;
    const coveredPhoto = await covered(photo, candidate);
    if (!coveredPhoto) continue;
    const image = await photos.photo(row.file, coveredPhoto);
    if (options.write) await writeFile(path.join(options.write, path.basename(row.file)), image);
    counts.covered++;
    let reading: LabelReading | null = null;
    try {
      reading = calibrateReading(await pipeline.read(image));
    } catch {
      counts.unread++;
      continue;
    }
    const results = compareFields(row, reading);
    for (const result of results) {
      const unread = result.actual === null || result.actual === '';
      if (!confidentlyWrongFields.has(result.field) || result.right || unread) continue;
      const field = confidenceField(result.field) as keyof LabelReading['fieldConfidence'];
      if ((reading.fieldConfidence[field] ?? 0) < CHECK_CONFIDENCE) continue;
      confidentlyWrongFields.set(result.field, (confidentlyWrongFields.get(result.field) ?? 0) + 1);
      console.log(`${row.file}: ${result.field} '${result.actual}' for '${result.expected}'`);
    }
    if (reading.notes.includes(CUT_GRADE_NOTE)) {
      const gradeRight = results.find((result) => result.field === 'cgcGrade')?.right ?? false;
      gradeDoubted[gradeRight ? 'right' : 'wrong']++;
    }
    const right = results.find((result) => result.field === coveredField)?.right ?? false;
    const confidence = reading.fieldConfidence[coveredField] ?? 0;
    const doubted = reading.notes.includes(coveredNote);
    if (right) {
      counts.right++;
      if (doubted) counts.rightDoubted++;
    } else {
      counts.wrong++;
      if (doubted) counts.wrongDoubted++;
      if (confidence >= CHECK_CONFIDENCE) counts.confidentlyWrong++;
    }
  }
} finally {
  await pipeline.close();
}
const where = photos.name;
const share = atGrade
  ? `middle ${cover} of the grade's digits`
  : `${atStart ? 'first' : 'last'} ${cover} of the title line`;
console.log(
  `covered ${atGrade ? 'grades' : `title-line ${options.at}s`} (${options.shape}, ${share}) on ${where}: ${counts.covered}; read ${counts.covered - counts.unread}`,
);
const name = atGrade ? 'grade' : atStart ? 'title' : 'issue number';
console.log(`${name} right: ${counts.right} (doubted as covered: ${counts.rightDoubted})`);
// Most wrong readings are a lost field ('nn' from a lone '#', or none): already under the bar.
console.log(
  `${name} wrong: ${counts.wrong} (under ${CHECK_CONFIDENCE}: ${counts.wrong - counts.confidentlyWrong}; doubted as covered: ${counts.wrongDoubted})`,
);
console.log(`${name} wrong at ${CHECK_CONFIDENCE} or more: ${counts.confidentlyWrong} (aim 0)`);
console.log(`grades doubted as cut: ${gradeDoubted.right} read right, ${gradeDoubted.wrong} read wrong`);
const byField = [...confidentlyWrongFields].map(([field, count]) => `${field} ${count}`).join(', ');
console.log(`any aim field wrong at ${CHECK_CONFIDENCE} or more: ${byField} (aim 0 each)`);
