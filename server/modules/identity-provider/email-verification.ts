import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { emailVerificationTokens, localAccounts } from '../../db/schema.js';
import { hashToken, randomToken } from '../auth/tokens.js';
import { queueVerificationMail, type MailSite } from './account-mail.js';
import type { LocalAccount } from './local-accounts.js';

/** How long a verification link works. */
export const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

/** Path of the verification link when it is not tied to a sign-in in progress. */
export const VERIFY_EMAIL_PATH = '/oidc/verify-email';

/**
 * Issues a single-use verification link for the account's current email, queues the mail and logs
 * the link at info level (until mail is delivered, the log is how an operator can pass it on).
 * `interactionUid` ties the link to the sign-up in progress: the interaction cookie is scoped to
 * /oidc/interaction/<uid>, so following the link in that browser also finishes the sign-in.
 * Only the token's SHA-256 is stored. Returns the link.
 */
export async function sendVerificationLink(
  db: Db,
  site: MailSite,
  log: FastifyBaseLogger,
  account: Pick<LocalAccount, 'id' | 'email'>,
  interactionUid?: string,
): Promise<string> {
  const token = randomToken();
  const path = interactionUid
    ? `/oidc/interaction/${encodeURIComponent(interactionUid)}/verify`
    : VERIFY_EMAIL_PATH;
  const link = `${site.siteUrl}${path}?token=${token}`;
  await db.transaction(async (tx) => {
    await tx.insert(emailVerificationTokens).values({
      id: hashToken(token),
      accountId: account.id,
      email: account.email,
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_SECONDS * 1000),
    });
    await queueVerificationMail(tx as unknown as Db, site, account.email, link);
  });
  log.info({ email: account.email, verificationLink: link }, 'email verification link issued');
  return link;
}

/**
 * Consumes a verification token: when it is known, unexpired and still names the account's email,
 * marks that email verified and deletes every link of the account (single use). Returns the
 * account id, or undefined for anything else (the caller shows one message for all failures).
 */
export async function confirmEmail(db: Db, token: string): Promise<string | undefined> {
  if (token.length === 0 || token.length > 100) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(emailVerificationTokens)
      .where(eq(emailVerificationTokens.id, hashToken(token)))
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
    const [account] = await tx
      .update(localAccounts)
      .set({ emailVerified: true })
      .where(
        and(
          eq(localAccounts.id, row.accountId),
          eq(sql`lower(${localAccounts.email})`, row.email.toLowerCase()),
        ),
      )
      .returning({ id: localAccounts.id });
    if (!account) return undefined;
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.accountId, account.id));
    return account.id;
  });
}

/** Deletes expired verification links (called periodically). */
export async function sweepExpiredVerificationTokens(db: Db): Promise<void> {
  await db.delete(emailVerificationTokens).where(lt(emailVerificationTokens.expiresAt, new Date()));
}

/** True when the account has a verification link that still works. */
export async function hasPendingVerification(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailVerificationTokens.id })
    .from(emailVerificationTokens)
    .where(
      and(
        eq(emailVerificationTokens.accountId, accountId),
        gt(emailVerificationTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(row);
}
