// PGlite is PostgreSQL running inside one process: two processes opening the same data directory
// would both write the same files and corrupt the database. Every opener therefore takes this lock
// first: a file holding the owner's pid, created exclusively. A lock whose process is gone (crash,
// kill -9, container restart) is stale and is taken over.
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { open, readFile, unlink } from 'node:fs/promises';
import { readFileSync } from 'node:fs';

/** Name of the lock file inside the data directory. */
export const LOCK_FILE_NAME = 'pglite.lock';

/** Thrown when another live process holds the data directory; the message is meant for a terminal. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    message: string,
    /** Process id of the holder. */
    readonly holderPid: number,
  ) {
    super(message);
  }
}

/** A held lock. */
export interface DataDirLock {
  /** Absolute path of the lock file. */
  readonly path: string;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): Promise<void>;
}

interface LockRecord {
  pid: number;
  hostname: string;
  /** Kernel start time of the process (Linux), so a recycled pid is not mistaken for the holder. */
  startTime: string | null;
  holder: string;
  token: string;
  createdAt: string;
}

/** Locks held by this process, so a second open in the same process is refused too. */
const heldByThisProcess = new Set<string>();

/**
 * Takes the exclusive lock on a PGlite data directory (which must exist).
 * @param holder what is opening it, shown to whoever is refused ('server', 'npm run db:migrate', ...).
 * @throws DataDirLockedError when a live process holds it.
 */
export function acquireDataDirLock(dataDir: string, holder = 'server'): Promise<DataDirLock> {
  return acquireLockFile(path.join(dataDir, LOCK_FILE_NAME), holder, (record) =>
    lockedMessage(dataDir, record),
  );
}

/**
 * Takes an exclusive lock file (created if absent, taken over if its process is gone).
 * @param describe builds the refusal message from the live holder's record.
 * @throws DataDirLockedError when a live process holds it.
 */
export async function acquireLockFile(
  lockFile: string,
  holder: string,
  describe: (holder: { pid: number; hostname: string; holder: string }) => string,
): Promise<DataDirLock> {
  const lockPath = path.resolve(lockFile);
  const record: LockRecord = {
    pid: process.pid,
    hostname: os.hostname(),
    startTime: processStartTime(process.pid),
    holder,
    token: randomUUID(),
    createdAt: new Date().toISOString(),
  };
  // Two rounds: the second runs after removing a stale lock. Losing that race to another process
  // means it now holds a live lock, and the final read reports it.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (await tryCreate(lockPath, record)) {
      heldByThisProcess.add(lockPath);
      return { path: lockPath, release: () => release(lockPath, record.token) };
    }
    const existing = await readLock(lockPath);
    if (existing === 'missing') continue;
    if (existing !== 'unreadable' && isHolderAlive(existing, lockPath)) {
      throw new DataDirLockedError(describe(existing), existing.pid);
    }
    // Stale (dead holder) or garbage (a crash between create and write): take it over, but only
    // remove it if it is still the same file content we judged stale.
    await removeIfUnchanged(lockPath, existing);
  }
  const holderNow = await readLock(lockPath);
  if (typeof holderNow === 'object') throw new DataDirLockedError(describe(holderNow), holderNow.pid);
  throw new DataDirLockedError(`Could not take the lock ${lockPath}; try again.`, 0);
}

/** The terminal message for a refused opener. */
function lockedMessage(dataDir: string, holder: { pid: number; hostname: string; holder: string }): string {
  const who = holder.holder === 'server' ? 'probably the running server' : holder.holder;
  const where = holder.hostname === os.hostname() ? '' : ` on ${holder.hostname}`;
  return (
    `The embedded database in ${displayPath(dataDir)} is in use by another process ` +
    `(pid ${holder.pid}${where}, ${who}). Stop it first, or set DATABASE_URL to use PostgreSQL.`
  );
}

/** The data directory as the user probably typed it: relative to the working directory when inside it. */
function displayPath(dataDir: string): string {
  const relative = path.relative(process.cwd(), path.resolve(dataDir));
  if (relative === '') return '.';
  if (relative.startsWith('..') || path.isAbsolute(relative)) return path.resolve(dataDir);
  return `.${path.sep}${relative}`;
}

async function tryCreate(lockPath: string, record: LockRecord): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockPath, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(JSON.stringify(record, null, 2) + '\n');
  } finally {
    await handle.close();
  }
  return true;
}

async function readLock(lockPath: string): Promise<LockRecord | 'missing' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockRecord>;
    if (typeof parsed.pid === 'number' && typeof parsed.token === 'string') return parsed as LockRecord;
  } catch {
    // fall through: a half-written or foreign file
  }
  return 'unreadable';
}

function isHolderAlive(record: LockRecord, lockPath: string): boolean {
  // Another machine sharing the folder: its pids mean nothing here, so assume it is alive.
  if (record.hostname !== os.hostname()) return true;
  if (record.pid === process.pid) return heldByThisProcess.has(lockPath);
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = processStartTime(record.pid);
  return record.startTime === null || startTime === null || startTime === record.startTime;
}

async function removeIfUnchanged(lockPath: string, seen: LockRecord | 'unreadable'): Promise<void> {
  const now = await readLock(lockPath);
  const same =
    seen === 'unreadable' ? now === 'unreadable' : typeof now === 'object' && now.token === seen.token;
  if (!same) return;
  await unlink(lockPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

async function release(lockPath: string, token: string): Promise<void> {
  heldByThisProcess.delete(lockPath);
  const current = await readLock(lockPath);
  if (typeof current === 'object' && current.token === token) {
    await unlink(lockPath).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot); null where /proc is absent. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses; fields after it are plain.
    const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return afterName[19] ?? null;
  } catch {
    return null;
  }
}
