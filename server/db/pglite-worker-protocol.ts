// Messages between the database worker thread (pglite-worker.ts) and its host (pglite-worker-host.ts).

export interface PgliteWorkerData {
  /** PGlite's data directory (`<DATA_DIR>/pglite`). */
  directory: string;
  /** Where the worker serves the PostgreSQL protocol (`<dir>/.s.PGSQL.<port>`, as libpq names it). */
  socketPath: string;
}

export type ToPgliteWorker = { type: 'close' };

export type FromPgliteWorker =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'closed'; error?: string }
  | { type: 'log'; message: string; error: string };
