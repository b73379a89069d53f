import { eq, lt } from 'drizzle-orm';
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

/** Stores a sign-in in progress keyed by the hash of its state. */
export async function saveTransaction(db: Db, state: string, transaction: AuthTransaction): Promise<void> {
  await db.insert(authTransactions).values({
    id: hashToken(state),
    nonce: transaction.nonce,
    codeVerifier: transaction.codeVerifier,
    returnTo: transaction.returnTo,
    expiresAt: new Date(Date.now() + TRANSACTION_TTL_SECONDS * 1000),
  });
}

/** Removes and returns the transaction for a state (single use); undefined when unknown or expired. */
export async function takeTransaction(db: Db, state: string): Promise<AuthTransaction | undefined> {
  const [row] = await db
    .delete(authTransactions)
    .where(eq(authTransactions.id, hashToken(state)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  return { nonce: row.nonce, codeVerifier: row.codeVerifier, returnTo: row.returnTo };
}

/** Deletes abandoned sign-ins (called periodically). */
export async function sweepExpiredTransactions(db: Db): Promise<void> {
  await db.delete(authTransactions).where(lt(authTransactions.expiresAt, new Date()));
}
