import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER } from '../../shared/csrf.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery defence for the cookie-authenticated API, on top of SameSite=Lax:
 * a state-changing /api request must come from our own origin (its Origin header), or, when a
 * browser sends no Origin, carry CSRF_HEADER (shared/csrf.ts), which a cross-site form cannot add and
 * a cross-site script cannot send without a CORS preflight we never grant. Bearer-token requests are
 * exempt: a browser never attaches those on its own.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    const allowedOrigin = new URL(options.publicUrl).origin;
    app.addHook('onRequest', async (request, reply) => {
      if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
      if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return;
      const origin = request.headers.origin;
      const allowed =
        origin !== undefined
          ? origin === allowedOrigin
          : request.headers[CSRF_HEADER.name.toLowerCase()] === CSRF_HEADER.value;
      if (!allowed) {
        return reply
          .status(403)
          .type('application/json; charset=utf-8')
          .send({ message: 'Cross-site request refused', code: 'csrf_rejected' });
      }
    });
  },
  { name: 'csrf' },
);
