// The database goes away in the middle of traffic. On PostgreSQL (DATABASE_URL set, as CI's second
// run does): requests wait inside their transactions, then every backend of the test database is
// terminated with pg_terminate_backend while new connections are refused (ALLOW_CONNECTIONS false,
// what a restarting server looks like). The requests in flight answer 503 with a clear message,
// /readyz reports the outage, nothing is half written, and once connections are allowed again the
// app recovers by itself (the pool replaces its dead connections) and a retried submit succeeds once.
// On the embedded database (which lives inside the process and cannot go away on its own) the same
// app runs on the real PostgreSQL driver pointed at an address where no server listens: the parts
// that apply (503 with the message, /readyz, no hang) are checked there.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { healthRoutes } from '../modules/health/routes.js';
import { errorsPlugin } from '../plugins/errors.js';
import { databaseFromPool, poolOptions, queryRows, type Database } from '../db/client.js';
import { comics, submissions } from '../db/schema.js';
import { createTestApp, type TestApp } from './app.js';
import { freePort } from './http-browser.js';
import { comicInput, signedInSeller, type Caller } from './lifecycle-api.js';

const DATABASE_UNAVAILABLE = {
  message: 'The database is unavailable right now. Please try again in a few seconds.',
  code: 'database_unavailable',
};

/** POST /api/submissions as `seller` with an Idempotency-Key. */
function submit(t: TestApp, seller: Caller, key: string, title: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: { 'x-requested-with': 'fetch', cookie: seller.cookie, 'idempotency-key': key },
    payload: { comics: [comicInput(title)] },
  });
}

/** Polls `check` every 100 ms until it is true (at most `tries` times); returns whether it became true. */
async function eventually(check: () => Promise<boolean>, tries = 300): Promise<boolean> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

if (process.env.DATABASE_URL) {
  describe('the PostgreSQL server terminates every connection mid-traffic', () => {
    let t: TestApp;
    let admin: pg.Client;
    let databaseName: string;
    beforeAll(async () => {
      t = await createTestApp();
      const url = new URL(t.database.url!);
      databaseName = decodeURIComponent(url.pathname.slice(1));
      // The administrator works from the maintenance database, so terminating the test database's
      // backends never cuts its own connection.
      url.pathname = '/postgres';
      admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.query(`alter database "${databaseName}" allow_connections true`).catch(() => {});
      await admin?.end();
      await t?.close();
    });

    it('answers 503 to requests in flight, reports it on /readyz, writes nothing half, and recovers by itself', async () => {
      const seller = await signedInSeller(t);
      const before = await submit(t, seller, randomUUID(), 'Before the outage');
      expect(before.statusCode).toBe(201);

      // Three submits wait inside their transactions: the submission row is inserted, the comics
      // insert waits for a lock another session holds on the comics table.
      const locker = new pg.Client({ connectionString: t.database.url! });
      locker.on('error', () => {});
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table comics in access exclusive mode');
      const keys = [randomUUID(), randomUUID(), randomUUID()];
      const inFlight = keys.map((key, index) => submit(t, seller, key, `In flight ${index}`));
      const waiting = await eventually(async () => {
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = $1 and wait_event_type = 'Lock'`,
          [databaseName],
        );
        return rows[0]!.n === keys.length;
      });
      expect(waiting).toBe(true);

      // The outage: no new connections, every existing backend terminated (the locker's too).
      await admin.query(`alter database "${databaseName}" allow_connections false`);
      const { rows: terminated } = await admin.query<{ ok: boolean }>(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1',
        [databaseName],
      );
      expect(terminated.length).toBeGreaterThanOrEqual(keys.length + 1);

      for (const response of await Promise.all(inFlight)) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual(DATABASE_UNAVAILABLE);
        expect(response.headers['retry-after']).toBe('5');
      }
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'not_ready' });
      // A new request (its session is looked up in the database) fails the same clear way.
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/submissions',
        headers: { cookie: seller.cookie },
      });
      expect(list.statusCode).toBe(503);
      expect(list.json()).toEqual(DATABASE_UNAVAILABLE);
      // The process itself keeps answering.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      // The server is back: the app recovers without a restart.
      await admin.query(`alter database "${databaseName}" allow_connections true`);
      const recovered = await eventually(
        async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200,
      );
      expect(recovered).toBe(true);

      // Nothing was half written: only the submission made before the outage exists, with its comic.
      const own = await t.database.db
        .select({ id: submissions.id })
        .from(submissions)
        .where(eq(submissions.userId, seller.user.id));
      expect(own).toHaveLength(1);
      const orphans = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from submissions s where not exists (select 1 from comics c where c.submission_id = s.id)`,
      );
      expect(orphans[0]!.n).toBe(0);

      // The seller's retries (same Idempotency-Key) now succeed, once each.
      for (const [index, key] of keys.entries()) {
        const retry = await submit(t, seller, key, `In flight ${index}`);
        expect(retry.statusCode).toBe(201);
        const again = await submit(t, seller, key, `In flight ${index}`);
        expect(again.json()).toMatchObject({ id: retry.json<{ id: string }>().id });
      }
      const [after] = await t.database.db
        .select({ n: count() })
        .from(submissions)
        .where(eq(submissions.userId, seller.user.id));
      expect(after!.n).toBe(1 + keys.length);
      const [comicRows] = await t.database.db.select({ n: count() }).from(comics);
      expect(comicRows!.n).toBe(1 + keys.length);
    }, 120_000);
  });
} else {
  // The app cannot be built without its database (sign-in reads its keys at start), so the parts that
  // apply are assembled around the real pieces: the error handler, the health routes and a query route
  // on the real PostgreSQL driver whose server is gone (nothing listens on the port).
  describe('the database server cannot be reached (embedded run: the PostgreSQL driver, nothing listening)', () => {
    let app: FastifyInstance;
    let unreachable: Database;
    beforeAll(async () => {
      const port = await freePort();
      unreachable = databaseFromPool(new pg.Pool(poolOptions(`postgres://nobody@127.0.0.1:${port}/gone`, 2)));
      app = Fastify({ logger: false });
      await app.register(errorsPlugin);
      await app.register(healthRoutes, { database: unreachable });
      app.get('/query', async () => queryRows(unreachable.db, sql`select 1 as one`));
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await unreachable?.close();
    });

    it('reports it on /readyz while /healthz still answers', async () => {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'not_ready' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });

    it('answers a request whose query cannot reach the database with 503, Retry-After and a clear message', async () => {
      const responses = await Promise.all([1, 2, 3].map(() => app.inject({ method: 'GET', url: '/query' })));
      for (const response of responses) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual(DATABASE_UNAVAILABLE);
        expect(response.headers['retry-after']).toBe('5');
      }
    });
  });
}
