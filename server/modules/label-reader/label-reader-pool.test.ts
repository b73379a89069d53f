// The pool's own rules, with a stand-in worker script (the OCR models are not the point here and
// would cost seconds per read): a stuck read times out, its worker is terminated and replaced, and
// a full pool is reported before any work is queued.
import { afterEach, describe, expect, it } from 'vitest';
import { LabelReaderBusyError, LabelReaderTimeoutError } from './errors.js';
import { createLabelReader, type LabelReader } from './label-reader.js';

// Replies with its thread id as the title; a photo whose first byte is 0 makes it hang forever.
const STAND_IN_WORKER = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', ({ id, image }) => {
  if (image[0] === 0) { for (;;) {} }
  if (image[0] === 2) { setTimeout(() => reply(id), 200); return; }
  reply(id);
});
function reply(id) {
  parentPort.postMessage({ id, ok: true, reading: { title: String(threadId) } });
}`;

const stuckPhoto = () => Buffer.from([0, 1, 2]);
const slowPhoto = () => Buffer.from([2, 1, 2]);
const quickPhoto = () => Buffer.from([1, 1, 2]);

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

  it('has no room once closed', async () => {
    const pool = standInReader();
    await pool.close();
    expect(pool.hasRoom?.()).toBe(false);
  });
});
