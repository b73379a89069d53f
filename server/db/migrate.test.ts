import os from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { openDatabase, queryRows, type Database } from './client.js';
import { migrationsFolder, runMigrations } from './migrate.js';
import * as schema from './schema.js';

/** Every tag in the checked-in journal, oldest first. */
async function journalTags(): Promise<string[]> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

describe('runMigrations on an empty database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ unmigrated: true });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('applies every migration once, then nothing, creating every table of the schema', async () => {
    const tags = await journalTags();
    expect(tags.length).toBeGreaterThan(0);

    // Two at once, as when several servers start together: one applies, the other waits and skips.
    const results = await Promise.all([runMigrations(database), runMigrations(database)]);
    expect(results.map((result) => result.applied).sort((a, b) => b.length - a.length)).toEqual([tags, []]);
    expect(await runMigrations(database)).toEqual({ applied: [] });

    const expected = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    const tables = await queryRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.map((row) => row.name)).toEqual(expected);
    const recorded = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(recorded[0]?.n).toBe(tags.length);
  });
});

describe('runMigrations with a single connection', () => {
  let fresh: TestDatabase;
  let single: Database;
  beforeAll(async () => {
    fresh = await createTestDatabase({ unmigrated: true });
    // On PostgreSQL, a pool of one (DATABASE_POOL_SIZE=1): the advisory lock must not hold the only
    // connection while the migrations wait for another. PGlite always has exactly one connection.
    single = fresh.url ? await openDatabase({ url: fresh.url, dataDir: os.tmpdir(), poolSize: 1 }) : fresh;
  });
  afterAll(async () => {
    if (single !== fresh) await single?.close();
    await fresh?.close();
  });

  it('applies every migration without waiting for a second connection', async () => {
    expect(await runMigrations(single)).toEqual({ applied: await journalTags() });
    expect(await runMigrations(single)).toEqual({ applied: [] });
  });
});
