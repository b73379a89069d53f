import type { Db } from './client.js';

/**
 * Prepared queries, built once per database handle and reused.
 *
 * Profiling the JSON reads (docs/decisions/0017, "CPU per request") showed Drizzle rebuilding each
 * query's SQL text from the builder on every execution (`_prepare`: walking the selection, `is()` checks,
 * escaping names) as the largest share of the server's CPU for a read: about a fifth of it. A query
 * made here with `.prepare(name)` and `sql.placeholder(...)` keeps its SQL text and result mapping;
 * each request only binds values. On PostgreSQL node-postgres also sends it as a named statement, so the
 * server parses it once per connection (so the name must be unique per SQL text: `key` is that name).
 *
 * Keyed by handle (a WeakMap): a transaction's handle gets its own entries and the app's pool its own,
 * so a prepared query never runs outside the handle it was built on.
 */
const cache = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  let queries = cache.get(db);
  if (!queries) {
    queries = new Map();
    cache.set(db, queries);
  }
  let query = queries.get(key) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(key, query);
  }
  return query;
}
