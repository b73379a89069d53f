// The job runner over the jobs table: a due job runs once even with two runners on one database, is
// not run again before its next time, a bad payload fails the run without calling the handler, and
// the registry holds the sweeps that used to be timers inside route plugins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { jobs } from '../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { defineJob } from './job.js';
import { jobRegistry } from './registry.js';
import { createJobRunner } from './runner.js';
import { makeJobDue } from './jobs-repository.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('job runner', () => {
  it('runs a due job once across two runners, then waits for its next time', async () => {
    let runs = 0;
    const job = defineJob({
      id: 'test.count',
      payload: z.object({}),
      everyMs: 60 * 60 * 1000,
      timeoutMs: 60_000,
      handler: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    });
    const first = createJobRunner({ db: database.db, jobs: [job], log: quiet, pollMs: 60_000 });
    const second = createJobRunner({ db: database.db, jobs: [job], log: quiet, pollMs: 60_000 });
    await Promise.all([first.start(), second.start()]);
    await Promise.all([first.stop(), second.stop()]);
    expect(runs).toBe(1);

    const again = createJobRunner({ db: database.db, jobs: [job], log: quiet });
    expect(await again.runDue()).toEqual([]);
    await makeJobDue(database.db, 'test.count');
    expect(await again.runDue()).toEqual(['test.count']);
    expect(runs).toBe(2);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, 'test.count'));
    expect(row).toMatchObject({ runs: 2, lockedUntil: null, lastError: null });
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
  });

  it('fails a run whose stored payload does not match the schema, without calling the handler', async () => {
    let called = false;
    const job = defineJob({
      id: 'test.payload',
      payload: z.object({ batch: z.number().int() }),
      everyMs: 1000,
      timeoutMs: 1000,
      handler: async () => {
        called = true;
      },
    });
    await database.db.insert(jobs).values({ id: 'test.payload', payload: { batch: 'many' } });
    const runner = createJobRunner({ db: database.db, jobs: [job], log: quiet });
    expect(await runner.runDue()).toEqual(['test.payload']);
    expect(called).toBe(false);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, 'test.payload'));
    expect(row!.lastError).toMatch(/invalid payload/);
  });

  it('takes over a job whose previous run died holding it', async () => {
    let runs = 0;
    const job = defineJob({
      id: 'test.stale',
      payload: z.object({}),
      everyMs: 1000,
      timeoutMs: 1000,
      handler: async () => void (runs += 1),
    });
    await database.db.insert(jobs).values({ id: 'test.stale', lockedUntil: sql`now() + interval '1 hour'` });
    const runner = createJobRunner({ db: database.db, jobs: [job], log: quiet });
    expect(await runner.runDue()).toEqual([]);
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, 'test.stale'));
    expect(await runner.runDue()).toEqual(['test.stale']);
    expect(runs).toBe(1);
  });

  it('registers every background job in one place (mail.send only with SMTP_URL)', () => {
    const storage = {} as never;
    const without = jobRegistry({ config: loadConfig({ NODE_ENV: 'test' }), storage, mailSender: undefined });
    expect(without.map((job) => job.id)).toEqual([
      'mail.reminders',
      'sweep.sessions',
      'sweep.identity-provider',
      'sweep.abandoned-images',
      'sweep.guest-upload-events',
    ]);
    const sender = { sendDue: async () => ({ sent: 0, retried: 0, failed: 0 }), close: () => {} };
    const withSmtp = jobRegistry({ config: loadConfig({ NODE_ENV: 'test' }), storage, mailSender: sender });
    expect(withSmtp[0]!.id).toBe('mail.send');
  });
});
