// Two API instances on one database, as a deployment behind a load balancer runs them: each app has
// its own HTTP port, its own connection pool (PostgreSQL, when DATABASE_URL is set) and its own
// job runner. Sessions, uploads, idempotent submits and background jobs work across them: nothing the
// requests rely on lives in one process. On the embedded database (one process per data directory)
// both apps share the one PGlite handle, which still shows that no state lives in the app instance.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { LabelReading } from '../../shared/label-reading.js';
import { buildApp } from '../app.js';
import { databaseFromPool, poolOptions, type Database } from '../db/client.js';
import { jobs, submissions } from '../db/schema.js';
import { claimDueJob, makeJobDue } from '../jobs/jobs-repository.js';
import type { LabelReader } from '../modules/label-reader/label-reader.js';
import { photo } from '../modules/images/test-fixtures.js';
import { createTestApp, type TestApp } from './app.js';
import { comicInput, signedInSeller, type Caller } from './lifecycle-api.js';

const READING = {
  title: 'Saga',
  issueNumber: '1',
  publisher: 'Image Comics',
  confidence: 0.9,
} as unknown as LabelReading;
const reader = (): LabelReader => ({ read: async () => READING, close: async () => {} });

let t: TestApp;
let second: { app: FastifyInstance; database: Database; ownPool: boolean };
let first: FastifyInstance;
let urls: [string, string];
let seller: Caller;

beforeAll(async () => {
  // Instance A: the test app (its own pool), jobs on.
  t = await createTestApp({ labelReader: reader(), env: {} });
  await t.app.close();
  first = await buildApp({
    config: t.config,
    database: t.database,
    logger: false,
    clientDir: t.config.dataDir,
    labelReader: reader(),
    runJobs: true,
  });
  // Instance B: a pool of its own on PostgreSQL; the same handle on PGlite.
  const ownPool = Boolean(t.database.url);
  const database = t.database.url
    ? databaseFromPool(new pg.Pool(poolOptions(t.database.url, 5)))
    : t.database;
  second = {
    app: await buildApp({
      config: t.config,
      database,
      logger: false,
      clientDir: t.config.dataDir,
      labelReader: reader(),
      runJobs: true,
    }),
    database,
    ownPool,
  };
  urls = [
    await first.listen({ host: '127.0.0.1', port: 0 }),
    await second.app.listen({ host: '127.0.0.1', port: 0 }),
  ];
  seller = await signedInSeller(t);
});
afterAll(async () => {
  await first?.close();
  await second?.app.close();
  if (second?.ownPool) await second.database.close();
  await t?.close();
});

async function api(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(base + path, {
    method,
    headers: {
      'x-requested-with': 'fetch',
      cookie: seller.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  };
}

describe('two API instances on one database', () => {
  it('accept the same session, and a sign-out on one ends it on the other', async () => {
    const other = await signedInSeller(t);
    for (const base of urls) {
      const response = await fetch(`${base}/api/submissions`, { headers: { cookie: other.cookie } });
      expect(response.status).toBe(200);
    }
    const signOut = await fetch(`${urls[0]}/api/logout`, {
      method: 'POST',
      headers: {
        cookie: other.cookie,
        'x-requested-with': 'fetch',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
      redirect: 'manual',
    });
    expect(signOut.status).toBe(303);
    const after = await fetch(`${urls[1]}/api/submissions`, { headers: { cookie: other.cookie } });
    expect(after.status).toBe(401);
  });

  it('serve a photo uploaded through one from the other, and submit it there', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await photo('jpeg'))], { type: 'image/jpeg' }), 'slab.jpg');
    const uploaded = await fetch(`${urls[0]}/api/extract-comic-data`, {
      method: 'POST',
      body: form,
      headers: { cookie: seller.cookie, 'x-requested-with': 'fetch' },
    });
    expect(uploaded.status).toBe(200);
    const { data } = (await uploaded.json()) as { data: { imageIds: string[]; imageUrls: string[] } };
    const image = await fetch(urls[1] + data.imageUrls[0]!, { headers: { cookie: seller.cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    const created = await api(urls[1], 'POST', '/api/submissions', {
      comics: [{ ...comicInput('Saga'), imageIds: data.imageIds }],
    });
    expect(created.status).toBe(201);
  });

  it('create one submission for one Idempotency-Key sent to both at once', async () => {
    const key = randomUUID();
    const body = { comics: [comicInput('Both instances')] };
    const answers = await Promise.all(
      [...urls, ...urls].map((base) =>
        api(base, 'POST', '/api/submissions', body, { 'idempotency-key': key }),
      ),
    );
    const ids = new Set(answers.map((answer) => answer.body.id));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(ids.size).toBe(1);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(submissions)
      .where(eq(submissions.idempotencyKey, key));
    expect(row!.n).toBe(1);
  });

  it('run each background job once between them', async () => {
    // Both runners started with the apps and poll every second: wait until every registered job has
    // run once; each ran in one instance only (the runs counter is 1, not 2).
    let rows: { runs: number; finished: Date | null }[] = [];
    for (let attempt = 0; attempt < 300; attempt += 1) {
      rows = await t.database.db.select({ runs: jobs.runs, finished: jobs.lastFinishedAt }).from(jobs);
      if (rows.length > 0 && rows.every((row) => row.finished !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.map((row) => row.runs)).toEqual(rows.map(() => 1));
    // A due job claimed by both instances' pools at the same moment runs in exactly one.
    await makeJobDue(t.database.db, 'sweep.sessions');
    const claims = await Promise.all(
      [t.database, second.database, t.database, second.database].map((database) =>
        claimDueJob(database.db, 'sweep.sessions', 3_600_000, 60_000),
      ),
    );
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
  });
});
