import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { AuthConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema.js';
import { findUserByIdentity } from '../users/repository.js';
import type { RelyingParty } from './relying-party.js';
import { findSession } from './session-store.js';
import './guards.js';

/** Options of the auth plugin. */
export interface AuthPluginOptions {
  db: Db;
  auth: AuthConfig;
  relyingParty: RelyingParty;
}

/** The session cookie's name; the __Host- prefix (https only) pins it to this exact origin. */
export function sessionCookieName(auth: AuthConfig): string {
  return auth.secureCookies ? '__Host-session' : 'session';
}

/** Cookie attributes of the session cookie: httpOnly, SameSite=Lax, Secure on https, whole site. */
export function sessionCookieOptions(auth: AuthConfig) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: auth.secureCookies };
}

/** Who made the request: the user behind a bearer token or, failing that, the session cookie. */
async function resolveUser(request: FastifyRequest, options: AuthPluginOptions): Promise<User | null> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    // An Authorization header means "this is an API client": never fall back to the cookie.
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match?.[1]) return null;
    try {
      const payload = await options.relyingParty.verifyAccessToken(match[1]);
      return (await findUserByIdentity(options.db, options.auth.identityIssuer, payload.sub)) ?? null;
    } catch {
      return null;
    }
  }
  const token = request.cookies[sessionCookieName(options.auth)];
  if (!token) return null;
  const found = await findSession(options.db, token);
  return found?.user ?? null;
}

/**
 * Sets `request.user` for every /api request from the session cookie (a random token whose SHA-256
 * names a sessions row) or a bearer access token from the configured issuer. Routes then guard
 * themselves with requireUser / requireAdmin from guards.ts.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthPluginOptions) => {
    if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
      if (!request.url.startsWith('/api/')) return;
      request.user = await resolveUser(request, options);
    });
    // Expired sessions and sign-ins are swept by the 'sweep.sessions' job (server/jobs/registry.ts).
  },
  { name: 'auth' },
);
