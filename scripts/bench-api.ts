// Measures the staff dashboard's API at scale: seeds 100,000 submissions (about 300,000 comics,
// 20,000 sellers, their status events), serves the real app, and drives each endpoint from a separate
// process (scripts/bench-api-load.mjs, autocannon) printing median and p95 latency and requests per
// second, next to /healthz as the ceiling of the same server.
// Usage: npm run bench:api                       (embedded PGlite in a temporary folder)
//        DATABASE_URL=postgres://... npm run bench:api  (PostgreSQL: a throw-away database on that server)
// Knobs: BENCH_SUBMISSIONS (100000), BENCH_CONNECTIONS (10), BENCH_DURATION seconds per endpoint (8),
// BENCH_KEEP_DATABASE=1 (PostgreSQL: keep the seeded database for EXPLAIN).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import {
  databaseFromPglite,
  databaseFromPool,
  createPglite,
  queryRows,
  type Database,
} from '../server/db/client.js';
import { runMigrations } from '../server/db/migrate.js';
import { sessionCookieName } from '../server/modules/auth/auth-plugin.js';
import { createSession } from '../server/modules/auth/session-store.js';
import { projectRoot } from '../server/project-root.js';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);
const SELLERS = Math.max(1, Math.round(SUBMISSIONS / 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const run = promisify(execFile);

/** Opens the database the bench uses, and how to throw it away afterwards. */
async function openBenchDatabase(): Promise<{
  database: Database;
  label: string;
  dispose: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = await createPglite();
    return { database: databaseFromPglite(client), label: 'PGlite (in process)', dispose: async () => {} };
  }
  const name = `bench_api_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = databaseFromPool(new pg.Pool({ connectionString: target.toString(), max: 10 }));
  return {
    database,
    label: `PostgreSQL (${target.host})`,
    dispose: async () => {
      if (process.env.BENCH_KEEP_DATABASE === '1') return console.log(`kept database ${name}`);
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Set-based seeding: a few INSERT ... SELECT statements, not 400,000 round trips. */
async function seed(database: Database): Promise<void> {
  const { db } = database;
  await db.execute(sql`
    insert into users (email, username, first_name, last_name, payment_email)
    select 'seller' || i || '@example.com', 'seller_' || i, 'Seller', 'Number ' || i,
           case when i % 3 = 0 then 'pay' || i || '@example.com' end
    from generate_series(1, ${SELLERS}) as i`);
  // Statuses roughly as a running shop has them: most paid, a queue awaiting review, some in flight.
  await db.execute(sql`
    with sellers as (select id, row_number() over (order by email) as n from users where role = 'user')
    insert into submissions (user_id, status, created_at, total_estimated_value_cents, tracking_id, carrier,
                             total_cash_offer_cents, total_store_credit_offer_cents)
    select sellers.id,
      (array['awaiting_review','awaiting_review','pending','awaiting_shipment','shipped','inspecting_submission',
             'paid','paid','paid','paid','paid','paid','declined','cancelled','dispute','resolved',
             'paid','paid','paid','paid'])[1 + i % 20],
      now() - (i * interval '5 minutes'),
      case when i % 17 = 0 then null else (i * 7919) % 500000 end,
      case when i % 20 in (4, 5, 6) then '1Z' || lpad(upper(to_hex(i)), 16, '0') end,
      case when i % 20 in (4, 5, 6) then 'UPS' end,
      case when i % 20 not in (0, 1) then (i * 7919) % 300000 end,
      case when i % 20 not in (0, 1) then (i * 7919) % 350000 end
    from generate_series(1, ${SUBMISSIONS}) as i
    join sellers on sellers.n = 1 + i % ${SELLERS}`);
  await db.execute(sql`
    insert into comics (submission_id, position, title, issue_number, publisher, cgc_grade, cgc_cert_number,
                        estimated_value_cents, cash_offer_cents, store_credit_offer_cents, admin_status, confidence)
    select s.id, p,
      (array['Amazing Spider-Man','Batman','X-Men','Saga','Spawn','Detective Comics','Hulk','Walking Dead',
             'Fantastic Four','Action Comics','Daredevil','Venom','Wolverine','Superman','Teen Titans',
             'Iron Man','Thor','Avengers','Sandman','Watchmen'])[1 + (n + p) % 20],
      (1 + (n * 31 + p) % 700)::text,
      (array['Marvel Comics','DC Comics','Image Comics','Dark Horse','IDW','Boom! Studios','Valiant',
             'Archie Comics'])[1 + (n + p) % 8],
      (array[9.8, 9.6, 9.4, 9.2, 9.0, 8.5, 8.0, 7.5])[1 + (n + p) % 8],
      lpad(((n * 5 + p) % 10000000000)::text, 10, '0'),
      (n * 7919 + p) % 200000,
      case when s.status not in ('awaiting_review') then (n * 7919 + p) % 120000 end,
      case when s.status not in ('awaiting_review') then (n * 7919 + p) % 140000 end,
      case when s.status in ('awaiting_review') then 'awaiting_review' else 'accepted_cash' end,
      0.9
    from (select id, status, row_number() over (order by created_at) as n from submissions) as s
    cross join lateral generate_series(0, (s.n % 5)::int) as p`);
  await db.execute(sql`
    insert into status_events (submission_id, actor_role, from_status, to_status, created_at)
    select id, 'admin', 'awaiting_review', 'pending', created_at + ((extract(epoch from created_at)::bigint % 40) * interval '1 hour')
    from submissions where status <> 'awaiting_review'`);
  await db.execute(sql`
    insert into status_events (submission_id, actor_role, from_status, to_status, created_at)
    select id, 'system', 'pending', 'awaiting_shipment', created_at + interval '2 days'
    from submissions where status not in ('awaiting_review', 'pending', 'declined', 'cancelled')`);
  // A live database has been vacuumed: without it the visibility map is empty and no index-only scan runs.
  await db.execute(sql`vacuum analyze`);
  // The status counter's 10 rows were updated 100,000 times in the one seeding transaction, leaving
  // ~600 pages of dead versions that every unfiltered list request would read. A live shop inserts each
  // submission in its own transaction and page pruning keeps the table at one page; compact it so.
  await db.execute(sql`vacuum full analyze submission_status_counts`);
}

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  non2xx: number;
  errors: number;
}

/** Drives one URL from a child process and returns its figures. */
async function load(url: string, cookie: string | null): Promise<LoadResult> {
  const options = {
    url,
    headers: cookie ? { cookie } : {},
    connections: CONNECTIONS,
    duration: DURATION,
  };
  const { stdout } = await run(
    process.execPath,
    [path.join(projectRoot, 'scripts', 'bench-api-load.mjs'), JSON.stringify(options)],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult;
}

const started = Date.now();
const { database, label, dispose } = await openBenchDatabase();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
try {
  await runMigrations(database);
  console.log(`${label}: seeding ${SUBMISSIONS.toLocaleString('en-US')} submissions...`);
  const seedStarted = Date.now();
  await seed(database);
  const [counts] = await queryRows<{ submissions: string; comics: string; events: string }>(
    database.db,
    sql`select (select count(*) from submissions) as submissions, (select count(*) from comics) as comics,
               (select count(*) from status_events) as events`,
  );
  console.log(
    `seeded ${Number(counts!.submissions).toLocaleString('en-US')} submissions, ` +
      `${Number(counts!.comics).toLocaleString('en-US')} comics, ` +
      `${Number(counts!.events).toLocaleString('en-US')} status events in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:3999',
  });
  const [adminUser] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into users (email, username, role) values ('bench-admin@example.com', 'bench_admin', 'admin') returning id`,
  );
  // A typical seller: five submissions.
  const [seller] = await queryRows<{ id: string }>(
    database.db,
    sql`select user_id as id from submissions group by user_id order by user_id limit 1`,
  );
  const cookieName = sessionCookieName(config.auth);
  const adminCookie = `${cookieName}=${await createSession(database.db, { userId: adminUser!.id, maxAgeSeconds: 86_400, tokens: {} })}`;
  const sellerCookie = `${cookieName}=${await createSession(database.db, { userId: seller!.id, maxAgeSeconds: 86_400, tokens: {} })}`;

  const app = await buildApp({
    config,
    database,
    clientDir: path.join(dataDir, 'no-client'),
    logger: false,
    labelReader: { read: () => Promise.reject(new Error('not used')), close: async () => {} },
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const lastPage = Math.ceil(SUBMISSIONS / 50);
  const targets: { name: string; path: string; cookie: string | null }[] = [
    { name: '/healthz (ceiling)', path: '/healthz', cookie: null },
    { name: 'admin list, no filter', path: '/api/admin/submissions', cookie: adminCookie },
    {
      name: 'admin list, status filter',
      path: '/api/admin/submissions?status=awaiting_review',
      cookie: adminCookie,
    },
    { name: "admin list, search 'spider'", path: '/api/admin/submissions?q=spider', cookie: adminCookie },
    { name: 'admin list, search email', path: '/api/admin/submissions?q=seller1234%40', cookie: adminCookie },
    {
      name: `admin list, last page (${lastPage})`,
      path: `/api/admin/submissions?page=${lastPage}`,
      cookie: adminCookie,
    },
    { name: 'admin list, by value', path: '/api/admin/submissions?sort=value', cookie: adminCookie },
    { name: 'seller list', path: '/api/submissions', cookie: sellerCookie },
    { name: 'admin stats', path: '/api/admin/stats', cookie: adminCookie },
  ];
  const rows: string[] = [];
  let ceiling = 0;
  for (const target of targets) {
    // One request first: checks the answer and warms caches.
    const probe = await fetch(address + target.path, {
      headers: target.cookie ? { cookie: target.cookie } : {},
    });
    if (!probe.ok) throw new Error(`${target.path} answered ${probe.status}: ${await probe.text()}`);
    const result = await load(address + target.path, target.cookie);
    if (target.path === '/healthz') ceiling = result.rps;
    const share = ceiling ? `${Math.round((result.rps / ceiling) * 100)}%` : '';
    rows.push(
      `${target.name.padEnd(34)} ${result.p50.toFixed(1).padStart(7)} ${result.p95.toFixed(1).padStart(7)} ` +
        `${result.rps.toFixed(0).padStart(8)} ${share.padStart(8)}${result.non2xx || result.errors ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`,
    );
    console.log(rows.at(-1));
  }
  await app.close();
  console.log(
    `\n${label}, ${CONNECTIONS} connections, ${DURATION} s per endpoint, load from a separate process`,
  );
  console.log(
    `${'endpoint'.padEnd(34)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'req/s'.padStart(8)} ${'healthz'.padStart(8)}`,
  );
  for (const row of rows) console.log(row);
  console.log(
    `(${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}; total ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
} finally {
  await database.close();
  await dispose();
  await rm(dataDir, { recursive: true, force: true });
}
