// The label reader's public face: a pool of worker threads, each with its own OCR models, so the
// server keeps answering while photos are read. Reads wait in a bounded queue; when it is full,
// `read` rejects at once with LabelReaderBusyError (the route answers 503).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LabelReading } from '../../../shared/label-reading.js';
import {
  LabelNotFoundError,
  LabelReaderBusyError,
  LabelReaderUnavailableError,
  UnreadableImageError,
} from './errors.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';

/** Options of `createLabelReader`. */
export interface LabelReaderOptions {
  /** Worker threads; default: one per core, at most 4 (each holds ~0.4 GB of models and buffers). */
  poolSize?: number;
  /** Reads allowed to wait for a worker before `read` rejects with LabelReaderBusyError; default 40. */
  queueLimit?: number;
  /** onnxruntime threads per worker; default: cores / poolSize (at least 1). */
  threadsPerWorker?: number;
}

/** Reads slab labels off the main thread. */
export interface LabelReader {
  /** Reads one photo (any format sharp decodes). Rejects with the typed errors of ./errors.ts. */
  read(image: Buffer): Promise<LabelReading>;
  /** Stops the workers; pending and queued reads reject with LabelReaderUnavailableError. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  image: Uint8Array;
  resolve: (reading: LabelReading) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

const ERROR_CLASSES: Record<string, new (message: string) => Error> = {
  UnreadableImageError,
  LabelNotFoundError,
};

/** How to start a worker: the emitted .js next to this file in dist/node, or the .ts source under tsx/vitest. */
function workerSpec(): { entry: URL | string; eval: boolean } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    // Neither tsx's loader (--import does not reach workers on Node 20) nor vitest's transform
    // applies inside a worker thread: register tsx there first, then import the TypeScript entry.
    // require.resolve gives the CommonJS build of tsx's API; the ESM build sits beside it.
    const tsxCjs = createRequire(import.meta.url).resolve('tsx/esm/api');
    const tsxApi = pathToFileURL(tsxCjs.replace(/\.cjs$/, '.mjs')).href;
    const entry = new URL('./reader-worker.ts', import.meta.url).href;
    const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    return { entry: code, eval: true };
  }
  const url = new URL('./reader-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(url))) throw new Error(`label reader worker not found at ${url.href}`);
  return { entry: url, eval: false };
}

/** Creates the reader. Workers start on the first read and load their models once. */
export function createLabelReader(options: LabelReaderOptions = {}): LabelReader {
  const cores = availableParallelism();
  const poolSize = Math.max(1, options.poolSize ?? Math.min(4, cores));
  const queueLimit = Math.max(0, options.queueLimit ?? 40);
  const threads = Math.max(1, options.threadsPerWorker ?? Math.floor(cores / poolSize));
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const spec = workerSpec();
    const worker = new Worker(spec.entry, { workerData: { threads }, eval: spec.eval });
    const slot: Slot = { worker, job: null };
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = null;
      if (reply.ok) job.resolve(reply.reading);
      else {
        const ErrorClass = ERROR_CLASSES[reply.error.name];
        job.reject(ErrorClass ? new ErrorClass(reply.error.message) : new Error(reply.error.message));
      }
      dispatch();
    });
    const fail = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      slot.job?.reject(
        new LabelReaderUnavailableError(`label reader worker failed: ${error.message}`, { cause: error }),
      );
      slot.job = null;
      if (!closed) dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`worker exited with code ${code}`)));
    slots.push(slot);
    return slot;
  }

  function dispatch(): void {
    while (queue.length > 0 && !closed) {
      let slot = slots.find((s) => s.job === null);
      if (!slot && slots.length < poolSize) slot = spawn();
      if (!slot) return;
      const job = queue.shift();
      if (!job) return;
      slot.job = job;
      const request: WorkerRequest = { id: job.id, image: job.image };
      slot.worker.postMessage(request, [job.image.buffer as ArrayBuffer]);
    }
  }

  return {
    read(image) {
      if (closed) return Promise.reject(new LabelReaderUnavailableError('The label reader is closed.'));
      const busy = slots.length >= poolSize && slots.every((s) => s.job !== null);
      if (busy && queue.length >= queueLimit) {
        return Promise.reject(
          new LabelReaderBusyError('The label reader is busy; please try again shortly.'),
        );
      }
      return new Promise<LabelReading>((resolve, reject) => {
        // Copy into a buffer of our own so transferring it cannot detach the caller's.
        queue.push({ id: nextId++, image: new Uint8Array(image), resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0))
        job.reject(new LabelReaderUnavailableError('The label reader was closed.'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}
