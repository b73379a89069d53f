import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginThrottle } from '../../db/schema.js';

// Password guessing is slowed per account email and per client address, with the counters in the
// database so every API process shares them. Each attempt is counted BEFORE the password is checked
// (so a burst of parallel guesses cannot all slip through before the first failure is written) and
// given back on success. Past the free attempts, each further attempt sets a delay that doubles,
// up to a cap. The account's cap is short on purpose: a stranger can make the owner wait at most
// ACCOUNT.capSeconds, never lock them out, while guessing stays at about one try a minute per
// account (and the password policy refuses anything guessable in that many tries).

/** Free attempts and the longest delay of one kind of key. */
interface ThrottleRule {
  free: number;
  capSeconds: number;
}

/** Per account email: 5 free attempts, then 1 s, 2 s, 4 s ... at most 60 s between tries. */
export const ACCOUNT_RULE: ThrottleRule = { free: 5, capSeconds: 60 };
/** Per client address: 20 free attempts, then doubling delays of at most 15 minutes. */
export const ADDRESS_RULE: ThrottleRule = { free: 20, capSeconds: 15 * 60 };
/** A key with no attempt for this long starts again from zero. */
export const THROTTLE_RESET_SECONDS = 60 * 60;

/** The keys of one sign-in attempt. */
export interface AttemptKeys {
  email: string;
  address: string;
}

function keysOf(attempt: AttemptKeys): Array<{ key: string; rule: ThrottleRule }> {
  return [
    { key: `account:${attempt.email.trim().toLowerCase()}`, rule: ACCOUNT_RULE },
    { key: `address:${attempt.address}`, rule: ADDRESS_RULE },
  ];
}

/** The delay after the n-th counted attempt (0 while attempts are free). */
export function delaySeconds(attempts: number, rule: ThrottleRule): number {
  if (attempts <= rule.free) return 0;
  return Math.min(2 ** (attempts - rule.free - 1), rule.capSeconds);
}

/**
 * Counts a sign-in attempt for the email and the address. Returns `{ allowed: false, retryAfter }`
 * (seconds) while either key is in its delay, without counting; otherwise counts and allows.
 */
export async function beginLoginAttempt(
  db: Db,
  attempt: AttemptKeys,
  now = new Date(),
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const keys = keysOf(attempt).sort((a, b) => a.key.localeCompare(b.key));
  return db.transaction(async (tx) => {
    await tx
      .insert(loginThrottle)
      .values(keys.map(({ key }) => ({ key, failures: 0, updatedAt: now })))
      .onConflictDoNothing();
    // Locked in key order, so two processes never wait on each other in a cycle.
    const rows = await tx
      .select()
      .from(loginThrottle)
      .where(
        inArray(
          loginThrottle.key,
          keys.map(({ key }) => key),
        ),
      )
      .orderBy(loginThrottle.key)
      .for('update');
    let wait = 0;
    for (const row of rows) {
      if (row.blockedUntil && row.blockedUntil > now) {
        wait = Math.max(wait, Math.ceil((row.blockedUntil.getTime() - now.getTime()) / 1000));
      }
    }
    if (wait > 0) return { allowed: false as const, retryAfterSeconds: wait };
    for (const { key, rule } of keys) {
      const row = rows.find((candidate) => candidate.key === key);
      const stale = !row || now.getTime() - row.updatedAt.getTime() > THROTTLE_RESET_SECONDS * 1000;
      const attempts = (stale ? 0 : row.failures) + 1;
      const delay = delaySeconds(attempts, rule);
      await tx
        .update(loginThrottle)
        .set({
          failures: attempts,
          blockedUntil: delay > 0 ? new Date(now.getTime() + delay * 1000) : null,
          updatedAt: now,
        })
        .where(eq(loginThrottle.key, key));
    }
    return { allowed: true as const };
  });
}

/**
 * A correct password: the account starts again from zero, and the address gets back the attempt
 * it was charged (so people sharing one address are not slowed by each other's good sign-ins).
 */
export async function loginSucceeded(db: Db, attempt: AttemptKeys): Promise<void> {
  const [account, address] = keysOf(attempt);
  await db.transaction(async (tx) => {
    await tx.delete(loginThrottle).where(eq(loginThrottle.key, account!.key));
    await tx
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
      .where(eq(loginThrottle.key, address!.key));
  });
}

/** Deletes counters nobody has touched for the reset period (called periodically). */
export async function sweepLoginThrottle(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(lt(loginThrottle.updatedAt, new Date(now.getTime() - THROTTLE_RESET_SECONDS * 1000)));
}
