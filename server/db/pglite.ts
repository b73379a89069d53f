// PGlite set-up shared by the main thread (tests, in-process instances) and the database worker
// thread (server/db/pglite-worker.ts). Kept apart from client.ts so the worker does not load Drizzle
// and node-postgres for nothing.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Contrib extensions every PGlite instance loads, because migrations create them (pg_trgm: price-guide title matching). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Creates a PGlite instance with the extensions the migrations need; use it for every embedded instance. */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS });
}
