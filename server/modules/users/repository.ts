import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pendingAdminGrants, users, type User } from '../../db/schema.js';

/** Who signed in, as the identity provider's ID token describes them. */
export interface SignInIdentity {
  issuer: string;
  subject: string;
  email: string;
  /** The provider vouches that the person controls the address. */
  emailVerified: boolean;
  givenName?: string | undefined;
  familyName?: string | undefined;
  picture?: string | undefined;
}

/** Who becomes staff at sign-in. Only a verified email counts, whichever issuer says so. */
export interface SignInPolicy {
  /** Lower-cased ADMIN_EMAILS. */
  adminEmails: string[];
}

/** Sign-in refused because the email belongs to another account that cannot be safely linked. */
export class AccountConflictError extends Error {
  override name = 'AccountConflictError';
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

/** Finds a user by id (undefined for a malformed id). */
export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Finds the user an issuer's subject belongs to. */
export async function findUserByIdentity(db: Db, issuer: string, subject: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
    .limit(1);
  return row;
}

/** Finds a user by email, ignoring letter case. */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

/**
 * Creates the user on first sign-in (role user) or refreshes their profile, linking a row made
 * ahead of time by the users CLI when the email is verified, and promoting ADMIN_EMAILS and
 * pending grants (`npm run users -- grant-admin`) only for a verified email: an issuer's
 * `email_verified: true`, which the built-in provider says only after its link was followed.
 * Admin is never removed here: demotion is a deliberate act, not a side effect of a sign-in.
 */
export async function upsertUserFromSignIn(
  db: Db,
  identity: SignInIdentity,
  policy: SignInPolicy,
): Promise<User> {
  const trusted = identity.emailVerified;
  const lowerEmail = identity.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // A pending grant is claimed (deleted) by the first verified sign-in with its address.
    const granted =
      trusted &&
      (await tx.delete(pendingAdminGrants).where(eq(pendingAdminGrants.email, lowerEmail)).returning())
        .length > 0;
    const makeAdmin = trusted && (granted || policy.adminEmails.includes(lowerEmail));
    const profile = {
      ...(identity.givenName !== undefined ? { firstName: identity.givenName || null } : {}),
      ...(identity.familyName !== undefined ? { lastName: identity.familyName || null } : {}),
      ...(identity.picture !== undefined ? { profileImageUrl: identity.picture || null } : {}),
      ...(makeAdmin ? { role: 'admin' as const } : {}),
    };
    const known = await findUserByIdentity(txDb, identity.issuer, identity.subject);
    if (known) {
      const emailOwner =
        known.email.toLowerCase() === identity.email.toLowerCase()
          ? known
          : await findUserByEmail(txDb, identity.email);
      // Follow an email change at the provider unless another account already uses the address.
      const followed = !emailOwner || emailOwner.id === known.id;
      const email = followed ? identity.email : known.email;
      const [updated] = await tx
        .update(users)
        .set({ email, emailVerified: followed ? trusted : known.emailVerified, ...profile })
        .where(eq(users.id, known.id))
        .returning();
      return updated ?? known;
    }
    const sameEmail = await findUserByEmail(txDb, identity.email);
    if (sameEmail) {
      if (sameEmail.oidcIssuer === null && trusted) {
        const [linked] = await tx
          .update(users)
          .set({
            oidcIssuer: identity.issuer,
            oidcSubject: identity.subject,
            emailVerified: true,
            ...profile,
          })
          .where(eq(users.id, sameEmail.id))
          .returning();
        if (linked) return linked;
      }
      throw new AccountConflictError('An account with this email already exists.');
    }
    const [created] = await tx
      .insert(users)
      .values({
        email: identity.email,
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
        firstName: identity.givenName || null,
        lastName: identity.familyName || null,
        profileImageUrl: identity.picture || null,
        emailVerified: trusted,
        role: makeAdmin ? 'admin' : 'user',
      })
      .returning();
    if (!created) throw new Error('user insert returned nothing');
    return created;
  });
}

/** Sets a user's payment email and returns the updated row. */
export async function updatePaymentEmail(
  db: Db,
  userId: string,
  paymentEmail: string,
): Promise<User | undefined> {
  const [row] = await db.update(users).set({ paymentEmail }).where(eq(users.id, userId)).returning();
  return row;
}

/** Sets a user's store account email and returns the updated row. */
export async function updateStoreEmail(
  db: Db,
  userId: string,
  storeEmail: string,
): Promise<User | undefined> {
  const [row] = await db.update(users).set({ storeEmail }).where(eq(users.id, userId)).returning();
  return row;
}

/** What `grant-admin` did: promoted a user now, or left a grant for the first verified sign-in. */
export type AdminGrantOutcome = { kind: 'promoted'; user: User } | { kind: 'pending' };

/**
 * Makes the user with this email an admin when their email is verified (an issuer said so at their
 * last sign-in). Otherwise (no user yet, or an unverified address that anyone could have typed)
 * records a pending grant that the first verified sign-in with the address claims.
 */
export async function grantAdminByEmail(db: Db, email: string): Promise<AdminGrantOutcome> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const existing = await findUserByEmail(txDb, email);
    if (existing?.emailVerified) {
      const [row] = await tx
        .update(users)
        .set({ role: 'admin' })
        .where(eq(users.id, existing.id))
        .returning();
      return { kind: 'promoted' as const, user: row ?? existing };
    }
    await tx.insert(pendingAdminGrants).values({ email: email.trim().toLowerCase() }).onConflictDoNothing();
    return { kind: 'pending' as const };
  });
}
