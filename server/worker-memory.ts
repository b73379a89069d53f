// What one thread's JavaScript engine holds, asked over a worker's message port, so GET /internal/metrics
// can say which thread grows (docs/decisions/0025-server-memory-across-bursts.md). The resident size (rss)
// is the whole process's and cannot be split by thread; V8's heap and its external memory (Buffers,
// ArrayBuffers and WebAssembly memories: PGlite's WASM heap) are per thread. Native allocations made
// outside V8 (libvips, onnxruntime) show in none of these, only in the rss.
import type { MessagePort, Worker } from 'node:worker_threads';

/** One thread's V8 figures, in MB. */
export interface ThreadMemory {
  heapUsedMb: number;
  heapTotalMb: number;
  /** Memory outside V8's heap that V8 knows of: Buffers, ArrayBuffers, WebAssembly memories. */
  externalMb: number;
}

const TYPE = 'memory-usage';

export interface MemoryRequest {
  readonly type: typeof TYPE;
  readonly memoryRequestId: number;
  /** Collect garbage first (only when the process runs with --expose-gc): the live size, not the high water. */
  readonly gc?: boolean;
}

export interface MemoryReply extends MemoryRequest {
  readonly memory: ThreadMemory;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * This thread's figures (process.memoryUsage's heap fields are per thread inside a worker). With `gc`
 * and the process started with --expose-gc (the load bench's BENCH_GC=1), a full collection runs first.
 */
export function threadMemory(gc = false): ThreadMemory {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (gc && collect) collect();
  const usage = process.memoryUsage();
  return { heapUsedMb: mb(usage.heapUsed), heapTotalMb: mb(usage.heapTotal), externalMb: mb(usage.external) };
}

function isMessage(message: unknown): message is MemoryRequest {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === TYPE &&
    typeof (message as { memoryRequestId?: unknown }).memoryRequestId === 'number'
  );
}

/** In a worker: answers the message when it is a memory request; true when it was one. */
export function answerMemoryRequest(port: MessagePort, message: unknown): boolean {
  if (!isMessage(message)) return false;
  const { memoryRequestId, gc } = message;
  const reply: MemoryReply = { type: TYPE, memoryRequestId, memory: threadMemory(gc === true) };
  port.postMessage(reply);
  return true;
}

/** On the host: true for a worker's answer to a memory request (the host's own handler skips it). */
export function isMemoryReply(message: unknown): message is MemoryReply {
  return isMessage(message) && typeof (message as { memory?: unknown }).memory === 'object';
}

let nextRequestId = 1;

/**
 * Asks a worker for its figures; null when it does not answer within `timeoutMs` (a label reader busy in
 * synchronous work answers only between steps) or has ended.
 */
export function askThreadMemory(
  worker: Worker,
  { gc = false, timeoutMs = 1000 }: { gc?: boolean; timeoutMs?: number } = {},
): Promise<ThreadMemory | null> {
  const memoryRequestId = nextRequestId++;
  return new Promise((resolve) => {
    const done = (memory: ThreadMemory | null) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve(memory);
    };
    const onMessage = (message: unknown) => {
      if (isMemoryReply(message) && message.memoryRequestId === memoryRequestId) done(message.memory);
    };
    const onExit = () => done(null);
    const timer = setTimeout(() => done(null), timeoutMs);
    worker.on('message', onMessage);
    worker.on('exit', onExit);
    try {
      worker.postMessage({ type: TYPE, memoryRequestId, gc } satisfies MemoryRequest);
    } catch {
      done(null);
    }
  });
}
