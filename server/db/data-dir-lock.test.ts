import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../project-root.js';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock.js';
import { openDatabase } from './client.js';
import { runMigrations } from './migrate.js';
import { seedPgliteDataDir } from '../test/database.js';

/** Starts a process that stays alive until killed, to stand in for another opener. */
async function startIdleProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await once(child, 'spawn');
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** Writes a lock file as another process would have. */
async function writeLock(dataDir: string, record: Record<string, unknown>): Promise<void> {
  const full = {
    hostname: os.hostname(),
    startTime: null,
    holder: 'server',
    token: 'other',
    createdAt: new Date().toISOString(),
    ...record,
  };
  await writeFile(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify(full));
}

function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

describe('data directory lock', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'comic-buylist-lock-'));
  });
  afterEach(async () => {
    await Promise.all(children.splice(0).map(stop));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is exclusive within a process and free again after release', async () => {
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, holder: 'server' });

    const refused = await acquireDataDirLock(dataDir, 'npm run db:migrate').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).message).toBe(
      `The embedded database in ${dataDir} is in use by another process (pid ${process.pid}, ` +
        'probably the running server). Stop it first, or set DATABASE_URL to use PostgreSQL.',
    );

    await lock.release();
    expect(existsSync(lock.path)).toBe(false);
    const again = await acquireDataDirLock(dataDir);
    await again.release();
  });

  it('refuses while another live process holds it, naming that process', async () => {
    const other = await startIdleProcess();
    children.push(other);
    await writeLock(dataDir, {
      pid: other.pid,
      startTime: startTimeOf(other.pid!),
      holder: 'npm run db:migrate',
    });

    const refused = await acquireDataDirLock(dataDir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).holderPid).toBe(other.pid);
    expect((refused as Error).message).toContain(`(pid ${other.pid}, npm run db:migrate)`);
  });

  it('takes over a lock left by a process that has exited', async () => {
    const other = await startIdleProcess();
    const pid = other.pid!;
    await writeLock(dataDir, { pid, startTime: startTimeOf(pid) });
    await stop(other);

    const lock = await acquireDataDirLock(dataDir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('takes over a lock whose pid now belongs to a different process', async () => {
    const other = await startIdleProcess();
    children.push(other);
    // Same pid, different start time: the original holder died and the pid was recycled.
    await writeLock(dataDir, { pid: other.pid, startTime: '1' });
    const lock = await acquireDataDirLock(dataDir);
    await lock.release();
  });

  it('takes over a half-written lock file', async () => {
    await writeFile(path.join(dataDir, LOCK_FILE_NAME), '{"pid": 12');
    const lock = await acquireDataDirLock(dataDir);
    await lock.release();
  });

  it('makes openDatabase refuse a second opener of the same PGlite directory until the first closes', async () => {
    await seedPgliteDataDir(dataDir);
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir, holder: 'npm run db:migrate' })).rejects.toThrow(
        /is in use by another process .*Stop it first, or set DATABASE_URL/,
      );
      // The seeded directory is the migrated database: nothing left to apply.
      expect(await runMigrations(first)).toEqual({ applied: [] });
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    // openDatabase starts PGlite's worker thread (decision 0020): seconds, tens on a loaded machine.
  }, 120_000);

  it('makes `npm run db:migrate` exit non-zero with the message while the directory is held', async () => {
    const lock = await acquireDataDirLock(dataDir, 'server');
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const child = spawn(
        process.execPath,
        [
          path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
          path.join(projectRoot, 'server', 'db', 'migrate-cli.ts'),
        ],
        // An empty working directory: no .env there to change the configuration.
        { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `The embedded database in . is in use by another process (pid ${process.pid}, ` +
          'probably the running server). Stop it first, or set DATABASE_URL to use PostgreSQL.',
      );
    } finally {
      await lock.release();
    }
  });
});
