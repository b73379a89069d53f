import type { FastifyInstance } from 'fastify';
import {
  certCheckQuerySchema,
  certCheckResponseSchema,
  type CertCheckResponse,
} from '../../../shared/schemas/cert-check.js';
import type { Database } from '../../db/client.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { findEarlierCerts } from './duplicate-certs.js';

/** Dependencies of the cert-check route. */
export interface CertCheckRoutesOptions {
  database: Database;
}

/**
 * GET /api/submissions/cert-check?certs=a,b: which of these numbers the signed-in seller's earlier
 * submissions already hold. Only the caller's own submissions are searched.
 */
export async function certCheckRoutes(app: FastifyInstance, options: CertCheckRoutesOptions) {
  const { db } = options.database;
  app.openapi.add({
    method: 'GET',
    path: '/api/submissions/cert-check',
    summary: "Which of these cert numbers the signed-in seller's earlier submissions already hold",
    tags: ['submissions'],
    access: 'user',
    query: certCheckQuerySchema,
    response: certCheckResponseSchema,
  });
  app.get('/submissions/cert-check', { preHandler: requireUser }, async (request, reply) => {
    const seller = signedInUser(request);
    const { certs } = certCheckQuerySchema.parse(request.query);
    const body: CertCheckResponse = { matches: await findEarlierCerts(db, seller.id, certs) };
    return reply.header('Cache-Control', 'no-store').send(body);
  });
}
