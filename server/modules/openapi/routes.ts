import type { FastifyInstance } from 'fastify';
import type { ApiOperation } from './registry.js';

const METHODS = new Set<ApiOperation['method']>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * GET /api/openapi.json: the description of every operation the modules added to app.openapi. A
 * registered /api route nobody described still appears (marked `x-undocumented`), so the document
 * never hides a route and the gap is visible.
 */
export async function openApiRoutes(app: FastifyInstance, options: { title: string; version: string }) {
  app.openapi.add({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This description (OpenAPI 3.1)',
    tags: ['meta'],
    access: 'public',
  });
  app.get('/openapi.json', async (_request, reply) => {
    // Assembled per request: cheap, and always in step with what was registered.
    const described = new Set(app.openapi.operations().map((op) => `${op.method} ${op.path}`));
    const undocumented = app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        METHODS.has(route.method as ApiOperation['method']) &&
        !described.has(`${route.method} ${route.url}`),
    );
    const document = app.openapi.document(options) as { paths: Record<string, Record<string, unknown>> };
    for (const route of undocumented) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      (document.paths[path] ??= {})[route.method.toLowerCase()] = {
        summary: 'Not described yet',
        'x-undocumented': true,
        responses: { default: { description: 'See the route module' } },
      };
    }
    return reply.header('Cache-Control', 'no-cache').send(document);
  });
}
