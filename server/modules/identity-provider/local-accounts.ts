import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { localAccounts } from '../../db/schema.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';

/** An account of the built-in identity provider, without its password hash. */
export interface LocalAccount {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  emailVerified: boolean;
}

/** What sign-up (or the users CLI) provides for a new account. */
export interface NewLocalAccount {
  email: string;
  password: string;
  givenName?: string;
  familyName?: string;
  /** Set only when the operator vouches for the address (the users CLI); sign-up cannot verify it. */
  emailVerified?: boolean;
}

/** Thrown when an account with that email (any letter case) already exists. */
export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

function present(row: typeof localAccounts.$inferSelect): LocalAccount {
  return {
    id: row.id,
    email: row.email,
    givenName: row.givenName,
    familyName: row.familyName,
    emailVerified: row.emailVerified,
  };
}

/** Finds an account by email, ignoring letter case. */
export async function findLocalAccountByEmail(db: Db, email: string): Promise<LocalAccount | undefined> {
  const [row] = await db
    .select()
    .from(localAccounts)
    .where(eq(sql`lower(${localAccounts.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ? present(row) : undefined;
}

/** Finds an account by its id (the OIDC subject). */
export async function findLocalAccountById(db: Db, id: string): Promise<LocalAccount | undefined> {
  // Subjects come from tokens and cookies; anything that is not a uuid cannot be an account.
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(localAccounts).where(eq(localAccounts.id, id)).limit(1);
  return row ? present(row) : undefined;
}

/** Creates an account with an argon2id password hash; throws EmailTakenError for a taken email. */
export async function createLocalAccount(db: Db, input: NewLocalAccount): Promise<LocalAccount> {
  const email = input.email.trim();
  if (await findLocalAccountByEmail(db, email)) throw new EmailTakenError(email);
  const passwordHash = await hashPassword(input.password);
  const rows = await db
    .insert(localAccounts)
    .values({
      email,
      passwordHash,
      givenName: input.givenName?.trim() ?? '',
      familyName: input.familyName?.trim() ?? '',
      emailVerified: input.emailVerified ?? false,
    })
    // The unique index on lower(email) settles a race between two sign-ups for one address.
    .onConflictDoNothing()
    .returning();
  const row = rows[0];
  if (!row) throw new EmailTakenError(email);
  return present(row);
}

/** Checks an email and password; undefined when either is wrong (same timing either way). */
export async function authenticateLocalAccount(
  db: Db,
  email: string,
  password: string,
): Promise<LocalAccount | undefined> {
  const [row] = await db
    .select()
    .from(localAccounts)
    .where(eq(sql`lower(${localAccounts.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!row) {
    await verifyAgainstDummy(password);
    return undefined;
  }
  return (await verifyPassword(row.passwordHash, password)) ? present(row) : undefined;
}

/** Replaces an account's password (used by the users CLI). */
export async function setLocalAccountPassword(db: Db, id: string, password: string): Promise<void> {
  await db
    .update(localAccounts)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(localAccounts.id, id));
}
