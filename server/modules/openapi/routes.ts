import type { FastifyInstance } from 'fastify';

/** GET /api/openapi.json: the description of every operation the modules added to app.openapi. */
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
    return reply.header('Cache-Control', 'no-cache').send(app.openapi.document(options));
  });
}
