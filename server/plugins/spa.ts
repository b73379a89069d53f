import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '../../shared/routes.js';
import type { SiteConfig } from '../../shared/site-config.js';

export interface SpaOptions {
  /** The built client (dist/client). When it has no index.html, pages answer 503 with a hint. */
  clientDir: string;
  site: SiteConfig;
}

/** Embeds the site configuration as a non-executable JSON block, so the CSP can forbid inline script. */
export function renderIndexHtml(template: string, site: SiteConfig): string {
  const json = JSON.stringify(site).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="site-config">${json}</script>`;
  return template
    .replace('<!--site-config-->', block)
    .replace(
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(site.businessName)} - Sell Your Graded Comics</title>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Serves the built React app. Hashed assets are cached for a year; every page path gets index.html
 * (200 for the client's routes, 404 for others, where the app shows its not-found page). Unknown
 * /api paths answer the JSON error shape instead.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: SpaOptions) => {
    let indexHtml: string | undefined;
    try {
      indexHtml = renderIndexHtml(
        await readFile(path.join(options.clientDir, 'index.html'), 'utf8'),
        options.site,
      );
      await app.register(fastifyStatic, {
        root: options.clientDir,
        index: false,
        wildcard: true,
        // The build writes .br and .gz beside each text asset (scripts/compress-client.ts): sent by
        // Accept-Encoding, with Vary: Accept-Encoding, instead of compressing on every request.
        preCompressed: true,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'Cache-Control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          );
        },
      });
      // GET / would otherwise reach the static wildcard route, which answers a directory with 403.
      // /index.html too: served raw by the static files it would still hold the template's
      // placeholder instead of the site configuration.
      const homeHtml = indexHtml;
      for (const url of ['/', '/index.html']) {
        app.get(url, (_request, reply) =>
          reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(homeHtml),
        );
      }
    } catch {
      app.log.warn({ clientDir: options.clientDir }, 'client build not found; run `npm run build`');
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        return reply
          .status(404)
          .send({ message: `Not found: ${request.method} ${pathname}`, code: 'not_found' });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send({ message: 'Not found', code: 'not_found' });
      }
      if (!indexHtml) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The client is not built. Run `npm run build`.');
      }
      return reply
        .status(isClientRoute(pathname) ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    });
  },
  { name: 'spa' },
);
