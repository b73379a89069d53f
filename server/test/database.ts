// Isolated, migrated databases for tests. Booting PGlite from nothing costs seconds (it runs initdb),
// so the migrated database is built once per migration set and cached as a data-directory tarball;
// each test database then boots from that tarball in memory. On PostgreSQL (DATABASE_URL set) each
// call creates a fresh database from a migrated template database and drops it on close.
// Both caches are shared between vitest's parallel workers, so building them is guarded by a lock.
// Measurements and alternatives: docs/decisions/0002-data-layer.md.
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  createPglite,
  databaseFromPglite,
  databaseFromPool,
  poolOptions,
  type Database,
} from '../db/client.js';
import { migrationsFolder, runMigrations } from '../db/migrate.js';
import { acquireLockFile, DataDirLockedError } from '../db/data-dir-lock.js';
import { projectRoot } from '../project-root.js';

/** A test database; `url` is set on PostgreSQL (for code that needs its own connection). */
export interface TestDatabase extends Database {
  url?: string;
}

/** Options for createTestDatabase. */
export interface TestDatabaseOptions {
  /** Skip the migrations (for tests of the migrations themselves). Slower on PGlite: it boots from scratch. */
  unmigrated?: boolean;
}

/**
 * A new, empty, fully migrated database that no other test sees. Call it once per test file
 * (beforeAll) and close it in afterAll. PGlite by default; PostgreSQL when DATABASE_URL is set.
 */
export function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  return url
    ? createPostgresTestDatabase(url, options.unmigrated ?? false)
    : createPgliteTestDatabase(options.unmigrated ?? false);
}

/** Identifies the migration set, so a changed migration never reuses an old template. */
async function migrationsFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  // A PGlite upgrade may change the on-disk format, so its version is part of the key.
  const pglitePackage = path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update((JSON.parse(await readFile(pglitePackage, 'utf8')) as { version: string }).version);
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(entry.name).update(await readFile(full));
    }
  };
  await walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

// ---------------------------------------------------------------------------------------------
// PGlite

const templateDir = path.join(os.tmpdir(), 'comic-buylist-test-templates');
/** Per process: the template tarballs, read once (a test file may create several databases). */
const templateBytes = new Map<'migrated' | 'empty', Promise<Buffer>>();

async function createPgliteTestDatabase(unmigrated: boolean): Promise<TestDatabase> {
  const kind = unmigrated ? 'empty' : 'migrated';
  let bytes = templateBytes.get(kind);
  if (!bytes) templateBytes.set(kind, (bytes = loadOrBuildPgliteTemplate(kind)));
  const client = await createPglite({ loadDataDir: new Blob([new Uint8Array(await bytes)]) });
  return databaseFromPglite(client);
}

/**
 * Writes a migrated embedded database into `<dataDir>/pglite`, so that `openDatabase({ dataDir })`
 * starts without initdb (seconds saved). For tests of code that opens the data directory itself:
 * the server's start-up, command-line tools.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  let bytes = templateBytes.get('migrated');
  if (!bytes) templateBytes.set('migrated', (bytes = loadOrBuildPgliteTemplate('migrated')));
  const directory = path.join(dataDir, 'pglite');
  await mkdir(directory, { recursive: true });
  const client = await createPglite({
    dataDir: directory,
    loadDataDir: new Blob([new Uint8Array(await bytes)]),
  });
  await client.close();
}

/** Reads a cached template tarball (migrated, or freshly initialised), building it first if no worker has yet. */
async function loadOrBuildPgliteTemplate(kind: 'migrated' | 'empty'): Promise<Buffer> {
  const fingerprint = await migrationsFingerprint();
  const file = path.join(templateDir, `pglite-${kind}-${fingerprint}.tar`);
  await mkdir(templateDir, { recursive: true });
  for (;;) {
    const cached = await readFile(file).catch(() => undefined);
    if (cached) return cached;
    let lock;
    try {
      lock = await acquireLockFile(`${file}.lock`, 'test template build', () => 'busy');
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      // Another worker is building it; wait for the file (or for its lock to go stale).
      await sleep(100);
      continue;
    }
    try {
      if (await exists(file)) continue;
      const client = await createPglite();
      const database = databaseFromPglite(client);
      if (kind === 'migrated') await runMigrations(database);
      const dump = await client.dumpDataDir('none');
      await database.close();
      // Write then rename: readers never see a half-written template.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
      await rename(partial, file);
      await removeOldTemplates(file);
    } finally {
      await lock.release();
    }
  }
}

/** Deletes templates of other migration sets once they are an hour old (40 MB each). */
async function removeOldTemplates(keep: string): Promise<void> {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of await readdir(templateDir)) {
    const full = path.join(templateDir, name);
    if (full === keep || !/^pglite-[a-z]+-[0-9a-f]+\.tar$/.test(name)) continue;
    const info = await stat(full).catch(() => undefined);
    if (info && info.mtimeMs < hourAgo) await rm(full, { force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

let templateName: Promise<string> | undefined;

/** Postgres identifiers are at most 63 bytes; ours are [a-z0-9_] only, so quoting is just safety. */
function quoteIdent(name: string): string {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return `"${name}"`;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The DATABASE_URL's database name, reduced to a safe prefix for the databases we create. */
function basePrefix(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
  return name
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 20);
}

/** Runs statements on the server through a short-lived connection to DATABASE_URL's database. */
async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the migrated template database once per migration set, whichever worker gets there first. */
async function ensurePostgresTemplate(url: string): Promise<string> {
  const fingerprint = await migrationsFingerprint();
  const name = `${basePrefix(url)}_tpl_${fingerprint}`;
  const building = `${name}_build`;
  await withAdminClient(url, async (admin) => {
    // A session-level advisory lock serialises workers (and parallel test runs) building it.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      // A leftover from a run that died mid-build is unusable: start again.
      await admin.query(`drop database if exists ${quoteIdent(building)} with (force)`);
      await admin.query(`create database ${quoteIdent(building)}`);
      const database = databaseFromPool(
        new pg.Pool({ connectionString: withDatabaseName(url, building), max: 1 }),
      );
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
      // Renamed only once complete, so its presence means "migrated".
      await admin.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(name)}`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

async function createPostgresTestDatabase(url: string, unmigrated: boolean): Promise<TestDatabase> {
  // template0 is PostgreSQL's pristine database: what a fresh production database looks like.
  const template = unmigrated ? 'template0' : await (templateName ??= ensurePostgresTemplate(url));
  const name = `${basePrefix(url)}_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (admin) =>
    admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`),
  );
  const testUrl = withDatabaseName(url, name);
  // The server's pool settings (connect timeout, keep-alive), so fault tests see what production sees.
  const database = databaseFromPool(new pg.Pool(poolOptions(testUrl, 5)));
  let closing: Promise<void> | undefined;
  return {
    ...database,
    url: testUrl,
    close: () =>
      (closing ??= (async () => {
        await database.close();
        await withAdminClient(url, (admin) =>
          admin.query(`drop database if exists ${quoteIdent(name)} with (force)`),
        );
      })()),
  };
}
