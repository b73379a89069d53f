import type { FastifyInstance } from 'fastify';
import { createSubmissionBodySchema } from '../../../shared/schemas/submission.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { ensureCookieSupport } from '../images/cookie-support.js';
import { readGuestTokenHash } from '../images/guest-token.js';
import { isUuid } from '../images/image-repository.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { createSubmission } from './create-submission.js';
import { checkSubmissionRate, SubmissionRateError } from './submission-rate-limit.js';
import { presentSubmission } from './present-submission.js';
import { findSubmission, listSubmissionsOfUser } from './submission-repository.js';

/** Dependencies of the submission routes. */
export interface SubmissionRoutesOptions {
  database: Database;
}

// Visible ASCII, as clients generate (a uuid, typically); long enough for any sane scheme.
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new HttpError(
      400,
      'The Idempotency-Key header must be 1 to 200 visible characters.',
      'bad_idempotency_key',
    );
  }
  return header;
}

const notFound = () => new HttpError(404, 'Submission not found', 'not_found');

/**
 * POST /api/submissions (create), GET /api/submissions (the caller's own, newest first) and
 * GET /api/submissions/:id (owner or staff). The offer/ship/pay lifecycle lives elsewhere.
 */
export async function submissionRoutes(app: FastifyInstance, options: SubmissionRoutesOptions) {
  const { db } = options.database;
  await ensureCookieSupport(app);

  app.post('/submissions', { preHandler: requireUser }, async (request, reply) => {
    const seller = signedInUser(request);
    const body = createSubmissionBodySchema.parse(request.body);
    // The seller is whoever is signed in; a body naming someone else is refused, never obeyed.
    if (body.userId !== undefined && body.userId !== seller.id) {
      throw new HttpError(403, 'You can only submit comics for your own account.', 'forbidden');
    }
    // Per account, counted in the database: one seller cannot flood the dealer's queue.
    try {
      await checkSubmissionRate(db, seller.id);
    } catch (error) {
      if (error instanceof SubmissionRateError) reply.header('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
    const result = await createSubmission(db, {
      seller,
      guestTokenHash: readGuestTokenHash(request),
      comics: body.comics,
      idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key']),
    });
    const record = await findSubmission(db, result.id);
    if (!record) throw new Error(`submission ${result.id} vanished after creation`);
    return reply.status(result.created ? 201 : 200).send(presentSubmission(record));
  });

  app.get('/submissions', { preHandler: requireUser }, async (request) => {
    const user = signedInUser(request);
    // Placeholder page shape until the lifecycle module (issue 8) pages this list on the server.
    const records = await listSubmissionsOfUser(db, user.id);
    const count = (status: string) => records.filter((r) => r.submission.status === status).length;
    return {
      items: records.map(presentSubmission),
      nextCursor: null,
      stats: {
        total: records.length,
        awaitingResponse: count('pending'),
        accepted: count('awaiting_shipment'),
      },
    };
  });

  app.get<{ Params: { id: string } }>('/submissions/:id', { preHandler: requireUser }, async (request) => {
    const user = signedInUser(request);
    if (!isUuid(request.params.id)) throw notFound();
    const record = await findSubmission(db, request.params.id);
    // Someone else's submission answers exactly like a missing one.
    if (!record || (record.submission.userId !== user.id && user.role !== 'admin')) throw notFound();
    return presentSubmission(record);
  });
}
