// CPU per request of the JSON reads: seeds a throw-away PostgreSQL database (scripts/bench-load-seed.ts,
// plus an admin), starts the built server (dist/node/server/main.js, as `npm start` runs it) and sends
// each route BENCH_REQUESTS requests (2000) from BENCH_CONCURRENCY fetch loops (4) in this process,
// reading the server's CPU time (all threads) from GET /internal/metrics before and after. Prints CPU ms
// per request next to /healthz. BENCH_ENCODING: the Accept-Encoding sent (identity).
// BENCH_CPU_PROF=<dir>: the server runs with `node --cpu-prof` and writes its .cpuprofile there on
// shutdown (read it with `node scripts/cpuprofile-top.mjs <file>`).
// BENCH_MAIN: another built main.js (a before-build, to compare).
// Usage: npm run build:server && tsx scripts/bench-cpu.ts
//        (PostgreSQL at DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../server/config.js';
import { openDatabase, queryRows } from '../server/db/client.js';
import { runMigrations } from '../server/db/migrate.js';
import { sessionCookieName } from '../server/modules/auth/auth-plugin.js';
import { createSession } from '../server/modules/auth/session-store.js';
import { projectRoot } from '../server/project-root.js';
import { freePort } from '../server/test/http-browser.js';
import { seed } from './bench-load-seed.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
// What the client accepts: a browser sends 'gzip, deflate, br' (the server then compresses JSON above
// 1 kB); autocannon in `npm run bench:load` sends nothing. Default: no compression, as bench:load.
const ENCODING = process.env.BENCH_ENCODING ?? 'identity';
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
const token = randomBytes(24).toString('hex');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-cpu-'));
const env: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: base,
  DATA_DIR: dataDir,
  METRICS_TOKEN: token,
};

const name = `bench_cpu_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const target = new URL(adminUrl);
target.pathname = `/${name}`;
env.DATABASE_URL = target.toString();

let sellerCookie: string;
let adminCookie: string;
let submissionId: string;
const database = await openDatabase({ url: env.DATABASE_URL, dataDir });
try {
  await runMigrations(database);
  const seeded = await seed(database);
  submissionId = seeded.submissionId;
  const [staff] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into users (email, username, role) values ('bench-admin@example.com', 'bench_admin', 'admin') returning id`,
  );
  const cookieName = sessionCookieName(loadConfig(env).auth);
  const session = (userId: string) =>
    createSession(database.db, { userId, maxAgeSeconds: 86_400, tokens: {} });
  sellerCookie = `${cookieName}=${await session(seeded.sellerId)}`;
  adminCookie = `${cookieName}=${await session(staff!.id)}`;
} finally {
  await database.close();
}

const args = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
const server: ChildProcess = spawn(
  process.execPath,
  [...args, process.env.BENCH_MAIN ?? path.join(projectRoot, 'dist', 'node', 'server', 'main.js')],
  { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
);
const cpuMs = async (): Promise<number> => {
  const response = await fetch(`${base}/internal/metrics`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { cpuMs: number }).cpuMs;
};

/** CPU ms per request of `count` GETs of `url`, from CONCURRENCY loops. */
async function measure(url: string, cookie: string | null, count: number): Promise<number> {
  const headers: Record<string, string> = { 'accept-encoding': ENCODING };
  if (cookie) headers.cookie = cookie;
  const before = await cpuMs();
  let left = count;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) {
        const response = await fetch(`${base}${url}`, { headers });
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  return ((await cpuMs()) - before) / count;
}

try {
  for (let attempt = 0; ; attempt += 1) {
    if (attempt > 300 || server.exitCode !== null) throw new Error('server did not become ready');
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const routes: [string, string, string | null][] = [
    ['/healthz', '/healthz', null],
    ["seller's list", '/api/submissions', sellerCookie],
    ['one submission', `/api/submissions/${submissionId}`, sellerCookie],
    ['admin list', '/api/admin/submissions', adminCookie],
  ];
  // Warm-up: JIT and the pool's connections, not a steady state.
  for (const [, url, cookie] of routes) await measure(url, cookie, 200);
  console.log(`${'route'.padEnd(16)} ${'cpu ms/req'.padStart(10)} ${'x healthz'.padStart(9)}`);
  let ceiling = 0;
  for (const [label, url, cookie] of routes) {
    const perRequest = await measure(url, cookie, REQUESTS);
    if (!ceiling) ceiling = perRequest;
    console.log(
      `${label.padEnd(16)} ${perRequest.toFixed(3).padStart(10)} ${(perRequest / ceiling).toFixed(1).padStart(9)}`,
    );
  }
  console.log(
    `(${REQUESTS} requests each, ${CONCURRENCY} at a time, accept-encoding ${ENCODING}; load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')})`,
  );
} finally {
  server.kill('SIGTERM');
  if (server.exitCode === null) await once(server, 'exit');
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
  await rm(dataDir, { recursive: true, force: true });
}
