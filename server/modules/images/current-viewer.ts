import type { FastifyRequest } from 'fastify';
import { readGuestTokenHash } from './guest-token.js';

/** Who is asking for an image: a signed-in user (maybe staff), a guest with an upload cookie, or nobody. */
export interface Viewer {
  userId: string | null;
  isAdmin: boolean;
  guestTokenHash: string | null;
}

/** The signed-in user the auth module put on the request, if any. */
export function signedInUser(request: FastifyRequest): { id: string; role: string } | null {
  // The sign-in module decorates request.user; read it loosely so this module does not depend on
  // that module's load order.
  const user = (request as { user?: { id: string; role: string } | null }).user;
  return user ?? null;
}

/** The viewer of a request, for the image access policy. */
export function currentViewer(request: FastifyRequest): Viewer {
  const user = signedInUser(request);
  return {
    userId: user?.id ?? null,
    isAdmin: user?.role === 'admin',
    guestTokenHash: readGuestTokenHash(request),
  };
}
