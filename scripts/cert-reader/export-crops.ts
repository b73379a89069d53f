// Cert-reader experiment, step 1 (ADR 0069): the data the digit recogniser is trained and judged on.
//
// - Training: each dev scan is read; the line whose digits are the record's cert number (at most
//   one digit off) gives the cert's box in the chosen label image. Written for train.py: the label
//   image (PNG) and `train.json` (box, cert, the label's width in the photo). Only books whose number
//   is not a multiple of 4: the held-out books are never trained on.
// - Judging: phone variants (scripts/bench/phone-variants.ts) of the held-out books, seeds 1, 4 and
//   8, are read as the bench reads them (the cert as PP-OCR read it: not the digit recogniser's). The cert line is placed in each variant's label by the
//   book's own scan layout (the title line's box in both, scaled by its height): the box the
//   recogniser would be given if the line were found. Written: the box with room around it (PNG)
//   and its place there, PP-OCR's re-read vote on the same box (small-print.ts), and the cert the
//   pipeline returned, in `judge.json`.
//
// Usage: npx tsx scripts/cert-reader/export-crops.ts OUT_DIR   (about 4 minutes on one core)
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { editDistance } from '../../shared/edit-distance.js';
import { createLabelPipeline, type Candidate } from '../../server/modules/label-reader/label-pipeline.js';
import { createOcrEngine } from '../../server/modules/label-reader/ocr-engine.js';
import type { OcrLine } from '../../server/modules/label-reader/ocr-engine.js';
import type { Rect, RgbImage } from '../../server/modules/label-reader/raster.js';
import { DIGITS_NOTE, rereadLine, voteCertNumber } from '../../server/modules/label-reader/small-print.js';
import { makePhoneVariant, seedFor } from '../bench/phone-variants.js';

const DEV = process.env.SLABS_DEV_DIR ?? path.resolve('../shared/data/slabs-dev');
const SEEDS = [1, 4, 8];
const out = process.argv.slice(2).find((arg) => arg !== '--');
if (!out) throw new Error('usage: export-crops.ts OUT_DIR');

interface TruthRow {
  file: string;
  title: string;
  issueNumber: string;
  certNumber: string;
}
const truth: TruthRow[] = JSON.parse(await readFile(path.join(DEV, 'truth.json'), 'utf8'));
const bookNumber = (row: TruthRow) => Number(/dev-(\d+)/.exec(row.file)?.[1]);
const heldOut = (row: TruthRow) => bookNumber(row) % 4 === 0;
const nameOf = (row: TruthRow) => path.basename(row.file, '.jpg');
const alnum = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The line reading the record's cert number, at most one digit off. */
function certLine(lines: readonly OcrLine[], cert: string): OcrLine | null {
  const near = lines
    .map((line) => ({ line, d: editDistance(line.text.replace(/\D/g, ''), cert) }))
    .filter((x) => x.d <= 1)
    .sort((a, b) => a.d - b.d);
  return near[0]?.line ?? null;
}

/** The line most like "title #issue" (letters in place), when more than half agree. */
function titleLine(lines: readonly OcrLine[], row: TruthRow): OcrLine | null {
  const want = alnum(`${row.title}#${row.issueNumber}`);
  let best: OcrLine | null = null;
  let bestShare = 0.5;
  for (const line of lines) {
    const text = alnum(line.text);
    let same = 0;
    for (let i = 0; i < Math.min(text.length, want.length); i++) if (text[i] === want[i]) same++;
    if (same / want.length > bestShare) [best, bestShare] = [line, same / want.length];
  }
  return best;
}

async function png(image: RgbImage, file: string, rect?: Rect): Promise<void> {
  let img = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  if (rect) img = img.extract({ left: rect.x, top: rect.y, width: rect.width, height: rect.height });
  await img.png().toFile(file);
}

let chosen: Candidate | null = null;
const pipeline = await createLabelPipeline({ onChosen: (candidate) => (chosen = candidate) });
async function read(photo: Buffer): Promise<{ candidate: Candidate | null; cert: string }> {
  chosen = null;
  const reading = await pipeline.read(photo).catch(() => null);
  // The cert as PP-OCR alone read it: one the digit recogniser gave (its note) counts as unread.
  const fromDigits = reading?.notes.includes(DIGITS_NOTE) ?? false;
  return { candidate: chosen as Candidate | null, cert: fromDigits ? '' : (reading?.cgcCertNumber ?? '') };
}

const engine = await createOcrEngine();
await mkdir(path.join(out, 'scans'), { recursive: true });
await mkdir(path.join(out, 'judge'), { recursive: true });
const train: unknown[] = [];
const judge: unknown[] = [];
try {
  for (const row of truth) {
    const photo = await readFile(path.join(DEV, row.file));
    const scan = (await read(photo)).candidate;
    const scanCert = scan && certLine(scan.lines, row.certNumber);
    if (!scan || !scanCert) continue;
    const name = nameOf(row);
    if (!heldOut(row)) {
      await png(scan.label, path.join(out, 'scans', `${name}.png`));
      train.push({ name, box: scanCert.box, cert: row.certNumber, sourceWidth: scan.sourceWidth });
      continue;
    }
    const scanTitle = titleLine(scan.lines, row);
    for (const seed of SEEDS) {
      const variant = await makePhoneVariant(photo, seedFor(row.file, seed));
      const { candidate, cert: pipelineCert } = await read(variant);
      const title = candidate && scanTitle && titleLine(candidate.lines, row);
      const entry = { name, seed, cert: row.certNumber, pipeline: pipelineCert };
      if (!candidate || !scanTitle || !title) {
        judge.push({ ...entry, placed: false });
        continue;
      }
      // The scan's cert box moved and scaled with the title line from the scan's label to this one.
      const k = title.box.height / scanTitle.box.height;
      const dx = scanCert.box.x + scanCert.box.width / 2 - (scanTitle.box.x + scanTitle.box.width / 2);
      const dy = scanCert.box.y + scanCert.box.height / 2 - (scanTitle.box.y + scanTitle.box.height / 2);
      const width = scanCert.box.width * k;
      const height = scanCert.box.height * k;
      const box = {
        x: title.box.x + title.box.width / 2 + dx * k - width / 2,
        y: title.box.y + title.box.height / 2 + dy * k - height / 2,
        width,
        height,
      };
      const vote = voteCertNumber(await rereadLine(engine, candidate.label, box), 'CGC');
      // The box with room around it (a height each side, three quarters of one above and below), so
      // evaluate.py can cut the recogniser's crop from it as cert-digits.ts would, and cut it again
      // moved a little.
      const x0 = Math.max(0, Math.round(box.x - height));
      const y0 = Math.max(0, Math.round(box.y - 0.75 * height));
      const x1 = Math.min(candidate.label.width, Math.round(box.x + width + height));
      const y1 = Math.min(candidate.label.height, Math.round(box.y + 1.75 * height));
      if (x1 - x0 < 8 || y1 - y0 < 4) {
        judge.push({ ...entry, placed: false });
        continue;
      }
      const file = `${name}-s${seed}.png`;
      await png(candidate.label, path.join(out, 'judge', file), {
        x: x0,
        y: y0,
        width: x1 - x0,
        height: y1 - y0,
      });
      const inCrop = { x: box.x - x0, y: box.y - y0, width, height };
      judge.push({ ...entry, placed: true, file, box: inCrop, ppocr: vote?.value ?? '' });
    }
  }
} finally {
  await pipeline.close();
  await engine.close();
}
await writeFile(path.join(out, 'train.json'), JSON.stringify(train, null, 1));
await writeFile(path.join(out, 'judge.json'), JSON.stringify(judge, null, 1));
console.log(`${train.length} training scans, ${judge.length} judged variants in ${out}`);
