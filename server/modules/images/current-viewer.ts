import type { FastifyRequest } from 'fastify';
import type { User } from '../../db/schema.js';
// For the request.user type the auth plugin declares.
import type {} from '../auth/guards.js';
import { readGuestTokenHash } from './guest-token.js';

/** Who is asking for an image: a signed-in user (maybe staff), a guest with an upload cookie, or nobody. */
export interface Viewer {
  userId: string | null;
  isAdmin: boolean;
  guestTokenHash: string | null;
}

/** The signed-in user the auth module put on the request, if any. */
export function optionalUser(request: FastifyRequest): User | null {
  // Guest uploads are allowed, so this is not requireUser: no user simply means a guest.
  return request.user ?? null;
}

/** The viewer of a request, for the image access policy. */
export function currentViewer(request: FastifyRequest): Viewer {
  const user = optionalUser(request);
  return {
    userId: user?.id ?? null,
    isAdmin: user?.role === 'admin',
    guestTokenHash: readGuestTokenHash(request),
  };
}
