// One runner for all background work (docs/decisions/0009-jobs-and-mail.md). Every API process runs
// one; they share the schedule through the jobs table, so each run of a job happens in one process.
// Stopping waits for the run in progress (an SMTP send finishes; nothing is cut off mid-way).
import type { Db } from '../db/client.js';
import type { JobDefinition, JobLogger } from './job.js';
import { claimDueJob, ensureJobRows, finishJob } from './jobs-repository.js';

/** Options of createJobRunner. */
export interface JobRunnerOptions {
  db: Db;
  jobs: readonly JobDefinition[];
  log: JobLogger;
  /** How often to look for due jobs (default 1 s). */
  pollMs?: number;
}

/** A started or startable runner. */
export interface JobRunner {
  /** Creates missing job rows and starts polling. */
  start(): Promise<void>;
  /** Runs every job that is due now, once, and resolves when they are done (what each poll does). */
  runDue(): Promise<string[]>;
  /** Stops polling and waits for the run in progress to finish. */
  stop(): Promise<void>;
}

/** Builds a runner over the jobs of the registry. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, jobs, log } = options;
  const pollMs = options.pollMs ?? 1000;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();

  const runOne = async (job: JobDefinition): Promise<boolean> => {
    const claimed = await claimDueJob(db, job.id, job.everyMs, job.timeoutMs);
    if (!claimed) return false;
    let failure: string | null = null;
    try {
      const payload = job.payload.safeParse(claimed.payload);
      if (!payload.success) throw new Error(`invalid payload: ${payload.error.message}`);
      await job.handler(payload.data, { db, log, stopping: () => stopping });
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      log.warn({ job: job.id, err: error }, 'background job failed');
    }
    await finishJob(db, job.id, failure);
    return true;
  };

  const runDue = async (): Promise<string[]> => {
    const ran: string[] = [];
    for (const job of jobs) {
      if (stopping) break;
      if (await runOne(job)) ran.push(job.id);
    }
    return ran;
  };

  const poll = () => {
    timer = undefined;
    if (stopping) return;
    current = runDue()
      .catch((error: unknown) => log.warn({ err: error }, 'could not poll background jobs'))
      .finally(() => {
        if (!stopping) timer = setTimeout(poll, pollMs);
      });
  };

  return {
    async start() {
      await ensureJobRows(
        db,
        jobs.map((job) => job.id),
      );
      poll();
    },
    runDue: () => {
      const run = runDue();
      current = run.catch(() => undefined);
      return run;
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
