import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Raw RGBA pixels of a decoded HEIC/HEIF photo, ready for sharp's raw input. */
export interface DecodedHeic {
  width: number;
  height: number;
  /** width * height * 4 bytes, RGBA, with the file's rotation/mirror transforms already applied. */
  rgba: Buffer;
}

/** The file is a HEIF container but libheif could not decode it (corrupt, truncated, unsupported codec). */
export class HeicDecodeError extends Error {
  override name = 'HeicDecodeError';
}

/** The HEIC image is larger than the pixel limit; it was refused before any pixel was decoded. */
export class HeicTooManyPixelsError extends Error {
  override name = 'HeicTooManyPixelsError';
}

type WorkerReply =
  | { id: number; ok: true; width: number; height: number; rgba: Uint8Array }
  | { id: number; ok: false; reason: 'pixels' | 'decode'; message: string };

// The worker is plain CommonJS evaluated from a string, so the same code runs from the TypeScript
// sources (vitest, tsx) and from the compiled build without a loader or a separate .js file.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.heicDecodePath);
parentPort.on('message', async ({ id, bytes, maxPixels }) => {
  let images;
  try {
    images = await decode.all({ buffer: new Uint8Array(bytes) });
    const primary = images[0];
    if (primary.width * primary.height > maxPixels) {
      parentPort.postMessage({ id, ok: false, reason: 'pixels', message: primary.width + 'x' + primary.height });
      return;
    }
    const { width, height, data } = await primary.decode();
    const rgba = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ id, ok: true, width, height, rgba }, [rgba.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, ok: false, reason: 'decode', message: String(error && error.message || error) });
  } finally {
    if (images && images.dispose) images.dispose();
  }
});
`;

// libheif's wasm heap only grows (about 375 MB after a 12 MP photo), so an idle worker is
// ended and its memory returned; the next HEIC starts a fresh one (about 100 ms).
const IDLE_MS = 30_000;

const heicDecodePath = createRequire(import.meta.url).resolve('heic-decode');

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (value: DecodedHeic) => void; reject: (error: Error) => void }>();

function failAll(error: Error): void {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

function startWorker(): Worker {
  // libheif-js prints decoder complaints to the console; a corrupt upload is reported by the
  // rejected promise instead, so the worker's output is taken and dropped.
  const created = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { heicDecodePath },
    stdout: true,
    stderr: true,
  });
  created.stdout.resume();
  created.stderr.resume();
  created.on('message', (reply: WorkerReply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if (reply.ok) {
      job.resolve({
        width: reply.width,
        height: reply.height,
        rgba: Buffer.from(reply.rgba.buffer, reply.rgba.byteOffset, reply.rgba.byteLength),
      });
    } else if (reply.reason === 'pixels') {
      job.reject(new HeicTooManyPixelsError(`HEIC image too large: ${reply.message}`));
    } else {
      job.reject(new HeicDecodeError(reply.message));
    }
    scheduleIdleStop();
  });
  created.on('error', (error) => {
    if (worker === created) worker = null;
    failAll(new HeicDecodeError(error.message));
  });
  created.on('exit', () => {
    if (worker === created) worker = null;
    failAll(new HeicDecodeError('HEIC decoder stopped'));
  });
  return created;
}

function scheduleIdleStop(): void {
  if (idleTimer) clearTimeout(idleTimer);
  if (pending.size > 0) return;
  worker?.unref(); // an idle decoder must never keep the process alive
  idleTimer = setTimeout(() => {
    if (pending.size === 0 && worker) {
      const stopping = worker;
      worker = null;
      void stopping.terminate();
    }
  }, IDLE_MS);
  idleTimer.unref();
}

/**
 * Decodes a HEIC/HEIF photo to RGBA in a worker thread. libheif-js is WebAssembly and takes about
 * a second and a half on a 12 MP iPhone photo: on the main thread that would stall every other
 * request. The dimensions are checked against maxPixels before any pixel is decoded.
 */
export function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<DecodedHeic> {
  if (idleTimer) clearTimeout(idleTimer);
  worker ??= startWorker();
  const id = nextId++;
  return new Promise<DecodedHeic>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Copy once and transfer the copy: the upload buffer may be a slice of a pooled allocation.
    const copy = Uint8Array.from(bytes);
    worker!.ref();
    worker!.postMessage({ id, bytes: copy, maxPixels }, [copy.buffer]);
  });
}
