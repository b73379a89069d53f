// The embedded database's own thread: PGlite (PostgreSQL compiled to WASM) runs here and serves the
// PostgreSQL wire protocol on a Unix socket, so the server talks to it through node-postgres exactly as
// it talks to a PostgreSQL server, and the WASM's query work no longer blocks the HTTP event loop
// (docs/decisions/0020-pglite-worker-thread.md). Started by server/db/pglite-worker-host.ts, which
// holds the data-directory lock; this thread only owns the PGlite instance and the socket.
//
// PGlite has one backend session, so connections take turns: the first holds the session until it
// closes, the next waits (the main thread's pool has one connection; a second appears only while the
// pool replaces a dead one). When a connection goes, its session state goes with it: an open
// transaction is rolled back and DISCARD ALL drops its prepared statements, settings and advisory
// locks, so the next connection starts as on a fresh PostgreSQL backend.
import net from 'node:net';
import { chmod, unlink } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from './pglite.js';
import type { FromPgliteWorker, PgliteWorkerData, ToPgliteWorker } from './pglite-worker-protocol.js';
import { answerMemoryRequest } from '../worker-memory.js';

const SSL_REQUEST_CODE = 80_877_103;
const CANCEL_REQUEST_CODE = 80_877_102;
/** Message types (first byte) after start-up. */
const TERMINATE = 0x58; // 'X'
const SYNC = 0x53; // 'S'
const SIMPLE_QUERY = 0x51; // 'Q'
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);

interface Connection {
  socket: net.Socket;
  /** Bytes received and not yet handled (messages arrive split and batched). */
  buffer: Buffer;
  /** Whether the start-up message has been handled (before it, messages have no type byte). */
  started: boolean;
  /** Whether a pump loop is handling this connection's messages. */
  pumping: boolean;
  closed: boolean;
}

const data = workerData as PgliteWorkerData;
const port = parentPort!;
let db: PGlite;
let server: net.Server;
/** The connection that holds the session, and those waiting for it, in arrival order. */
let active: Connection | null = null;
const waiting: Connection[] = [];
/** Everything that touches PGlite, one after the other. */
let chain: Promise<unknown> = Promise.resolve();
let closing = false;

function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const result = chain.then(work);
  chain = result.catch(() => undefined);
  return result;
}

function post(message: FromPgliteWorker): void {
  port.postMessage(message);
}

/** The next complete message in the buffer, or null; start-up messages have no type byte. */
function takeMessage(connection: Connection): Buffer | null {
  const { buffer } = connection;
  const header = connection.started ? 5 : 4;
  if (buffer.length < header) return null;
  const length = connection.started ? 1 + buffer.readInt32BE(1) : buffer.readInt32BE(0);
  if (buffer.length < length) return null;
  const message = buffer.subarray(0, length);
  connection.buffer = buffer.subarray(length);
  return message;
}

async function handle(connection: Connection, message: Buffer): Promise<void> {
  let syncToFs = false;
  if (!connection.started) {
    const code = message.length >= 8 ? message.readInt32BE(4) : 0;
    if (code === SSL_REQUEST_CODE) {
      // Plain socket: refuse TLS, the client goes on without it.
      connection.socket.write('N');
      return;
    }
    if (code === CANCEL_REQUEST_CODE) {
      // There is no second backend to signal; the protocol expects the server to just close.
      connection.socket.end();
      return;
    }
    connection.started = true;
  } else {
    const type = message[0];
    if (type === TERMINATE) {
      // Not passed on: PGlite's single backend must outlive the connection.
      connection.socket.end();
      return;
    }
    // Flush to disk at the end of a unit of work, as PGlite itself does for its own queries.
    syncToFs = type === SYNC || type === SIMPLE_QUERY;
  }
  await exclusive(() =>
    db.execProtocolRawStream(new Uint8Array(message), {
      syncToFs,
      onRawData: (bytes) => {
        // The bytes are a view of WASM memory that the next call reuses: copy before writing.
        if (!connection.closed) connection.socket.write(Buffer.from(bytes));
      },
    }),
  );
}

async function pump(connection: Connection): Promise<void> {
  if (connection !== active || connection.pumping) return;
  connection.pumping = true;
  try {
    for (;;) {
      if (connection.closed) return;
      const message = takeMessage(connection);
      if (!message) return;
      await handle(connection, message);
    }
  } catch (error) {
    // PGlite threw instead of answering an ErrorResponse (which is how PostgreSQL's own errors come
    // back): a WASM abort or a bug, after which its state cannot be trusted. End the thread with the
    // error; the host reports it and starts a fresh PGlite on the same directory.
    connection.socket.destroy();
    setImmediate(() => {
      throw error;
    });
  } finally {
    connection.pumping = false;
  }
}

/** Hands the session to the next connection once `connection` has gone, after resetting it. */
async function release(connection: Connection): Promise<void> {
  const index = waiting.indexOf(connection);
  if (index !== -1) waiting.splice(index, 1);
  if (active !== connection) return;
  await exclusive(async () => {
    if (db.closed) return;
    try {
      // End any half-sent extended query, roll back an open transaction, then drop the session state.
      await db.execProtocolRaw(SYNC_MESSAGE, { syncToFs: false });
      if (db.isInTransaction()) await db.exec('rollback');
      await db.exec('discard all');
    } catch (error) {
      post({
        type: 'log',
        message: 'embedded database: resetting the session failed',
        error: describe(error),
      });
    }
  });
  active = null;
  while (!active && waiting.length > 0) {
    const next = waiting.shift()!;
    if (!next.closed) active = next;
  }
  if (active) void pump(active);
}

function accept(socket: net.Socket): void {
  if (closing) {
    socket.destroy();
    return;
  }
  const connection: Connection = {
    socket,
    buffer: Buffer.alloc(0),
    started: false,
    pumping: false,
    closed: false,
  };
  socket.on('data', (chunk: Buffer) => {
    connection.buffer = connection.buffer.length === 0 ? chunk : Buffer.concat([connection.buffer, chunk]);
    void pump(connection);
  });
  // 'close' follows every error; the client sees its connection end.
  socket.on('error', () => {});
  socket.on('close', () => {
    connection.closed = true;
    void release(connection);
  });
  if (active) waiting.push(connection);
  else active = connection;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

async function close(): Promise<void> {
  closing = true;
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const connection of [active, ...waiting]) connection?.socket.destroy();
  await stopped;
  // The connections' 'close' handlers have queued their session resets by now (one more turn to be
  // sure); let the last one finish, then close PGlite: it writes its state out and the directory is clean.
  await new Promise((resolve) => setImmediate(resolve));
  await chain;
  if (!db.closed) await db.close();
}

async function main(): Promise<void> {
  db = await createPglite({ dataDir: data.directory });
  // A socket file left by a crash would make listen fail with EADDRINUSE. The host holds the
  // data-directory lock, so no live server owns it.
  await unlink(data.socketPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  server = net.createServer(accept);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(data.socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Connecting needs write permission on the socket, and there is no password: only this user.
  await chmod(data.socketPath, 0o600);
  port.on('message', (message: ToPgliteWorker) => {
    // GET /internal/metrics asks what this thread holds (PGlite's WASM memory is in `external`).
    if (answerMemoryRequest(port, message)) return;
    if (message.type !== 'close') return;
    void close()
      .then(
        () => post({ type: 'closed' }),
        (error: unknown) => post({ type: 'closed', error: describe(error) }),
      )
      // Nothing is left to keep the thread alive but this port: let it end.
      .finally(() => port.unref());
  });
  post({ type: 'ready' });
}

main().catch((error: unknown) => {
  post({ type: 'failed', error: describe(error) });
  // Close what did open, so the thread can end and the host can report the failure.
  void (async () => {
    server?.close();
    if (db && !db.closed) await db.close().catch(() => undefined);
  })();
});
