import { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable token for a cookie (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex: what the database stores, so a leaked table cannot be replayed as cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
