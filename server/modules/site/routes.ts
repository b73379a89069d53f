import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '../../../shared/site-config.js';

/** GET /api/site: the brand and business details (also embedded in every page for a fast first paint). */
export async function siteRoutes(app: FastifyInstance, options: { site: SiteConfig }) {
  app.openapi.add({
    method: 'GET',
    path: '/api/site',
    summary: 'The brand and business details',
    description:
      'Answers { businessName, storeBrand, contactEmail, shipTo: { company, street, unit, city, state, zip }, copyrightYear }.',
    tags: ['site'],
    access: 'public',
  });
  app.get('/site', async () => options.site);
}
