// The label reader's public face: a pool of worker threads, each with its own OCR models, so the
// server keeps answering while photos are read. Reads wait in a bounded queue; when it is full,
// `read` rejects at once with LabelReaderBusyError (the route answers 503), and `hasRoom()` lets the
// route refuse before it does any work. A read that takes longer than `readTimeoutMs` rejects with
// LabelReaderTimeoutError and its worker is terminated; a fresh one takes its place on the next read.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LabelReading } from '../../../shared/label-reading.js';
import {
  LabelNotFoundError,
  LabelReaderBusyError,
  LabelReaderTimeoutError,
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
  /**
   * Longest a worker may spend on one photo before it is terminated and replaced; default 60 s
   * (a label takes 1-8 s on one core). Time spent waiting in the queue does not count.
   */
  readTimeoutMs?: number;
  /** Test seam: the worker's entry; the real reader-worker by default. */
  workerEntry?: { entry: URL | string; eval: boolean };
}

/** Default of LabelReaderOptions.readTimeoutMs. */
export const DEFAULT_READ_TIMEOUT_MS = 60_000;

/** Reads slab labels off the main thread. */
export interface LabelReader {
  /** Reads one photo (any format sharp decodes). Rejects with the typed errors of ./errors.ts. */
  read(image: Buffer): Promise<LabelReading>;
  /**
   * False when a read now would be refused as busy (every worker busy and the queue full), so a
   * caller can refuse before doing any work. Stand-ins may leave it out (never full).
   */
  hasRoom?(): boolean;
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
  /** Fires when the current job has run too long. */
  timer: NodeJS.Timeout | null;
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
  const readTimeoutMs = Math.max(1, options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS);
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  /** Ends the slot's current job (if any) and returns it; the slot is free again. */
  function takeJob(slot: Slot): Job | null {
    const job = slot.job;
    slot.job = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    return job;
  }

  /** Drops a slot from the pool (a dead or stuck worker); the next dispatch spawns a replacement. */
  function retire(slot: Slot): void {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
  }

  function spawn(): Slot {
    const spec = options.workerEntry ?? workerSpec();
    const worker = new Worker(spec.entry, { workerData: { threads }, eval: spec.eval });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (reply: WorkerReply) => {
      if (!slot.job || slot.job.id !== reply.id) return;
      const job = takeJob(slot);
      if (!job) return;
      if (reply.ok) job.resolve(reply.reading);
      else {
        const ErrorClass = ERROR_CLASSES[reply.error.name];
        job.reject(ErrorClass ? new ErrorClass(reply.error.message) : new Error(reply.error.message));
      }
      dispatch();
    });
    const fail = (error: Error) => {
      retire(slot);
      takeJob(slot)?.reject(
        new LabelReaderUnavailableError(`label reader worker failed: ${error.message}`, { cause: error }),
      );
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
      slot.timer = setTimeout(() => timeOut(slot), readTimeoutMs);
      const request: WorkerRequest = { id: job.id, image: job.image };
      slot.worker.postMessage(request, [job.image.buffer as ArrayBuffer]);
    }
  }

  /** A read ran too long: its caller gets a clear error, the worker is terminated and replaced. */
  function timeOut(slot: Slot): void {
    const job = takeJob(slot);
    retire(slot);
    job?.reject(
      new LabelReaderTimeoutError(
        `Reading the label took longer than ${Math.round(readTimeoutMs / 1000)} s.`,
      ),
    );
    // terminate() makes the worker exit; its exit handler finds the slot already retired and empty.
    void slot.worker.terminate();
    if (!closed) dispatch();
  }

  /** True when a read now would have to be refused. */
  function isFull(): boolean {
    const busy = slots.length >= poolSize && slots.every((s) => s.job !== null);
    return busy && queue.length >= queueLimit;
  }

  return {
    hasRoom: () => !closed && !isFull(),
    read(image) {
      if (closed) return Promise.reject(new LabelReaderUnavailableError('The label reader is closed.'));
      if (isFull()) {
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
      for (const slot of slots)
        takeJob(slot)?.reject(new LabelReaderUnavailableError('The label reader was closed.'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}
