// SQL of the jobs table: make sure each registered job has a row, claim a due job (FOR UPDATE SKIP
// LOCKED, so two processes never run the same job at once), and record how a run ended.
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { jobs } from '../db/schema.js';

/** Adds a row for every job id that has none; existing rows (and their schedule) are kept. */
export async function ensureJobRows(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(jobs)
    .values(ids.map((id) => ({ id })))
    .onConflictDoNothing();
}

/**
 * Claims one job if it is due and nobody holds it: in one statement its next run is moved on and it
 * is locked for `timeoutMs`. Returns its payload, or null when it is not due or another process has it.
 */
export async function claimDueJob(
  db: Db,
  id: string,
  everyMs: number,
  timeoutMs: number,
): Promise<{ payload: unknown } | null> {
  const rows = await queryRows<{ payload: unknown }>(
    db,
    sql`update jobs
        set next_run_at = now() + ${everyMs}::integer * interval '1 millisecond',
            locked_until = now() + ${timeoutMs}::integer * interval '1 millisecond',
            last_started_at = now(),
            runs = runs + 1
        where id = (
          select id from jobs
          where id = ${id} and next_run_at <= now() and (locked_until is null or locked_until <= now())
          for update skip locked
        )
        returning payload`,
  );
  return rows[0] ?? null;
}

/** Releases a job after a run and records its error (null when it succeeded). */
export async function finishJob(db: Db, id: string, error: string | null): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedUntil: null, lastFinishedAt: new Date(), lastError: error })
    .where(eq(jobs.id, id));
}

/** Makes a job due now (tests, and an operator who wants a sweep run at once). */
export async function makeJobDue(db: Db, id: string): Promise<void> {
  await db
    .update(jobs)
    .set({ nextRunAt: sql`now()` })
    .where(eq(jobs.id, id));
}
