import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

/** /healthz: the process answers. /readyz: the database answers too (for load balancers). */
export async function healthRoutes(app: FastifyInstance, options: { database: Database }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await options.database.ping();
      return { status: 'ok', database: options.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ message: 'Database unreachable', code: 'not_ready' });
    }
  });
}
