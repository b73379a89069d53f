// Runs the embedded database (PGlite) in a worker thread that serves the PostgreSQL protocol on a
// Unix socket (server/db/pglite-worker.ts), so the server reaches it through node-postgres like any
// PostgreSQL server and PGlite's WASM work runs off the HTTP event loop. Why, and what was measured:
// docs/decisions/0020-pglite-worker-thread.md. The caller holds the data-directory lock.
import os from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromPgliteWorker, PgliteWorkerData } from './pglite-worker-protocol.js';
import { askThreadMemory, type ThreadMemory } from '../worker-memory.js';

/** The port in the socket's name (`.s.PGSQL.<port>`): node-postgres builds the path from host and port. */
const SOCKET_PORT = 5432;
/** sun_path holds 108 bytes on Linux, 104 on macOS; a longer path cannot be bound. */
const MAX_SOCKET_PATH = 100;
/** How long a worker may take to close PGlite before it is terminated. */
const CLOSE_TIMEOUT_MS = 15_000;
/** Restarts after a crash wait this long, doubling up to the maximum while the worker keeps failing. */
const RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;

export interface PgliteWorkerOptions {
  /** PGlite's data directory (`<DATA_DIR>/pglite`). */
  directory: string;
  /** Where the socket goes when its path is short enough (the data directory). */
  socketDir: string;
  /** Reports a worker crash, a restart, a failed session reset. Default: console.error. */
  log?: (message: string, error?: string) => void;
}

export interface PgliteWorkerHost {
  /** node-postgres connection settings for the worker's socket. */
  readonly connection: { host: string; port: number; user: string; database: string };
  /** The thread serving now (a restart replaces it); tests end it to see a crash handled. */
  readonly thread: Worker;
  /** Closes PGlite in the worker (its files are left consistent) and waits for the thread to end. Idempotent. */
  close(): Promise<void>;
  /** What the worker's JavaScript engine holds, PGlite's WASM memory included; null when it does not answer. */
  memory(options?: { gc?: boolean }): Promise<ThreadMemory | null>;
}

/** How to start the worker: the emitted .js next to this file in dist/node, or the .ts source under tsx/vitest. */
function workerSpec(): { entry: URL | string; eval: boolean } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    // Neither tsx's loader nor vitest's transform reaches a worker thread: register tsx there first
    // (the same as the label reader's workers, server/modules/label-reader/label-reader.ts).
    const tsxCjs = createRequire(import.meta.url).resolve('tsx/esm/api');
    const tsxApi = pathToFileURL(tsxCjs.replace(/\.cjs$/, '.mjs')).href;
    const entry = new URL('./pglite-worker.ts', import.meta.url).href;
    const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    return { entry: code, eval: true };
  }
  const url = new URL('./pglite-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(url))) throw new Error(`database worker not found at ${url.href}`);
  return { entry: url, eval: false };
}

/** Starts the worker and resolves once it serves the socket; rejects when PGlite cannot start. */
export async function startPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteWorkerHost> {
  const log = options.log ?? ((message, error) => console.error(error ? `${message}\n${error}` : message));
  let socketDir = path.resolve(options.socketDir);
  let ownSocketDir = false;
  if (Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`)) > MAX_SOCKET_PATH) {
    // A deep DATA_DIR: a private directory of our own instead (mode 0700, so only this user connects).
    socketDir = await mkdtemp(path.join(os.tmpdir(), 'comic-pglite-'));
    ownSocketDir = true;
  }
  const workerData: PgliteWorkerData = {
    directory: options.directory,
    socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
  };
  const spec = workerSpec();

  let worker: Worker;
  let closing: Promise<void> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let restartDelay = RESTART_DELAY_MS;

  /** Spawns a worker; resolves when it is ready, rejects when it fails or exits first. */
  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      const current = new Worker(spec.entry, { eval: spec.eval, workerData });
      worker = current;
      let ready = false;
      let failure: string | undefined;
      current.on('message', (message: FromPgliteWorker) => {
        if (message.type === 'ready') {
          ready = true;
          resolve();
        } else if (message.type === 'failed') {
          failure = message.error;
        } else if (message.type === 'log') {
          log(message.message, message.error);
        } else if (message.type === 'closed' && message.error) {
          log('embedded database: closing PGlite failed', message.error);
        }
      });
      // An uncaught exception in the worker: 'exit' follows, which handles it.
      current.on('error', (error) => (failure ??= error.stack ?? error.message));
      current.on('exit', (code) => {
        if (!ready) {
          reject(new Error(`The embedded database could not start: ${failure ?? `worker exited (${code})`}`));
          return;
        }
        if (closing) return;
        // A crash while serving: queries in flight have already failed (their connection closed) and new
        // ones fail to connect, which the app answers with 503, until a new worker serves the socket.
        log(
          `embedded database: the worker thread stopped unexpectedly (exit code ${code}); restarting it in ${restartDelay} ms`,
          failure,
        );
        scheduleRestart();
      });
    });

  const scheduleRestart = () => {
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (closing) return;
      spawn().then(
        () => {
          restartDelay = RESTART_DELAY_MS;
          log('embedded database: the worker thread was restarted');
        },
        (error: unknown) => {
          restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
          log(`embedded database: restarting failed; next try in ${restartDelay} ms`, String(error));
          if (!closing) scheduleRestart();
        },
      );
    }, restartDelay);
  };

  try {
    await spawn();
  } catch (error) {
    if (ownSocketDir) await rm(socketDir, { recursive: true, force: true });
    throw error;
  }

  const close = () =>
    (closing ??= (async () => {
      clearTimeout(restartTimer);
      const current = worker;
      if (current.threadId !== -1) {
        const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
        current.postMessage({ type: 'close' });
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), CLOSE_TIMEOUT_MS);
        });
        const late = await Promise.race([exited.then(() => false), timedOut]);
        clearTimeout(timer);
        if (late) {
          log(
            `embedded database: the worker did not close PGlite within ${CLOSE_TIMEOUT_MS} ms; terminating it`,
          );
          await current.terminate();
        }
      }
      if (ownSocketDir) await rm(socketDir, { recursive: true, force: true });
    })());

  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    get thread() {
      return worker;
    },
    close,
    memory: (options) => askThreadMemory(worker, options),
  };
}
