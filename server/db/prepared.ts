import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

const dialect = new PgDialect();

/**
 * Runs a raw `sql` query as a named prepared statement and returns its rows (the shape queryRows
 * returns). For queries too dynamic for the builder whose text is nonetheless fixed per `name`: on
 * PostgreSQL the server then parses and plans it once per pooled connection instead of on every request
 * (planning was about half of the admin list's database time: docs/decisions/0019); on PGlite the name
 * is ignored. Only for shapes whose best plan does not depend on the values: after five executions
 * PostgreSQL may switch to one generic plan for every value.
 */
export async function queryRowsNamed<T extends Record<string, unknown>>(
  db: Db,
  name: string,
  query: SQL,
): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const result = (await db._.session.prepareQuery(compiled, undefined, name, false).execute()) as unknown as {
    rows: T[];
  };
  return result.rows;
}
