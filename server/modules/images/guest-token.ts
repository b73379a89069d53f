import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
// Type augmentation only: request.cookies and reply.setCookie come from @fastify/cookie.
import type {} from '@fastify/cookie';

/** The cookie that ties a guest's uploads to their browser until they sign in and submit. */
export const GUEST_COOKIE = 'guest_uploads';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

/** SHA-256 of a guest token: the database keeps only this, so a leaked table grants no access. */
export function hashGuestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The hash of the request's guest token, or null when it carries none (or a malformed one). */
export function readGuestTokenHash(request: FastifyRequest): string | null {
  const token = request.cookies?.[GUEST_COOKIE];
  return token && TOKEN_PATTERN.test(token) ? hashGuestToken(token) : null;
}

/**
 * Returns the guest token hash for this browser, issuing a new random token in an httpOnly,
 * SameSite=Lax cookie when there is none yet (the first upload of a guest).
 */
export function ensureGuestTokenHash(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secure: boolean },
): string {
  const existing = readGuestTokenHash(request);
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(GUEST_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    // Only the API reads it: the image, extraction and submission routes.
    path: '/api',
    maxAge: THIRTY_DAYS_SECONDS,
  });
  return hashGuestToken(token);
}
