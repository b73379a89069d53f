// Per-thread memory figures over a worker's message port (GET /internal/metrics asks the embedded
// database's worker and the label reader's workers this way).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { askThreadMemory, isMemoryReply, threadMemory } from './worker-memory.js';

// Workers do not get vitest's transform: register tsx in the thread, then import the TypeScript module.
const tsxApi = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs'),
).href;
const moduleUrl = new URL('./worker-memory.ts', import.meta.url).href;

/** A worker that holds `holdMb` MB in a Buffer and answers memory requests with answerMemoryRequest. */
function answeringWorker(holdMb: number): Worker {
  const code = `
const { parentPort } = require('node:worker_threads');
globalThis.held = Buffer.alloc(${holdMb} * 2 ** 20, 1);
import(${JSON.stringify(tsxApi)})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl)}); })
  .then(({ answerMemoryRequest }) => {
    parentPort.on('message', (message) => {
      if (!answerMemoryRequest(parentPort, message)) parentPort.postMessage({ other: message });
    });
    parentPort.postMessage('ready');
  });`;
  return new Worker(code, { eval: true });
}

const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.terminate()));
});

describe('worker memory', () => {
  it("gives this thread's heap and external memory in MB", () => {
    const memory = threadMemory();
    expect(memory.heapUsedMb).toBeGreaterThan(0);
    expect(memory.heapTotalMb).toBeGreaterThanOrEqual(memory.heapUsedMb);
    expect(memory.externalMb).toBeGreaterThanOrEqual(0);
  });

  it("asks a worker for its own figures: what that thread holds, not this one's", async () => {
    const worker = answeringWorker(40);
    workers.push(worker);
    await new Promise((resolve) => worker.once('message', resolve));
    const memory = await askThreadMemory(worker, { timeoutMs: 5_000 });
    expect(memory).not.toBeNull();
    expect(memory!.externalMb).toBeGreaterThanOrEqual(40);
    expect(memory!.heapUsedMb).toBeGreaterThan(0);
    // Other messages still reach the worker's own handler.
    worker.postMessage({ type: 'close' });
    const echoed = await new Promise((resolve) => worker.once('message', resolve));
    expect(echoed).toEqual({ other: { type: 'close' } });
    expect(isMemoryReply(echoed)).toBe(false);
  });

  it('answers null when the worker does not answer in time, or has ended', async () => {
    const silent = new Worker(
      `setInterval(() => {}, 1000); require('node:worker_threads').parentPort.on('message', () => {});`,
      {
        eval: true,
      },
    );
    workers.push(silent);
    const started = Date.now();
    await expect(askThreadMemory(silent, { timeoutMs: 200 })).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
    const ended = new Worker(`setTimeout(() => process.exit(0), 20)`, { eval: true });
    workers.push(ended);
    await expect(askThreadMemory(ended, { timeoutMs: 10_000 })).resolves.toBeNull();
  });
});
