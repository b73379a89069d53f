import { and, count, eq, gt, lt } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { authTransactions } from '../../db/schema.js';
import { hashToken } from './tokens.js';

/** A sign-in in progress: what the callback needs to finish it. */
export interface AuthTransaction {
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

/** How long a started sign-in may take before its callback is refused. */
export const TRANSACTION_TTL_SECONDS = 15 * 60;

/**
 * Most sign-ins that may be open at once, across all processes. Each GET /api/login writes one
 * row; past this many unexpired rows new sign-ins get 503 until old ones expire, so a flood of
 * GET /api/login from many addresses cannot grow the table without bound.
 */
export const MAX_OPEN_TRANSACTIONS = 10_000;

/** True when another sign-in may start (fewer than MAX_OPEN_TRANSACTIONS unexpired ones). */
export async function canOpenTransaction(db: Db, max = MAX_OPEN_TRANSACTIONS): Promise<boolean> {
  const [row] = await db
    .select({ open: count() })
    .from(authTransactions)
    .where(gt(authTransactions.expiresAt, new Date()));
  return (row?.open ?? 0) < max;
}

/**
 * Stores a sign-in in progress keyed by the hash of its state, bound to `binding`: a random secret
 * that only the browser's cookie holds (never a URL), stored as its hash.
 */
export async function saveTransaction(
  db: Db,
  state: string,
  binding: string,
  transaction: AuthTransaction,
): Promise<void> {
  await db.insert(authTransactions).values({
    id: hashToken(state),
    bindingHash: hashToken(binding),
    nonce: transaction.nonce,
    codeVerifier: transaction.codeVerifier,
    returnTo: transaction.returnTo,
    expiresAt: new Date(Date.now() + TRANSACTION_TTL_SECONDS * 1000),
  });
}

/** Why a callback's transaction could not be taken. */
export type TakeOutcome =
  { kind: 'ok'; transaction: AuthTransaction } | { kind: 'missing' } | { kind: 'mismatch' };

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Removes and returns the transaction for a state when the browser's binding secret matches
 * (single use). A wrong binding leaves the transaction in place: someone holding another person's
 * unused callback URL can neither finish that sign-in nor spoil it.
 */
export async function takeTransaction(db: Db, state: string, binding: string): Promise<TakeOutcome> {
  const id = hashToken(state);
  const [row] = await db.select().from(authTransactions).where(eq(authTransactions.id, id)).limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now()) {
    // The browser started a sign-in, but not this one: the spec's "Invalid state".
    const [started] = await db
      .select({ id: authTransactions.id })
      .from(authTransactions)
      .where(
        and(eq(authTransactions.bindingHash, hashToken(binding)), gt(authTransactions.expiresAt, new Date())),
      )
      .limit(1);
    return started ? { kind: 'mismatch' } : { kind: 'missing' };
  }
  if (!sameHash(row.bindingHash, hashToken(binding))) return { kind: 'mismatch' };
  const [taken] = await db
    .delete(authTransactions)
    .where(and(eq(authTransactions.id, id), eq(authTransactions.bindingHash, row.bindingHash)))
    .returning();
  if (!taken) return { kind: 'missing' };
  return {
    kind: 'ok',
    transaction: { nonce: taken.nonce, codeVerifier: taken.codeVerifier, returnTo: taken.returnTo },
  };
}

/** Deletes abandoned sign-ins (called periodically). */
export async function sweepExpiredTransactions(db: Db): Promise<void> {
  await db.delete(authTransactions).where(lt(authTransactions.expiresAt, new Date()));
}
