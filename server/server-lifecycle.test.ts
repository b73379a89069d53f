// SIGTERM while uploads are being read: the real start-up and shutdown code (server-lifecycle.ts)
// in a child process (server/test/fixtures/shutdown-server.ts: the real app, database, job runner and
// reader pool, with a stand-in reader worker that takes a few seconds per photo). On PGlite the child
// opens a data directory of its own; with DATABASE_URL set it uses a fresh PostgreSQL database.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { LOCK_FILE_NAME } from './db/data-dir-lock.js';
import { images } from './db/schema.js';
import { photo } from './modules/images/test-fixtures.js';
import { projectRoot } from './project-root.js';
import { createTestDatabase, seedPgliteDataDir, type TestDatabase } from './test/database.js';
import { freePort } from './test/http-browser.js';

interface Child {
  process: ChildProcess;
  port: number;
  dataDir: string;
  database: TestDatabase | undefined;
  output: () => string;
  /** Resolves once the child's output contains `text` `times` times. */
  waitFor: (text: string, times?: number) => Promise<void>;
}

const children: Child[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL');
      await once(child.process, 'exit');
    }
    await child.database?.close();
    await rm(child.dataDir, { recursive: true, force: true });
  }
});

async function startChild(env: Record<string, string>): Promise<Child> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutdown-test-'));
  const database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  if (!database) await seedPgliteDataDir(dataDir);
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (database?.url) childEnv.DATABASE_URL = database.url;
  const child = spawn(
    process.execPath,
    [
      path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join(projectRoot, 'server', 'test', 'fixtures', 'shutdown-server.ts'),
    ],
    // An empty working directory: no .env there to change the configuration.
    { cwd: dataDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const waiters: (() => void)[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters.slice()) check();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const waitFor = (text: string, times = 1) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.split(text).length - 1 >= times) {
          waiters.splice(waiters.indexOf(check), 1);
          resolve();
        }
      };
      waiters.push(check);
      child.once('exit', (code) =>
        reject(new Error(`child exited (${code}) before printing "${text}":\n${output}`)),
      );
      check();
    });
  const started: Child = { process: child, port, dataDir, database, output: () => output, waitFor };
  children.push(started);
  await waitFor('shutdown-server ready');
  return started;
}

/** Uploads one photo as a guest; resolves with the status and body, or the network error's code. */
async function upload(
  port: number,
  bytes: Buffer,
): Promise<{ status: number; body: unknown } | { error: string }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'slab.jpg');
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/extract-comic-data`, {
      method: 'POST',
      body: form,
      headers: { 'x-requested-with': 'fetch' },
    });
    return { status: response.status, body: await response.json() };
  } catch (error) {
    return { error: String((error as { cause?: { code?: string } }).cause?.code ?? error) };
  }
}

/** A request on a fresh connection (no keep-alive pool): resolves with the status or the error code. */
function freshRequest(port: number, urlPath: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function exitCodeOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

async function storedImages(child: Child): Promise<number> {
  if (!child.database) throw new Error('PostgreSQL only');
  const [row] = await child.database.db.select({ n: count() }).from(images);
  return row!.n;
}

// A child boots tsx, the app and its database: tens of seconds on a busy machine.
const CHILD_TEST_TIMEOUT_MS = 180_000;

describe('SIGTERM', () => {
  it(
    'stops taking requests, finishes uploads being read, closes the reader pool and the database, and exits 0',
    async () => {
      const child = await startChild({ STAND_IN_READ_MS: '3000', SHUTDOWN_TIMEOUT_SECONDS: '30' });
      const bytes = await photo('jpeg', 900, 700);
      const uploads = [upload(child.port, bytes), upload(child.port, bytes)];
      // Both photos are stored and in the reader's hands when the signal arrives.
      await child.waitFor('stand-in read started', 2);
      child.process.kill('SIGTERM');
      await child.waitFor('shutting down');

      // No new request is served: refused once the listener is closed, reset if the connection slipped
      // in while it was closing (an idle connection is closed), or 503 on a connection already open.
      expect(['ECONNREFUSED', 'ECONNRESET', 503]).toContain(await freshRequest(child.port, '/healthz'));
      // The uploads in flight complete normally, with their reading.
      for (const result of await Promise.all(uploads)) {
        expect(result).toMatchObject({
          status: 200,
          body: { data: { title: 'Amazing Spider-Man', imageIds: [expect.any(String)] } },
        });
      }
      expect(await exitCodeOf(child.process)).toBe(0);
      const output = child.output();
      expect(output).toContain('label reader closed');
      expect(output).toContain('database closed');
      expect(output).toContain('"exitCode":0');
      expect(output).not.toContain('cutting them off');
      if (child.database) {
        // Both photos were recorded in PostgreSQL before the pool closed.
        expect(await storedImages(child)).toBe(2);
      } else {
        // The embedded database was closed: its data-directory lock is gone.
        expect(existsSync(path.join(child.dataDir, LOCK_FILE_NAME))).toBe(false);
      }
    },
    CHILD_TEST_TIMEOUT_MS,
  );

  it(
    'cuts off a request still in flight at the deadline, still closes everything, and exits 1',
    async () => {
      const child = await startChild({ STAND_IN_READ_MS: '60000', SHUTDOWN_TIMEOUT_SECONDS: '1' });
      const pending = upload(child.port, await photo('jpeg', 640, 480));
      await child.waitFor('stand-in read started');
      child.process.kill('SIGTERM');

      // The read would take a minute; the deadline closes its connection instead of waiting.
      expect(await pending).toEqual({ error: expect.any(String) });
      expect(await exitCodeOf(child.process)).toBe(1);
      const output = child.output();
      expect(output).toContain('cutting them off');
      expect(output).toContain('label reader closed');
      expect(output).toContain('database closed');
      if (!child.database) expect(existsSync(path.join(child.dataDir, LOCK_FILE_NAME))).toBe(false);
    },
    CHILD_TEST_TIMEOUT_MS,
  );
});
