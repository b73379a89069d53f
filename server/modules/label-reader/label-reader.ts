// The label reader's public face: a pool of worker threads, each with its own OCR models, so the
// server keeps answering while photos are read. Reads wait in a bounded queue; when it is full,
// `read` rejects at once with LabelReaderBusyError (the route answers 503), and `hasRoom()` lets the
// route refuse before it does any work. A read that takes longer than `readTimeoutMs` rejects with
// LabelReaderTimeoutError at once and its worker leaves the pool; a fresh one takes its place on the next
// read. The old worker is ended only once it is idle again (its late reply arrives), or after
// `stuckWorkerLimitMs`: terminating a thread while onnxruntime is inside a run aborts the whole process
// (the native run completes into a torn-down environment: "terminate called after throwing an instance
// of 'Napi::Error'"), which would take every request down with one slow photo. An idle worker is not
// terminated but asked to release its models and exit (as all are at close): a terminated thread's
// native memory stayed behind.
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
import type { ReadingWithVariantLine } from './label-pipeline.js';
import type { WorkerCloseRequest, WorkerReply, WorkerRequest } from './worker-protocol.js';
import { askThreadMemory, isMemoryReply, type ThreadMemory } from '../../worker-memory.js';

export type { ReadingWithVariantLine };

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
  /**
   * How long a timed-out worker may go on before it is terminated even though it has not answered
   * (a worker truly stuck, not just slow); default 10 minutes.
   */
  stuckWorkerLimitMs?: number;
  /** Test seam: the worker's entry; the real reader-worker by default. */
  workerEntry?: { entry: URL | string; eval: boolean };
}

/** How long a worker asked to close may take (its current read included) before it is terminated. */
const WORKER_CLOSE_GRACE_MS = 5_000;

/** Default of LabelReaderOptions.readTimeoutMs. */
export const DEFAULT_READ_TIMEOUT_MS = 60_000;

/** Default of LabelReaderOptions.stuckWorkerLimitMs. */
export const DEFAULT_STUCK_WORKER_LIMIT_MS = 10 * 60_000;

/** Reads slab labels off the main thread. */
export interface LabelReader {
  /** Reads one photo (any format sharp decodes). Rejects with the typed errors of ./errors.ts. */
  read(image: Buffer): Promise<LabelReading>;
  /**
   * `read`, with the recogniser's output for the label's variant line, for reading it against the
   * dealer's price guide (extraction/variant-snap.ts). Stand-ins may leave it out (no line seen).
   */
  readWithVariantLine?(image: Buffer): Promise<ReadingWithVariantLine>;
  /**
   * False when a read now would be refused as busy (every worker busy and the queue full), so a
   * caller can refuse before doing any work. Stand-ins may leave it out (never full).
   */
  hasRoom?(): boolean;
  /** Stops the workers; pending and queued reads reject with LabelReaderUnavailableError. */
  close(): Promise<void>;
  /**
   * What each running worker's JavaScript engine holds (null for one that did not answer within a
   * second: busy in synchronous work), for GET /internal/metrics. Stand-ins may leave it out.
   */
  memory?(options?: { gc?: boolean }): Promise<(ThreadMemory | null)[]>;
}

interface Job {
  id: number;
  image: Uint8Array;
  resolve: (read: ReadingWithVariantLine) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** Fires when the current job has run too long. */
  timer: NodeJS.Timeout | null;
  /** Set once a read timed out: out of the pool, terminated when idle again (or at the hard limit). */
  draining: NodeJS.Timeout | null;
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
export function createLabelReader(
  options: LabelReaderOptions = {},
): LabelReader & Required<Pick<LabelReader, 'readWithVariantLine'>> {
  const cores = availableParallelism();
  const poolSize = Math.max(1, options.poolSize ?? Math.min(4, cores));
  const queueLimit = Math.max(0, options.queueLimit ?? 40);
  const threads = Math.max(1, options.threadsPerWorker ?? Math.floor(cores / poolSize));
  const readTimeoutMs = Math.max(1, options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS);
  const stuckWorkerLimitMs = Math.max(1, options.stuckWorkerLimitMs ?? DEFAULT_STUCK_WORKER_LIMIT_MS);
  const slots: Slot[] = [];
  /** Timed-out workers still running their last read, out of the pool. */
  const draining = new Set<Slot>();
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
    const slot: Slot = { worker, job: null, timer: null, draining: null };
    worker.on('message', (reply: WorkerReply) => {
      // Answers to memory requests go to askThreadMemory's own listener.
      if (isMemoryReply(reply)) return;
      // A timed-out worker answered at last: it is idle now, so ending it is safe.
      if (slot.draining) {
        void closeWorker(slot);
        return;
      }
      if (!slot.job || slot.job.id !== reply.id) return;
      const job = takeJob(slot);
      if (!job) return;
      // A worker of another build (the tests' stand-in workers) may send no variant line.
      if (reply.ok) job.resolve({ reading: reply.reading, variantLine: reply.variantLine ?? null });
      else {
        const ErrorClass = ERROR_CLASSES[reply.error.name];
        job.reject(ErrorClass ? new ErrorClass(reply.error.message) : new Error(reply.error.message));
      }
      dispatch();
    });
    const fail = (error: Error) => {
      if (slot.draining) {
        clearTimeout(slot.draining);
        draining.delete(slot);
        return;
      }
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

  /** A read ran too long: its caller gets a clear error, the worker leaves the pool and is replaced. */
  function timeOut(slot: Slot): void {
    const job = takeJob(slot);
    retire(slot);
    job?.reject(
      new LabelReaderTimeoutError(
        `Reading the label took longer than ${Math.round(readTimeoutMs / 1000)} s.`,
      ),
    );
    // Not terminated now (see the top of this file): it ends when its read returns, or at the limit.
    slot.draining = setTimeout(() => terminateStuckWorker(slot), stuckWorkerLimitMs);
    slot.draining.unref();
    draining.add(slot);
    if (!closed) dispatch();
  }

  /** Terminates a worker still reading at the hard limit; its exit handler finds it draining. */
  function terminateStuckWorker(slot: Slot): Promise<number> {
    if (slot.draining) clearTimeout(slot.draining);
    return slot.worker.terminate();
  }

  /**
   * Asks a worker to finish its current read, release its models and exit: terminating it would leave
   * onnxruntime's native memory behind (about 80 MB per worker) and, inside a run, abort the process.
   * Terminated all the same after WORKER_CLOSE_GRACE_MS, or the stuck-worker limit when shorter.
   */
  function closeWorker(slot: Slot): Promise<void> {
    if (slot.draining) clearTimeout(slot.draining);
    const { worker } = slot;
    return new Promise((resolve) => {
      // Resolves after terminating too: a worker that had already exited fires no second 'exit'.
      const grace = setTimeout(
        () => void worker.terminate().finally(resolve),
        Math.min(WORKER_CLOSE_GRACE_MS, stuckWorkerLimitMs),
      );
      grace.unref();
      worker.once('exit', () => {
        clearTimeout(grace);
        resolve();
      });
      const request: WorkerCloseRequest = { close: true };
      worker.postMessage(request);
    });
  }

  /** True when a read now would have to be refused. */
  function isFull(): boolean {
    const busy = slots.length >= poolSize && slots.every((s) => s.job !== null);
    return busy && queue.length >= queueLimit;
  }

  function readWithVariantLine(image: Buffer): Promise<ReadingWithVariantLine> {
    if (closed) return Promise.reject(new LabelReaderUnavailableError('The label reader is closed.'));
    if (isFull()) {
      return Promise.reject(new LabelReaderBusyError('The label reader is busy; please try again shortly.'));
    }
    return new Promise<ReadingWithVariantLine>((resolve, reject) => {
      // Copy into a buffer of our own so transferring it cannot detach the caller's.
      queue.push({ id: nextId++, image: new Uint8Array(image), resolve, reject });
      dispatch();
    });
  }

  return {
    hasRoom: () => !closed && !isFull(),
    memory: (memoryOptions) => Promise.all(slots.map((slot) => askThreadMemory(slot.worker, memoryOptions))),
    read: async (image) => (await readWithVariantLine(image)).reading,
    readWithVariantLine,
    async close() {
      closed = true;
      for (const job of queue.splice(0))
        job.reject(new LabelReaderUnavailableError('The label reader was closed.'));
      for (const slot of slots)
        takeJob(slot)?.reject(new LabelReaderUnavailableError('The label reader was closed.'));
      await Promise.all([...slots.splice(0), ...draining].map((slot) => closeWorker(slot)));
    },
  };
}
