import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { sessions, users, type Session, type User } from '../../db/schema.js';
import { hashToken, randomToken } from './tokens.js';

/** Tokens from the provider kept with the session (never sent to the browser). */
export interface SessionTokens {
  idToken?: string | undefined;
  accessToken?: string | undefined;
  refreshToken?: string | undefined;
  accessTokenExpiresAt?: Date | undefined;
}

// lastSeenAt is informational; writing it on every request would turn each read into a write.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** Creates a session row and returns the cookie value (the row id is its SHA-256). */
export async function createSession(
  db: Db,
  input: { userId: string; maxAgeSeconds: number; userAgent?: string | undefined; tokens: SessionTokens },
): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: input.userId,
    expiresAt: new Date(Date.now() + input.maxAgeSeconds * 1000),
    idToken: input.tokens.idToken ?? null,
    accessToken: input.tokens.accessToken ?? null,
    refreshToken: input.tokens.refreshToken ?? null,
    accessTokenExpiresAt: input.tokens.accessTokenExpiresAt ?? null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

/** The live session and its user for a cookie value; expired sessions are deleted and ignored. */
export async function findSession(
  db: Db,
  token: string,
): Promise<{ session: Session; user: User } | undefined> {
  const id = hashToken(token);
  // Every /api request with a cookie runs this: prepared once (server/db/prepared.ts).
  const [row] = await prepared(db, 'session_with_user', (handle) =>
    handle
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('session_with_user'),
  ).execute({ id });
  if (!row) return undefined;
  if (row.session.expiresAt.getTime() <= Date.now()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return undefined;
  }
  if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
  }
  return row;
}

/** Deletes the session behind a cookie value and returns it (for its ID token), if there was one. */
export async function deleteSession(db: Db, token: string): Promise<Session | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .returning();
  return row;
}

/** Deletes every expired session (called periodically). */
export async function sweepExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
