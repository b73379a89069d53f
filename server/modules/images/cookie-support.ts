import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';

/**
 * Makes request.cookies / reply.setCookie available in this plugin's scope. The sign-in module
 * registers @fastify/cookie for the whole app; registering it again would throw, so only add it
 * when no parent has.
 */
export async function ensureCookieSupport(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('parseCookie')) await app.register(cookie);
}
