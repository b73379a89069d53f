import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** True for /api and everything under it. */
function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Security headers. The Content-Security-Policy allows no inline script at all: the built client
 * loads only its own module files, and the server passes configuration as a JSON data block,
 * which browsers never execute. HSTS is sent only when PUBLIC_URL is https: over plain http it means
 * nothing to browsers and, sent by a local `npm start`, it would pin localhost to https for a year.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { httpsSite: boolean }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // wasm-unsafe-eval: the staff check-in's camera scanner runs zxing-wasm where the browser has no BarcodeDetector.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      hsts: options.httpsSite ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // API answers are private (a seller's submissions, emails, photos): no browser or shared cache
    // may keep them, so nothing is readable from the cache after sign-out. A route that wants
    // caching sets its own Cache-Control.
    app.addHook('onSend', async (request, reply) => {
      if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
        reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'security' },
);
