// What the label bench's times were measured on. Sessions run on machines of one kind that differ
// in CPU: session 31's had AVX-512 and read a phone photo in a median 1.0 s; session 32's had AVX2
// only at 2 GHz and took 2.1 s for the same readings. A time printed alone cannot be compared
// across sessions, so the bench also prints the CPU's vector extensions and the time of one
// reference detection pass in the same run, and each photo time as a multiple of it.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { loadPhoto, scaleToWidth } from '../../server/modules/label-reader/image-loader.js';
import { createOcrEngine } from '../../server/modules/label-reader/ocr-engine.js';

/** The vector extensions onnxruntime's kernels choose between, widest first. */
const VECTOR_FLAGS = ['avx512_vnni', 'avx512f', 'avx_vnni', 'avx2', 'avx'] as const;

/**
 * The CPU's model, clock and widest vector extensions, from the text of /proc/cpuinfo (Linux);
 * without it (another system), the model and clock node reports.
 */
export function describeCpu(cpuinfo: string | null, fallback = cpus()[0]): string {
  const field = (name: string) =>
    cpuinfo?.match(new RegExp(`^${name}\\s*:\\s*(.*)$`, 'm'))?.[1]?.trim() ?? null;
  const model = field('model name') ?? fallback?.model ?? 'unknown CPU';
  const mhz = Number(field('cpu MHz') ?? fallback?.speed ?? NaN);
  const clock = Number.isFinite(mhz) && mhz > 0 ? `, ${(mhz / 1000).toFixed(1)} GHz` : '';
  const flags = new Set((field('flags') ?? '').split(/\s+/));
  const vector = VECTOR_FLAGS.filter((flag) => flags.has(flag));
  const extensions = cpuinfo === null ? '' : `, ${vector.length ? vector.join(' ') : 'no AVX'}`;
  return `${model}${clock}${extensions}`;
}

export function readCpuinfo(): string | null {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return null;
  }
}

/** Size of the reference pass: the header search's whole-photo detection (label-pipeline.ts). */
const REFERENCE_WIDTH = 960;
const REFERENCE_LIMIT = 1280;
const REFERENCE_RUNS = 5;

/** The reference pass's median CPU time and the size of the map it made. */
export interface ReferencePass {
  ms: number;
  width: number;
  height: number;
}

/**
 * Median CPU time of one detection pass over `photo` scaled to 960 px wide (at most 1280 px long),
 * one onnxruntime thread, the reader's own engine: the unit the bench's photo times are divided
 * by. One unmeasured pass first (memory arena, first-run setup).
 */
export async function referencePass(photo: Buffer): Promise<ReferencePass> {
  const engine = await createOcrEngine({ threads: 1 });
  try {
    const image = await scaleToWidth(await loadPhoto(photo), REFERENCE_WIDTH);
    const { width, height } = await engine.detectionMap(image, REFERENCE_LIMIT);
    const runs: number[] = [];
    for (let run = 0; run < REFERENCE_RUNS; run++) {
      const before = process.cpuUsage();
      await engine.detectionMap(image, REFERENCE_LIMIT);
      const used = process.cpuUsage(before);
      runs.push((used.user + used.system) / 1000);
    }
    runs.sort((a, b) => a - b);
    return { ms: runs[Math.floor(runs.length / 2)] ?? NaN, width, height };
  } finally {
    await engine.close();
  }
}
