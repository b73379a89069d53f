// The pool's own rules, with a stand-in worker script (the OCR models are not the point here and
// would cost seconds per read): a stuck read times out, its worker is terminated and replaced, and
// a full pool is reported before any work is queued; a worker that crashes (an uncaught error, or the
// thread exiting, as a native crash in onnxruntime would end it) fails only its own read, with a clear
// error, and is replaced.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LabelReaderBusyError, LabelReaderTimeoutError, LabelReaderUnavailableError } from './errors.js';
import { createLabelReader, type LabelReader } from './label-reader.js';

// Replies with its thread id as the title; a photo whose first byte is 0 makes it hang forever,
// 2 answers after 200 ms, 3 makes it throw an uncaught error, 4 makes its thread exit, 5 answers after 1.5 s.
// Asked to close, it notes its thread id in STAND_IN_CLOSE_LOG (when set) and exits, as reader-worker.ts
// exits once it has released its models.
const STAND_IN_WORKER = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', ({ id, image, close }) => {
  if (close) {
    if (process.env.STAND_IN_CLOSE_LOG) require('node:fs').appendFileSync(process.env.STAND_IN_CLOSE_LOG, threadId + '\\n');
    process.exit(0);
  }
  if (image[0] === 0) { for (;;) {} }
  if (image[0] === 2) { setTimeout(() => reply(id), 200); return; }
  if (image[0] === 3) { setTimeout(() => { throw new Error('model crashed'); }, 50); return; }
  if (image[0] === 4) { setTimeout(() => process.exit(7), 50); return; }
  if (image[0] === 5) { setTimeout(() => reply(id), 1500); return; }
  reply(id);
});
function reply(id) {
  parentPort.postMessage({ id, ok: true, reading: { title: String(threadId) } });
}`;

const stuckPhoto = () => Buffer.from([0, 1, 2]);
const slowPhoto = () => Buffer.from([2, 1, 2]);
const quickPhoto = () => Buffer.from([1, 1, 2]);
const lateAnswerPhoto = () => Buffer.from([5, 1, 2]);
const crashingPhoto = () => Buffer.from([3, 1, 2]);
const exitingPhoto = () => Buffer.from([4, 1, 2]);

/**
 * The read timeout where the test needs a replacement worker to start and answer within it: worker
 * start-up took over 300 ms on a loaded machine and failed these tests, not the pool.
 */
const STUCK_TIMEOUT_MS = 1_500;

let reader: LabelReader | undefined;
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});

function standInReader(
  options: {
    queueLimit?: number;
    readTimeoutMs?: number;
    poolSize?: number;
    stuckWorkerLimitMs?: number;
  } = {},
) {
  reader = createLabelReader({
    poolSize: options.poolSize ?? 1,
    queueLimit: options.queueLimit ?? 4,
    readTimeoutMs: options.readTimeoutMs ?? 10_000,
    stuckWorkerLimitMs: options.stuckWorkerLimitMs ?? 500,
    workerEntry: { entry: STAND_IN_WORKER, eval: true },
  });
  return reader;
}

describe('label reader pool', () => {
  it('times out a stuck read, replaces that worker and serves the next read from a new one', async () => {
    // The timeout also covers a fresh worker's start: generous enough for a busy CI machine.
    const pool = standInReader({ readTimeoutMs: STUCK_TIMEOUT_MS });
    const first = await pool.read(quickPhoto());
    const started = Date.now();
    await expect(pool.read(stuckPhoto())).rejects.toBeInstanceOf(LabelReaderTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(STUCK_TIMEOUT_MS - 50);
    const after = await pool.read(quickPhoto());
    // A different thread answered: the stuck one (spinning forever) was replaced.
    expect(after.title).not.toBe(first.title);
  });

  it('ends a timed-out worker once its late answer comes, and keeps serving', async () => {
    // onnxruntime aborts the process when its thread is terminated mid-run, so a slow worker is ended
    // only after it answers: the late answer must neither reach the caller twice nor break the pool.
    const pool = standInReader({ readTimeoutMs: 1_000, stuckWorkerLimitMs: 60_000 });
    await expect(pool.read(lateAnswerPhoto())).rejects.toBeInstanceOf(LabelReaderTimeoutError);
    await new Promise((resolve) => setTimeout(resolve, 800)); // the 1.5 s read answers meanwhile
    await expect(pool.read(quickPhoto())).resolves.toMatchObject({ title: expect.any(String) });
    await pool.close();
  });

  it('asks a timed-out worker once it answers, and every worker at close, to release its models and exit', async () => {
    // Terminating a worker left onnxruntime's native memory behind (about 80 MB a worker).
    const log = path.join(await mkdtemp(path.join(tmpdir(), 'reader-close-')), 'closed.txt');
    process.env.STAND_IN_CLOSE_LOG = log;
    try {
      const pool = standInReader({ readTimeoutMs: 1_000, stuckWorkerLimitMs: 60_000 });
      await expect(pool.read(lateAnswerPhoto())).rejects.toBeInstanceOf(LabelReaderTimeoutError);
      await new Promise((resolve) => setTimeout(resolve, 800)); // the 1.5 s read answers meanwhile
      const fresh = await pool.read(quickPhoto());
      const closedBefore = (await readFile(log, 'utf8')).trim().split('\n');
      expect(closedBefore).toHaveLength(1);
      expect(closedBefore[0]).not.toBe(fresh.title);
      await pool.close();
      expect((await readFile(log, 'utf8')).trim().split('\n')).toEqual([closedBefore[0], fresh.title]);
    } finally {
      delete process.env.STAND_IN_CLOSE_LOG;
      await rm(path.dirname(log), { recursive: true, force: true });
    }
  });

  it('gives the timed-out caller a clear message', async () => {
    const pool = standInReader({ readTimeoutMs: 300 });
    await expect(pool.read(stuckPhoto())).rejects.toThrow(/took longer than/);
  });

  it('reads queued behind a stuck one still complete once it is replaced', async () => {
    const pool = standInReader({ readTimeoutMs: STUCK_TIMEOUT_MS });
    const stuck = pool.read(stuckPhoto());
    const queued = pool.read(quickPhoto());
    await expect(stuck).rejects.toBeInstanceOf(LabelReaderTimeoutError);
    await expect(queued).resolves.toMatchObject({ title: expect.any(String) });
  });

  it('reports no room once every worker is busy and the queue is full, and refuses the read', async () => {
    const pool = standInReader({ queueLimit: 1 });
    expect(pool.hasRoom?.()).toBe(true);
    const reads = [pool.read(slowPhoto()), pool.read(slowPhoto())]; // one reading, one queued
    expect(pool.hasRoom?.()).toBe(false);
    await expect(pool.read(quickPhoto())).rejects.toBeInstanceOf(LabelReaderBusyError);
    await Promise.all(reads);
    expect(pool.hasRoom?.()).toBe(true);
  });

  for (const [photo, how, message] of [
    [crashingPhoto, 'throws an uncaught error', /label reader worker failed: model crashed/],
    [exitingPhoto, 'exits', /label reader worker failed: worker exited with code 7/],
  ] as const) {
    it(`answers the read of a worker that ${how} with a clear error and replaces the worker`, async () => {
      const pool = standInReader();
      const first = await pool.read(quickPhoto());
      const crash = pool.read(photo());
      const queued = pool.read(quickPhoto());
      await expect(crash).rejects.toBeInstanceOf(LabelReaderUnavailableError);
      await expect(crash).rejects.toThrow(message);
      // The read waiting behind it is served by a new thread, and so is the next one.
      const after = await queued;
      expect(after.title).not.toBe(first.title);
      await expect(pool.read(quickPhoto())).resolves.toMatchObject({ title: after.title });
      expect(pool.hasRoom?.()).toBe(true);
    });
  }

  it('has no room once closed', async () => {
    const pool = standInReader();
    await pool.close();
    expect(pool.hasRoom?.()).toBe(false);
  });

  it("reports its workers' memory over their ports, without confusing the replies with readings", async () => {
    // A stand-in that answers memory requests as reader-worker.ts does (answerMemoryRequest's protocol).
    reader = createLabelReader({
      poolSize: 1,
      workerEntry: {
        entry: `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', (message) => {
  if (message.close) process.exit(0);
  if (message.type === 'memory-usage') {
    parentPort.postMessage({ type: 'memory-usage', memoryRequestId: message.memoryRequestId, memory: { heapUsedMb: 7, heapTotalMb: 9, externalMb: 3 } });
    return;
  }
  setTimeout(() => parentPort.postMessage({ id: message.id, ok: true, reading: { title: String(threadId) } }), 200);
});`,
        eval: true,
      },
    });
    // No worker before the first read: nothing to ask.
    await expect(reader.memory!()).resolves.toEqual([]);
    const reading = reader.read(quickPhoto());
    // Asked while the read is in flight: the answer goes to the asker, the reading to its caller.
    await expect(reader.memory!()).resolves.toEqual([{ heapUsedMb: 7, heapTotalMb: 9, externalMb: 3 }]);
    await expect(reading).resolves.toMatchObject({ title: expect.any(String) });
    await expect(reader.read(quickPhoto())).resolves.toMatchObject({ title: expect.any(String) });
  });
});
