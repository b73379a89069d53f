// `npm run bench:load`: the built server (dist/node/server/main.js, as `npm start` runs it) under load,
// on the embedded PGlite and then on PostgreSQL. For each engine: seed a database (2,000 submissions
// of 400 sellers plus one seller with 20), start the server as its own process, and drive it from
// separate processes (scripts/bench-load-driver.mjs) in bursts (three by default) of:
//   /healthz (the ceiling), the seller's list, one submission, and real slab photos uploaded at a fixed
//   rate through the label reader while /healthz is measured again alongside.
// Prints median/p95/p99 latency and requests per second for each, the event-loop delay the server
// measured during each phase (GET /internal/metrics, enabled for the run with a random METRICS_TOKEN),
// the server's CPU time per request (all threads; for the upload phase the phase's total), and the
// server's memory at the end of every burst.
// Usage: npm run bench:load            (PostgreSQL at DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
//                                       a throw-away database is created there and dropped)
// Knobs: BENCH_ENGINES (pglite,postgres), BENCH_DURATION seconds per phase (10), BENCH_CONNECTIONS (10),
//        BENCH_UPLOAD_RATE photos per second (0.5), BENCH_READERS label-reader workers (1),
//        BENCH_PHOTOS_DIR (../shared/data/slabs-dev/images), BENCH_BURSTS (3),
//        BENCH_PHASES which phases run, of healthz,list,one,uploads (all),
//        MALLOC_* (glibc's malloc tunables, e.g. MALLOC_ARENA_MAX) passed on to the server when set,
//        BENCH_GC=1 starts the server with --expose-gc and, after each burst, also prints every thread's
//        heap after a full collection (live size rather than high water) and the rss then.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../server/config.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { runMigrations } from '../server/db/migrate.js';
import { sessionCookieName } from '../server/modules/auth/auth-plugin.js';
import { createSession } from '../server/modules/auth/session-store.js';
import { projectRoot } from '../server/project-root.js';
import { seed } from './bench-load-seed.js';
import { freePort } from '../server/test/http-browser.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const UPLOAD_RATE = Number(process.env.BENCH_UPLOAD_RATE ?? 0.5);
const READERS = process.env.BENCH_READERS ?? '1';
const PHOTOS_DIR =
  process.env.BENCH_PHOTOS_DIR ?? path.join(projectRoot, '..', 'shared', 'data', 'slabs-dev', 'images');
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const BURSTS = Math.max(1, Number(process.env.BENCH_BURSTS ?? 3));
const GC = process.env.BENCH_GC === '1';
const PHASES = new Set((process.env.BENCH_PHASES ?? 'healthz,list,one,uploads').split(','));
const run = promisify(execFile);
const mainJs = path.join(projectRoot, 'dist', 'node', 'server', 'main.js');

interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
  statuses?: Record<string, number>;
}
interface Metrics {
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number };
  memoryMb: { rss: number; heapUsed: number; external: number };
  cpuMs: number;
  threads: Record<string, ThreadMemory | (ThreadMemory | null)[] | null>;
}
interface ThreadMemory {
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}

/** `main heap 93/120 ext 5; database ...`: each thread's heap used/total and external MB. */
function describeThreads(threads: Metrics['threads']): string {
  const one = (memory: ThreadMemory | null) =>
    // null: no such thread (the database on PostgreSQL) or it did not answer within a second.
    memory ? `heap ${memory.heapUsedMb}/${memory.heapTotalMb} ext ${memory.externalMb}` : '-';
  return Object.entries(threads)
    .map(([name, value]) =>
      Array.isArray(value)
        ? value.map((memory, i) => `${name}[${i}] ${one(memory)}`).join('; ')
        : `${name} ${one(value)}`,
    )
    .join('; ');
}

/** Drives the server from a separate process. */
async function drive(options: Record<string, unknown>): Promise<Figures> {
  const { stdout } = await run(
    process.execPath,
    [path.join(projectRoot, 'scripts', 'bench-load-driver.mjs'), JSON.stringify(options)],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as Figures;
}

/** The PostgreSQL server the bench uses, or null when none answers. */
async function postgresAdminUrl(): Promise<string | null> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

interface Prepared {
  label: string;
  env: Record<string, string>;
  cookie: string;
  submissionId: string;
  dispose: () => Promise<void>;
}

/** Makes, migrates and seeds the engine's database, then closes it for the server to open. */
async function prepare(
  engine: string,
  dataDir: string,
  baseEnv: Record<string, string>,
): Promise<Prepared | null> {
  let database: Database;
  let env: Record<string, string> = {};
  let label: string;
  let dropDatabase = async () => {};
  if (engine === 'pglite') {
    database = await openDatabase({ dataDir, holder: 'npm run bench:load' });
    label = 'PGlite (embedded, in a worker thread of the server process)';
  } else {
    const adminUrl = await postgresAdminUrl();
    if (!adminUrl) {
      console.log('PostgreSQL: no server answers (set DATABASE_URL); skipped');
      return null;
    }
    const name = `bench_load_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    env = { DATABASE_URL: target.toString() };
    database = await openDatabase({ url: target.toString(), dataDir });
    label = `PostgreSQL (${target.host}, another process)`;
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
  try {
    await runMigrations(database);
    const { sellerId, submissionId } = await seed(database);
    const config = loadConfig({ ...baseEnv, ...env });
    const token = await createSession(database.db, { userId: sellerId, maxAgeSeconds: 86_400, tokens: {} });
    return {
      label,
      env,
      cookie: `${sessionCookieName(config.auth)}=${token}`,
      submissionId,
      dispose: dropDatabase,
    };
  } finally {
    await database.close();
  }
}

/** Starts the built server and waits until /readyz answers 200. */
async function startServer(env: NodeJS.ProcessEnv, base: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(GC ? ['--expose-gc'] : []), mainJs], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    const ready = await fetch(`${base}/readyz`).catch(() => null);
    if (ready?.ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
}

/**
 * Where the server's resident memory sits, from /proc/<pid>/smaps (Linux only; null elsewhere), in MB:
 * glibc's main heap ([heap]), glibc's per-thread malloc arenas (anonymous mappings that start on a 64 MB
 * boundary, which is how glibc places them; another mapping may start there by chance), WebAssembly memories (anonymous reservations of
 * several GB: PGlite's), mapped files, and other anonymous memory (V8's heaps, large malloc blocks,
 * thread stacks).
 */
async function residentBreakdown(pid: number): Promise<Record<string, number> | null> {
  const text = await readFile(`/proc/${pid}/smaps`, 'utf8').catch(() => null);
  if (!text) return null;
  interface Mapping {
    start: bigint;
    end: bigint;
    perms: string;
    file: boolean;
    name: string;
    rssKb: number;
  }
  const mappings: Mapping[] = [];
  for (const line of text.split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (header) {
      const name = header[5]!.trim();
      mappings.push({
        start: BigInt(`0x${header[1]}`),
        end: BigInt(`0x${header[2]}`),
        perms: header[3]!,
        file: header[4] !== '0' || name.startsWith('/'),
        name,
        rssKb: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && mappings.length > 0) mappings.at(-1)!.rssKb += Number(rss[1]);
  }
  const ARENA = 2n ** 26n; // glibc's HEAP_MAX_SIZE on 64-bit: each arena heap is one aligned 64 MB block
  const kb: Record<string, number> = { brkHeap: 0, mallocArenas: 0, wasm: 0, files: 0, otherAnon: 0 };
  for (const [index, m] of mappings.entries()) {
    const prev = mappings[index - 1];
    const next = mappings[index + 1];
    // A reservation's inaccessible rest right before or after this mapping (mprotect splits one mapping in two).
    const guardBefore =
      prev && prev.end === m.start && prev.perms.startsWith('---') && !prev.file ? prev : null;
    const guardAfter =
      next && next.start === m.end && next.perms.startsWith('---') && !next.file ? next : null;
    let kind = 'otherAnon';
    if (m.name === '[heap]') kind = 'brkHeap';
    else if (m.file || m.name.startsWith('[')) kind = m.file ? 'files' : 'otherAnon';
    else if (
      (guardAfter?.end ?? m.end) - (guardBefore?.start ?? m.start) >= 2n ** 32n ||
      m.end - m.start >= 2n ** 32n
    )
      kind = 'wasm'; // WebAssembly memories are reserved whole (several GB) and made accessible as they grow
    else if (m.start % ARENA === 0n && (m.end === m.start + ARENA || guardAfter?.end === m.start + ARENA))
      kind = 'mallocArenas';
    kb[kind] = (kb[kind] ?? 0) + m.rssKb;
  }
  return Object.fromEntries(Object.entries(kb).map(([key, value]) => [key, Math.round(value / 1024)]));
}

const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

async function benchEngine(engine: string, photos: string[]): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const token = randomBytes(24).toString('hex');
  const baseEnv: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    METRICS_TOKEN: token,
    UPLOADS_PER_HOUR: '100000',
    LABEL_READER_POOL_SIZE: READERS,
  };
  const prepared = await prepare(engine, dataDir, baseEnv);
  if (!prepared) return;
  const serverEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...baseEnv, ...prepared.env };
  // glibc's malloc settings (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_, ...) reach the server: experiments.
  for (const [key, value] of Object.entries(process.env))
    if (key.startsWith('MALLOC_')) serverEnv[key] = value;
  const server = await startServer(serverEnv, base);
  const metrics = async (reset: boolean, gc = false): Promise<Metrics> => {
    const query = [...(reset ? ['reset=1'] : []), ...(gc ? ['gc=1'] : [])].join('&');
    const response = await fetch(`${base}/internal/metrics${query ? `?${query}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()) as Metrics;
  };
  const seller = { cookie: prepared.cookie };
  const uploadOptions = {
    mode: 'uploads',
    url: `${base}/api/extract-comic-data`,
    headers: { ...seller, 'x-requested-with': 'fetch' },
    photos,
    rate: UPLOAD_RATE,
    duration: DURATION,
  };
  const rows: string[] = [];
  const memory: string[] = [];
  try {
    // Warm-up: the first read loads the OCR models into the worker (seconds), which is not a steady state.
    await drive({ ...uploadOptions, rate: 1, duration: 1 });
    console.log(`\n${prepared.label}: ${photos.length} photos, reader workers ${READERS}`);
    for (let burst = 1; burst <= BURSTS; burst += 1) {
      let ceiling = 0;
      const phase = async (key: string, name: string, work: () => Promise<Figures[]>) => {
        if (!PHASES.has(key)) return;
        const before = await metrics(true);
        const figures = await work();
        const after = await metrics(false);
        const loop = after.eventLoopDelayMs;
        // The server's CPU time per request (all its threads): steadier than latency on a shared machine.
        const cpuPerRequest = (after.cpuMs - before.cpuMs) / Math.max(1, figures[0]!.requests);
        for (const [index, result] of figures.entries()) {
          const label = index === 0 ? name : `  ${name.startsWith('uploads') ? '/healthz alongside' : ''}`;
          if (name === '/healthz (ceiling)') ceiling = result.rps;
          const share =
            ceiling && !name.startsWith('uploads') ? `${Math.round((result.rps / ceiling) * 100)}%` : '';
          const failures = result.failed
            ? ` (${result.failed} failed${result.statuses ? ` ${JSON.stringify(result.statuses)}` : ''})`
            : '';
          rows.push(
            `${String(burst).padStart(5)} ${label.padEnd(30)} ${fmt(result.p50).padStart(8)} ${fmt(result.p95).padStart(8)} ${fmt(result.p99).padStart(8)} ` +
              `${fmt(result.rps, result.rps < 10 ? 2 : 0).padStart(8)} ${share.padStart(7)} ` +
              `${index === 0 ? `${fmt(loop.p99).padStart(8)} ${fmt(loop.max).padStart(8)} ${(figures.length === 1 ? fmt(cpuPerRequest, 2) : `${fmt((after.cpuMs - before.cpuMs) / 1000)} s`).padStart(9)} ${String(after.memoryMb.rss).padStart(7)}` : ''}${failures}`,
          );
          console.log(rows.at(-1));
        }
      };
      await phase('healthz', '/healthz (ceiling)', async () => [
        await drive({
          mode: 'autocannon',
          url: `${base}/healthz`,
          connections: CONNECTIONS,
          duration: DURATION,
        }),
      ]);
      await phase('list', "seller's list", async () => [
        await drive({
          mode: 'autocannon',
          url: `${base}/api/submissions`,
          headers: seller,
          connections: CONNECTIONS,
          duration: DURATION,
        }),
      ]);
      await phase('one', 'one submission', async () => [
        await drive({
          mode: 'autocannon',
          url: `${base}/api/submissions/${prepared.submissionId}`,
          headers: seller,
          connections: CONNECTIONS,
          duration: DURATION,
        }),
      ]);
      await phase('uploads', `uploads at ${UPLOAD_RATE}/s`, () =>
        Promise.all([
          drive(uploadOptions),
          // Fewer connections: the question is the latency of a cheap request while photos are read.
          drive({ mode: 'autocannon', url: `${base}/healthz`, connections: 2, duration: DURATION }),
        ]),
      );
      const { memoryMb, threads } = await metrics(false);
      const resident = server.pid ? await residentBreakdown(server.pid) : null;
      memory.push(
        `burst ${burst}: rss ${memoryMb.rss} MB, heap ${memoryMb.heapUsed} MB, external ${memoryMb.external} MB` +
          (resident
            ? `; resident: ${Object.entries(resident)
                .map(([key, value]) => `${key} ${value}`)
                .join(', ')}`
            : '') +
          `\n      threads: ${describeThreads(threads)}`,
      );
      if (GC) {
        const collected = await metrics(false, true);
        memory.push(
          `  after a full collection: rss ${collected.memoryMb.rss} MB; threads: ${describeThreads(collected.threads)}`,
        );
      }
      console.log(memory.slice(GC ? -2 : -1).join('\n'));
    }
  } finally {
    server.kill('SIGTERM');
    if (server.exitCode === null) await once(server, 'exit');
    await prepared.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\n${prepared.label}; ${CONNECTIONS} connections, ${DURATION} s per phase, load from separate processes`,
  );
  console.log(
    `${'burst'.padStart(5)} ${'phase'.padEnd(30)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ` +
      `${'req/s'.padStart(8)} ${'healthz'.padStart(7)} ${'loop p99'.padStart(8)} ${'loop max'.padStart(8)} ${'cpu ms/req'.padStart(9)} ${'rss MB'.padStart(7)}`,
  );
  for (const row of rows) console.log(row);
  console.log('server memory at the end of each burst:');
  for (const line of memory) console.log(`  ${line}`);
}

const started = Date.now();
const photos = (await readdir(PHOTOS_DIR))
  .filter((name) => /\.(jpe?g|png|webp)$/i.test(name))
  .sort()
  .map((name) => path.join(PHOTOS_DIR, name));
if (photos.length === 0) throw new Error(`no photos in ${PHOTOS_DIR}`);
for (const engine of ENGINES) await benchEngine(engine, photos);
console.log(
  `\n(${os.cpus().length} cores, load average at the end ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; total ${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
