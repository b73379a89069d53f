import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { startPgliteWorker } from './pglite-worker-host.js';
import type { ThreadMemory } from '../worker-memory.js';

export { createPglite, PGLITE_EXTENSIONS } from './pglite.js';

/** The Drizzle handle every repository uses, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle plus what the process needs to check and close it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * How the app reaches it: 'pg' is node-postgres over a socket (PostgreSQL, and the server's embedded
   * PGlite in its worker thread); 'pglite' is a PGlite instance in this thread (tests).
   */
  driver: 'pg' | 'pglite';
  /** Throws when the database cannot answer a trivial query (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's worker thread: what its JavaScript engine holds (PGlite's WASM memory included). */
  workerMemory?(options?: { gc?: boolean }): Promise<ThreadMemory | null>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** Data directory for PGlite (the database lives in `<dataDir>/pglite`). */
  dataDir: string;
  poolSize?: number;
  /** Who holds the PGlite data directory, named to anyone refused (default 'server'). */
  holder?: string;
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`, which Drizzle's shared type hides. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Pool settings that keep a lost database from hanging requests: a connection that cannot be had
 * within 5 s fails (the request answers 503) instead of waiting forever (node-postgres's default),
 * and TCP keep-alive notices a server that vanished without closing the socket.
 */
export function poolOptions(url: string, poolSize = 10): pg.PoolConfig {
  return { connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000, keepAlive: true };
}

/**
 * Opens PostgreSQL through a pool when a URL is given, otherwise PGlite under the data directory.
 * PGlite runs in a worker thread that speaks the PostgreSQL protocol on a Unix socket, and the app
 * reaches it through the same node-postgres code as PostgreSQL (docs/decisions/0020). PGlite serves
 * one process per directory, so this takes the data-directory lock first (in this thread, which
 * outlives worker restarts) and throws DataDirLockedError (with a message fit for the terminal) when
 * another process holds it.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    return databaseFromPool(new pg.Pool(poolOptions(options.url, options.poolSize)));
  }
  await mkdir(options.dataDir, { recursive: true });
  const lock = await acquireDataDirLock(options.dataDir, options.holder);
  try {
    const directory = path.join(options.dataDir, 'pglite');
    await mkdir(directory, { recursive: true });
    const worker = await startPgliteWorker({ directory, socketDir: options.dataDir });
    // One connection: PGlite has a single backend session, so more would only queue in the worker.
    // Idle connections stay open (idleTimeoutMillis 0): each new one costs a session reset there and
    // re-preparing the named statements. Every query waits for that one connection, so the wait is a
    // queue, not a sign of a lost server (a dead worker fails at once: its socket closes): 30 s
    // instead of PostgreSQL's 5 s, so a busy moment does not turn into 503s; it still bounds a hang.
    const pool = new pg.Pool({
      ...worker.connection,
      max: 1,
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: 30_000,
    });
    return databaseFromPool(pool, {
      kind: 'pglite',
      workerMemory: (memoryOptions) => worker.memory(memoryOptions),
      afterClose: async () => {
        try {
          await worker.close();
        } finally {
          await lock.release();
        }
      },
    });
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** Wraps an open PGlite instance; `afterClose` runs once the instance is closed (e.g. to drop a lock). */
export function databaseFromPglite(client: PGlite, afterClose?: () => Promise<void>): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    driver: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    // Idempotent: shutdown paths and tests may both close it.
    close: () =>
      (closing ??= (async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          await afterClose?.();
        }
      })()),
  };
}

/**
 * Wraps a node-postgres pool; closing the Database ends the pool, then runs `afterClose` (the
 * embedded database's worker and lock). `kind` says what is behind the pool (default PostgreSQL).
 */
export function databaseFromPool(
  pool: pg.Pool,
  options: {
    kind?: Database['kind'];
    afterClose?: () => Promise<void>;
    workerMemory?: (options?: { gc?: boolean }) => Promise<ThreadMemory | null>;
  } = {},
): Database {
  // When a backend goes away (a database restart, an administrator's pg_terminate_backend, a test
  // database dropped WITH (FORCE)), node-postgres emits 'error' on the pool for an idle connection and
  // on the client itself for one that is checked out. Unhandled, that event crashes the process. The
  // query in flight, if any, still fails with the error, and the pool replaces the dead connection,
  // so these listeners only keep the process alive; /readyz reports the database's state.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: options.kind ?? 'postgres',
    driver: 'pg',
    ...(options.workerMemory ? { workerMemory: options.workerMemory } : {}),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () =>
      (closing ??= (async () => {
        try {
          await pool.end();
        } finally {
          await options.afterClose?.();
        }
      })()),
  };
}

// --- Logging database errors -------------------------------------------------------------------

/** Error fields that name the failure without quoting any value (pg's DatabaseError, Fastify's, Node's). */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
];

/**
 * Drizzle's "Failed query: <sql>\nparams: <values>" loses everything from its params line on, and
 * PostgreSQL's messages that end by quoting the offending value ('invalid input syntax for type
 * integer: "<value>"') lose the value.
 */
function withoutParams(text: string): string {
  const at = text.indexOf('\nparams: ');
  const cut = at === -1 ? text : text.slice(0, at);
  return cut.replace(/: "[\s\S]*"$/, ': "[value not logged]"');
}

/**
 * A loggable copy of an error that never carries query parameters: Drizzle's DrizzleQueryError puts
 * every bound value (password hashes, emails, tokens) in its `params` field and in its message, and
 * pg's `detail` quotes values ("Key (email)=(...) already exists"). Keeps the type, the message
 * without values, the stack, the SQL text and pg's error code, down the `cause` chain. Used as the
 * logger's `err` serializer, so every `log.error({ err })` in the app goes through it.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const message = withoutParams(error.message);
  const out: Record<string, unknown> = {
    type: error.name,
    message,
    stack: error.stack ? error.stack.replace(error.message, message) : undefined,
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of SAFE_ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (typeof fields.query === 'string') out.query = fields.query;
  if (error.cause !== undefined && depth < 5) out.cause = loggableError(error.cause, depth + 1);
  return out;
}
