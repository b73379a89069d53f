// The pool's own rules, with a stand-in worker script (the OCR models are not the point here and
// would cost seconds per read): a stuck read times out, its worker is terminated and replaced, and
// a full pool is reported before any work is queued; a worker that crashes (an uncaught error, or the
// thread exiting, as a native crash in onnxruntime would end it) fails only its own read, with a clear
// error, and is replaced.
import { afterEach, describe, expect, it } from 'vitest';
import { LabelReaderBusyError, LabelReaderTimeoutError, LabelReaderUnavailableError } from './errors.js';
import { createLabelReader, type LabelReader } from './label-reader.js';

// Replies with its thread id as the title; a photo whose first byte is 0 makes it hang forever,
// 3 makes it throw an uncaught error, 4 makes its thread exit.
const STAND_IN_WORKER = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', ({ id, image }) => {
  if (image[0] === 0) { for (;;) {} }
  if (image[0] === 2) { setTimeout(() => reply(id), 200); return; }
  if (image[0] === 3) { setTimeout(() => { throw new Error('model crashed'); }, 50); return; }
  if (image[0] === 4) { setTimeout(() => process.exit(7), 50); return; }
  reply(id);
});
function reply(id) {
  parentPort.postMessage({ id, ok: true, reading: { title: String(threadId) } });
}`;

const stuckPhoto = () => Buffer.from([0, 1, 2]);
const slowPhoto = () => Buffer.from([2, 1, 2]);
const quickPhoto = () => Buffer.from([1, 1, 2]);
const crashingPhoto = () => Buffer.from([3, 1, 2]);
const exitingPhoto = () => Buffer.from([4, 1, 2]);

let reader: LabelReader | undefined;
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});

function standInReader(options: { queueLimit?: number; readTimeoutMs?: number; poolSize?: number } = {}) {
  reader = createLabelReader({
    poolSize: options.poolSize ?? 1,
    queueLimit: options.queueLimit ?? 4,
    readTimeoutMs: options.readTimeoutMs ?? 10_000,
    workerEntry: { entry: STAND_IN_WORKER, eval: true },
  });
  return reader;
}

describe('label reader pool', () => {
  it('times out a stuck read, terminates that worker and serves the next read from a new one', async () => {
    const pool = standInReader({ readTimeoutMs: 400 });
    const first = await pool.read(quickPhoto());
    const started = Date.now();
    await expect(pool.read(stuckPhoto())).rejects.toBeInstanceOf(LabelReaderTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    const after = await pool.read(quickPhoto());
    // A different thread answered: the stuck one (spinning forever) was replaced.
    expect(after.title).not.toBe(first.title);
  });

  it('gives the timed-out caller a clear message', async () => {
    const pool = standInReader({ readTimeoutMs: 300 });
    await expect(pool.read(stuckPhoto())).rejects.toThrow(/took longer than/);
  });

  it('reads queued behind a stuck one still complete once it is replaced', async () => {
    const pool = standInReader({ readTimeoutMs: 300 });
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
});
