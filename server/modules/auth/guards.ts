import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (session cookie or bearer token), or null. Set by the auth plugin. */
    user: User | null;
  }
}

/**
 * preHandler for routes that need a signed-in user: 401 otherwise. Use as
 * `app.get('/x', { preHandler: requireUser }, handler)`, then `signedInUser(request)` in the handler.
 */
export async function requireUser(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (!request.user) throw new HttpError(401, 'Authentication required', 'unauthenticated');
}

/** preHandler for staff-only routes: 401 when signed out, 403 for a signed-in non-admin. */
export async function requireAdmin(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (!request.user) throw new HttpError(401, 'Authentication required', 'unauthenticated');
  if (request.user.role !== 'admin') throw new HttpError(403, 'Admin access required', 'forbidden');
}

/** The signed-in user of a route guarded by requireUser/requireAdmin (throws 401 if there is none). */
export function signedInUser(request: FastifyRequest): User {
  if (!request.user) throw new HttpError(401, 'Authentication required', 'unauthenticated');
  return request.user;
}
