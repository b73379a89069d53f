import type { FastifyInstance } from 'fastify';
import { PUBLIC_PAGES } from '../../../shared/public-pages.js';
import { escapeHtml } from '../../plugins/page-html.js';

/** The public pages' absolute URLs on this site (PUBLIC_URL), for the sitemap. */
function sitemapUrls(publicUrl: string): string[] {
  const origin = `${publicUrl.replace(/\/+$/, '')}/`;
  return PUBLIC_PAGES.filter((page) => page.inSitemap).map((page) => new URL(page.path, origin).href);
}

/** GET /robots.txt and /sitemap.xml: what search engines may crawl, and the public pages to find. */
export async function seoRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const origin = options.publicUrl.replace(/\/+$/, '');
  const robots = [
    'User-agent: *',
    // The API and the staff pages are of no use in a search result.
    'Disallow: /api/',
    'Disallow: /oidc/',
    'Disallow: /admin',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapUrls(options.publicUrl).map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  app.get('/robots.txt', (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemap),
  );
}
