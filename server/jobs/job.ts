// What a background job is: an id, the schema of its input, how often it runs, and its handler.
// The registry (registry.ts) lists every job of the app; the runner (runner.ts) runs them.
import type { z } from 'zod';
import type { Db } from '../db/client.js';

/** A small logger (Fastify's satisfies it). */
export interface JobLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/** What a handler gets besides its payload. */
export interface JobContext {
  db: Db;
  log: JobLogger;
  /** True once the server is stopping: a handler that loops should finish its current item and return. */
  stopping(): boolean;
}

/** One recurring background job. */
export interface JobDefinition<Payload = unknown> {
  /** Stable name, the jobs table's key ('mail.send'). */
  id: string;
  /** Checks the stored payload before every run (a bad payload fails the run, never runs the handler). */
  payload: z.ZodType<Payload>;
  /** Time between the start of one run and the next, in milliseconds. */
  everyMs: number;
  /** How long a run may hold its claim; after that another process may run the job again (its process died). */
  timeoutMs: number;
  handler(payload: Payload, context: JobContext): Promise<void>;
}

/** Declares a job with its payload type inferred from its schema. */
export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<unknown> {
  return definition as JobDefinition<unknown>;
}
