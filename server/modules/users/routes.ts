import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paymentEmailSchema, storeEmailSchema } from '../../../shared/schemas/user-emails.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { presentUser } from './present-user.js';
import { updatePaymentEmail, updateStoreEmail } from './repository.js';
import { storeEmailFieldName, storeEmailPathSegment } from '../../../shared/store-email-field.js';

/** Options of the current user's routes. */
export interface UserRoutesOptions {
  db: Db;
  storeBrand: string;
}

/** Parses a body, answering 400 with the rule's own sentence (the settings page shows it as is). */
function parseBody<T>(schema: z.ZodType<T>, request: FastifyRequest): T {
  const parsed = schema.safeParse(request.body ?? {});
  if (!parsed.success) {
    throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid request', 'validation_failed');
  }
  return parsed.data;
}

/**
 * PUT /api/user/payment-email and PUT /api/user/<brand>-store-email (e.g. amped-store-email), whose
 * body field is the brand-prefixed name (e.g. ampedStoreEmail) as in spec sections 3 and 7.
 */
export async function userRoutes(app: FastifyInstance, options: UserRoutesOptions) {
  const { db, storeBrand } = options;
  const storeField = storeEmailFieldName(storeBrand);
  const paymentBody = z.object({ paymentEmail: paymentEmailSchema });
  const storeBody = z.object({ [storeField]: storeEmailSchema(storeBrand) });

  // The account's own data, errors included: never kept by the browser or a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.openapi.add({
    method: 'PUT',
    path: '/api/user/payment-email',
    summary: "Save the signed-in user's PayPal payment email; answers the updated user",
    description:
      'Answers the user as GET /api/auth/user does: { id, email, role, firstName, lastName, profileImageUrl, paymentEmail, <brand>StoreEmail, username }.',
    tags: ['user'],
    access: 'user',
    body: paymentBody,
    errors: [404],
  });
  app.put('/api/user/payment-email', { preHandler: requireUser }, async (request) => {
    const { paymentEmail } = parseBody(paymentBody, request);
    const updated = await updatePaymentEmail(db, signedInUser(request).id, paymentEmail);
    if (!updated) throw new HttpError(404, 'User not found', 'not_found');
    return presentUser(updated, storeBrand);
  });

  app.openapi.add({
    method: 'PUT',
    path: `/api/user/${storeEmailPathSegment(storeBrand)}`,
    summary: "Save the signed-in user's store-credit account email; answers the updated user",
    description: `The path and the body field carry the store's brand (STORE_BRAND ${storeBrand}: field ${storeField}). Answers the user as GET /api/auth/user does.`,
    tags: ['user'],
    access: 'user',
    body: storeBody,
    errors: [404],
  });
  app.put(`/api/user/${storeEmailPathSegment(storeBrand)}`, { preHandler: requireUser }, async (request) => {
    const body = parseBody(storeBody, request) as Record<string, string>;
    const updated = await updateStoreEmail(db, signedInUser(request).id, body[storeField] ?? '');
    if (!updated) throw new HttpError(404, 'User not found', 'not_found');
    return presentUser(updated, storeBrand);
  });
}
