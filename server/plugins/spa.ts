import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { PUBLIC_PAGES, publicPageAt } from '../../shared/public-pages.js';
import { isClientRoute } from '../../shared/routes.js';
import type { SiteConfig } from '../../shared/site-config.js';
import { renderIndexHtml, renderPublicPageHtml } from './page-html.js';
import { loadPrerenderer, type Viewer } from './prerender.js';
import type { Manifest } from './route-chunks.js';

export { renderIndexHtml } from './page-html.js';

export interface SpaOptions {
  /** The built client (dist/client). When it has no index.html, pages answer 503 with a hint. */
  clientDir: string;
  /** The built prerenderer; default: dist/ssr/entry-server.js beside clientDir. */
  ssrEntry?: string;
  site: SiteConfig;
  /** PUBLIC_URL: canonical and Open Graph URLs of the public pages. */
  publicUrl: string;
  /** The session cookie's name: a request without it gets the page prerendered for a guest. */
  sessionCookie: string;
}

const pageKey = (pagePath: string, viewer: Viewer) => `${viewer} ${pagePath}`;

async function readManifest(clientDir: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * Preloads the entry's woff2 fonts (the Bangers display face of the logo and headings, above the fold
 * on every page): the browser fetches them with the CSS instead of after it, so the text paints in
 * its face at once rather than swapping later and shifting the layout.
 */
function withFontPreloads(template: string, manifest: Manifest | undefined): string {
  const fonts = (manifest?.['index.html']?.assets ?? []).filter((file) => file.endsWith('.woff2'));
  if (fonts.length === 0) return template;
  const links = fonts
    .map((file) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin />`)
    .join('\n    ');
  return template.replace('</head>', `  ${links}\n  </head>`);
}

/**
 * Serves the built React app. Hashed assets are cached for a year and sent precompressed; the public
 * pages (shared/public-pages.ts) are rendered once at start with their content, title, description,
 * canonical and Open Graph tags; every other page path gets the empty shell (200 for the client's
 * routes, 404 for others, where the app shows its not-found page). Unknown /api paths answer the
 * JSON error shape instead.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: SpaOptions) => {
    const viewerOf = (cookies: Record<string, string | undefined> | undefined): Viewer =>
      cookies?.[options.sessionCookie] === undefined ? 'guest' : 'unknown';
    let indexHtml: string | undefined;
    const pageHtml = new Map<string, string>();
    try {
      const manifest = await readManifest(options.clientDir);
      const template = withFontPreloads(
        await readFile(path.join(options.clientDir, 'index.html'), 'utf8'),
        manifest,
      );
      indexHtml = renderIndexHtml(template, options.site);
      const renderPage = await loadPrerenderer(
        options.ssrEntry ?? path.join(options.clientDir, '..', 'ssr', 'entry-server.js'),
        options.site,
        app.log,
      );
      for (const page of PUBLIC_PAGES) {
        for (const viewer of ['guest', 'unknown'] as const) {
          let appHtml: string | undefined;
          try {
            // One at a time: the prerenderer keeps the viewer as module state while it renders.
            appHtml = await renderPage?.(page.path, viewer);
          } catch (error) {
            app.log.error(
              { err: error, page: page.path },
              'prerendering failed; the page renders in the browser',
            );
          }
          pageHtml.set(
            pageKey(page.path, viewer),
            renderPublicPageHtml(template, {
              site: options.site,
              publicUrl: options.publicUrl,
              page,
              appHtml,
              viewer,
            }),
          );
        }
      }
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
      for (const url of ['/', '/index.html']) {
        app.get(url, (request, reply) =>
          reply
            .header('Cache-Control', 'no-cache')
            .header('Vary', 'Cookie')
            .type('text/html; charset=utf-8')
            .send(pageHtml.get(pageKey('/', viewerOf(request.cookies))) ?? indexHtml),
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
      const page = publicPageAt(pathname);
      return reply
        .status(isClientRoute(pathname) ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send((page && pageHtml.get(pageKey(page.path, viewerOf(request.cookies)))) ?? indexHtml);
    });
  },
  { name: 'spa' },
);
