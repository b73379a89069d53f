// Developer tool: where a photo's read time goes. Reads each photo on this thread and lists every
// OCR engine call (detection maps, recognitions, re-reads) with its CPU time and the pipeline
// functions it was called from, then the photo's total and the share outside the engine (warping,
// scaling, the finder's own work).
// Usage: npx tsx scripts/trace-label.ts [--phone] [--on-comics] [--sideways] [--seed N] FILE...
//   --phone  reads each photo's phone-style variant (scripts/bench/phone-variants.ts) instead;
//   --on-comics, --sideways and --seed N as in bench:labels (each implies --phone). A variant is made as the
//   bench makes it for the dev photo of the same file name.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLabelPipeline } from '../server/modules/label-reader/label-pipeline.js';
import type { OcrEngine } from '../server/modules/label-reader/ocr-engine.js';
import { BENCH_PHOTO_OPTIONS, BENCH_PHOTO_USAGE, benchPhotos } from './bench/bench-photos.js';
import { benchDir, readTruth } from './label-scoring.js';

const { values: options, positionals: files } = parseArgs({
  options: BENCH_PHOTO_OPTIONS,
  allowPositionals: true,
});
if (files.length === 0) throw new Error(`usage: trace-label.ts ${BENCH_PHOTO_USAGE} FILE...`);
const dir = benchDir(undefined);
// The dev set's list is needed only to choose an "on comics" backdrop: any photo traces without it.
const devFiles = options['on-comics'] ? (await readTruth(dir)).map((row) => row.file) : [];
const photos = benchPhotos(options, dir, devFiles);

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** The pipeline functions on the stack (innermost first), for telling the finder's looks apart. */
function callers(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(3);
  return frames
    .filter((frame) => /label-pipeline|finder-looks|small-print/.test(frame))
    .map((frame) => frame.trim().split(' ')[1])
    .filter((name) => name && !name.startsWith('async'))
    .slice(0, 3)
    .join(' < ');
}

let calls: { what: string; from: string; ms: number }[] = [];
function traced<A extends unknown[], R>(
  name: string,
  call: (...a: A) => Promise<R>,
  describe: (...a: A) => string,
): (...a: A) => Promise<R> {
  return async (...a) => {
    const from = callers();
    const start = cpuMs();
    const result = await call(...a);
    calls.push({ what: `${name} ${describe(...a)}`, from, ms: cpuMs() - start });
    return result;
  };
}
const wrapEngine = (engine: OcrEngine): OcrEngine => ({
  recognise: traced('recognise', engine.recognise.bind(engine), (image, options) =>
    [
      `${image.width}x${image.height}`,
      options?.detLimit ? `limit ${options.detLimit}` : '',
      options?.map ? 'known map' : '',
    ].join(' '),
  ),
  recogniseBoxes: traced('boxes', engine.recogniseBoxes.bind(engine), (_, boxes) => `${boxes.length}`),
  lineMatrix: traced(
    'line matrix',
    engine.lineMatrix.bind(engine),
    (_, box) => `${Math.round(box.width)}x${Math.round(box.height)}`,
  ),
  detectionMap: traced(
    'detection map',
    engine.detectionMap.bind(engine),
    (image, limit) => `${image.width}x${image.height} limit ${limit}`,
  ),
  close: () => engine.close(),
});

const pipeline = await createLabelPipeline({ wrapEngine });
try {
  for (const file of files) {
    const original = await readFile(file);
    const image = await photos.photo(`images/${path.basename(file)}`, original);
    calls = [];
    const start = cpuMs();
    const outcome = await pipeline.read(image).then(
      () => 'read',
      (error: Error) => error.name,
    );
    const total = cpuMs() - start;
    const engine = calls.reduce((sum, call) => sum + call.ms, 0);
    console.log(
      `${file}: ${outcome}, ${total.toFixed(0)} ms CPU, ${(total - engine).toFixed(0)} ms outside the engine`,
    );
    for (const call of calls)
      console.log(`  ${call.ms.toFixed(0).padStart(5)} ms  ${call.what.padEnd(40)} ${call.from}`);
  }
} finally {
  await pipeline.close();
}
