import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '../../../shared/site-config.js';

/** GET /api/site: the brand and business details (also embedded in every page for a fast first paint). */
export async function siteRoutes(app: FastifyInstance, options: { site: SiteConfig }) {
  app.get('/site', async () => options.site);
}
