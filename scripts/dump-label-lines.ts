// Developer tool: writes the OCR lines of each dev photo's label band (as the pipeline reads a tight
// slab scan: the top band, scaled to the label width, deskewed) to one JSON file, so parser rules
// can be tried against every dev label in a second instead of re-running OCR for minutes.
// Usage: npx tsx scripts/dump-label-lines.ts OUT.json [DIR]   (DIR default ../shared/data/slabs-dev)
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPhoto, scaleToWidth } from '../server/modules/label-reader/image-loader.js';
import { createOcrEngine, type OcrLine } from '../server/modules/label-reader/ocr-engine.js';
import { cropRgb } from '../server/modules/label-reader/raster.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2];
if (!out) throw new Error('usage: dump-label-lines.ts OUT.json [DIR]');
// The output comes first: a photo's path given there by habit (the other label tools take photos)
// would be overwritten with JSON, and the dev set's photos are the team's only copy here.
if (path.extname(out).toLowerCase() !== '.json') {
  throw new Error(
    `dump-label-lines.ts writes JSON: OUT must end in .json (got ${out}); usage: OUT.json [DIR]`,
  );
}
const dir = path.resolve(process.argv[3] ?? path.join(repoRoot, '..', 'shared', 'data', 'slabs-dev'));
const truth = JSON.parse(await readFile(path.join(dir, 'truth.json'), 'utf8')) as { file: string }[];
const engine = await createOcrEngine({ threads: 1 });
const result: Record<string, { width: number; sourceWidth: number; lines: OcrLine[] }> = {};
try {
  for (const row of truth) {
    const photo = await loadPhoto(await readFile(path.join(dir, row.file)));
    const band = cropRgb(photo, { x: 0, y: 0, width: photo.width, height: Math.round(photo.height * 0.21) });
    const scaled = await scaleToWidth(band, 1400);
    const { lines, image } = await engine.recognise(scaled, { detLimit: 1408, deskew: true });
    result[row.file] = { width: image.width, sourceWidth: band.width, lines };
    process.stdout.write('.');
  }
} finally {
  await engine.close();
}
await writeFile(out, JSON.stringify(result));
console.log(`\n${Object.keys(result).length} labels -> ${out}`);
