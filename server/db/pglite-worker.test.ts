// The embedded database as the server runs it: PGlite in a worker thread behind a Unix socket,
// reached through node-postgres (docs/decisions/0020). Runs on PGlite whatever DATABASE_URL says.
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './client.js';
import { runMigrations } from './migrate.js';
import { isDatabaseUnavailable } from './errors.js';
import { LOCK_FILE_NAME } from './data-dir-lock.js';
import { startPgliteWorker } from './pglite-worker-host.js';
import { seedPgliteDataDir } from '../test/database.js';

describe('the embedded database in its worker thread', () => {
  let dataDir: string;
  let database: Database;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pglite-worker-'));
    await seedPgliteDataDir(dataDir);
    database = await openDatabase({ dataDir });
  });

  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is reached through node-postgres and reports itself as PGlite', async () => {
    expect(database.kind).toBe('pglite');
    expect(database.driver).toBe('pg');
    await database.ping();
    const [row] = await queryRows<{ version: string }>(database.db, sql`select version() as version`);
    expect(row?.version).toMatch(/PostgreSQL/);
  });

  it('serves its socket in the data directory to this user only', async () => {
    const socket = await stat(path.join(dataDir, '.s.PGSQL.5432'));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it('finds the migrations applied and applies none again', async () => {
    expect((await runMigrations(database)).applied).toEqual([]);
  });

  it('has the extensions the migrations need (pg_trgm)', async () => {
    const [row] = await queryRows<{ score: number }>(
      database.db,
      sql`select similarity('amazing spider-man', 'amazing spiderman') as score`,
    );
    expect(Number(row?.score)).toBeGreaterThan(0.5);
  });

  it('runs parameterised queries and keeps what a committed transaction wrote', async () => {
    await database.db.execute(sql`create table worker_probe (id int primary key, note text)`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (${1}, ${'kept'})`);
    });
    const rows = await queryRows<{ note: string }>(
      database.db,
      sql`select note from worker_probe where id = ${1}`,
    );
    expect(rows).toEqual([{ note: 'kept' }]);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (${2}, ${'rolled back'})`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await queryRows<{ id: number }>(database.db, sql`select id from worker_probe order by id`);
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('answers PostgreSQL errors with their SQLSTATE, and the session goes on', async () => {
    const error = await database.db
      .execute(sql`insert into worker_probe values (${1}, ${'duplicate'})`)
      .catch((caught: unknown) => caught);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('23505');
    await database.ping();
  });

  it('serves queries from several requests at once, one after the other', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        queryRows<{ n: number }>(database.db, sql`select ${index}::int as n`),
      ),
    );
    expect(results.map(([row]) => row?.n)).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it('refuses a second opener of the same data directory', async () => {
    await expect(openDatabase({ dataDir, holder: 'a test' })).rejects.toThrow(/in use by another process/);
  });

  it('closes cleanly, and a restart on the same data directory finds the data', async () => {
    await database.close();
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    expect(existsSync(path.join(dataDir, '.s.PGSQL.5432'))).toBe(false);
    database = await openDatabase({ dataDir });
    const rows = await queryRows<{ note: string }>(database.db, sql`select note from worker_probe`);
    expect(rows).toEqual([{ note: 'kept' }]);
  });
});

describe('a new connection to the worker', () => {
  it('starts with a fresh session: no open transaction, prepared statement or advisory lock of the last one', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pglite-worker-'));
    await seedPgliteDataDir(dataDir);
    const host = await startPgliteWorker({ directory: path.join(dataDir, 'pglite'), socketDir: dataDir });
    try {
      const first = new pg.Client(host.connection);
      await first.connect();
      await first.query('create table session_probe (id int)');
      await first.query({ name: 'probe', text: 'select count(*)::int as n from session_probe' });
      await first.query('select pg_advisory_lock(42)');
      await first.query('begin');
      await first.query('insert into session_probe values (1)');
      // Gone mid-transaction, as a client whose process died.
      const gone = once(first, 'end');
      first.end().catch(() => undefined);
      await gone;

      const second = new pg.Client(host.connection);
      await second.connect();
      try {
        // The same statement name prepares again (DEALLOCATE ALL ran), and the insert was rolled back.
        const counted = await second.query({
          name: 'probe',
          text: 'select count(*)::int as n from session_probe',
        });
        expect(counted.rows).toEqual([{ n: 0 }]);
        const locked = await second.query('select pg_try_advisory_lock(42) as got');
        expect(locked.rows).toEqual([{ got: true }]);
      } finally {
        await second.end();
      }
    } finally {
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    // Starting a PGlite thread takes seconds on a loaded machine, and this test starts two.
  }, 180_000);
});

describe('a worker that crashes', () => {
  it('fails the queries with an error the app answers with 503, then serves again after its restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pglite-worker-'));
    await seedPgliteDataDir(dataDir);
    const logged: string[] = [];
    const host = await startPgliteWorker({
      directory: path.join(dataDir, 'pglite'),
      socketDir: dataDir,
      log: (message) => logged.push(message),
    });
    const pool = new pg.Pool({ ...host.connection, max: 1, connectionTimeoutMillis: 5_000 });
    pool.on('error', () => {});
    try {
      await pool.query('create table crash_probe (id int)');
      await pool.query('insert into crash_probe values (1)');
      const crashed = host.thread;
      // A long query in flight when the thread dies: it must fail, not hang.
      const inFlight = pool.query('select pg_sleep(5)').catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await crashed.terminate();
      expect(isDatabaseUnavailable(await inFlight)).toBe(true);
      const refused = await pool.query('select 1').catch((error: unknown) => error);
      expect(isDatabaseUnavailable(refused)).toBe(true);

      // The host restarts the thread; the pool reconnects and the data is there.
      let rows: unknown[] | undefined;
      // Until it answers (a new thread boots PGlite: seconds, tens on a loaded machine); the test's timeout bounds it.
      while (!rows) {
        rows = await pool.query('select id from crash_probe').then(
          (result) => result.rows,
          () => undefined,
        );
        if (!rows) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(rows).toEqual([{ id: 1 }]);
      expect(host.thread).not.toBe(crashed);
      expect(logged.some((line) => line.includes('stopped unexpectedly'))).toBe(true);
    } finally {
      await pool.end();
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    // Starting a PGlite thread takes seconds on a loaded machine, and this test starts two.
  }, 180_000);
});
