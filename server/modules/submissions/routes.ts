import type { FastifyInstance } from 'fastify';
import {
  createSubmissionBodySchema,
  submissionListSchema,
  submissionSchema,
  type SubmissionList,
} from '../../../shared/schemas/submission.js';
import { submissionListQuerySchema } from '../../../shared/schemas/submission-queries.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { ensureCookieSupport } from '../images/cookie-support.js';
import { readGuestTokenHash } from '../images/guest-token.js';
import { isUuid } from '../images/image-repository.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import type { TransitionHub } from '../lifecycle/transition-listeners.js';
import { createSubmission } from './create-submission.js';
import { checkSubmissionRate, SubmissionRateError } from './submission-rate-limit.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';
import { presentSubmission } from './present-submission.js';
import { listSubmissionsOfUser, submissionStatsOfUser } from './submission-repository.js';
import { audienceOf, submissionView } from './submission-view.js';

/** Dependencies of the submission routes. */
export interface SubmissionRoutesOptions {
  database: Database;
  /** Told of every new submission, inside its transaction. */
  hub: TransitionHub;
  /** What sellers see as the actor of staff's changes (config.site.businessName). */
  businessName: string;
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

/**
 * POST /api/submissions (create), GET /api/submissions (the caller's own, newest first, paged) and
 * GET /api/submissions/:id (owner or staff). What happens next lives in server/modules/lifecycle.
 */
export async function submissionRoutes(app: FastifyInstance, options: SubmissionRoutesOptions) {
  const { db } = options.database;
  const { hub, businessName } = options;
  await ensureCookieSupport(app);
  // Submissions are private: no cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.openapi.add({
    method: 'POST',
    path: '/api/submissions',
    summary: 'Submit comics for evaluation (Idempotency-Key header makes a retry safe)',
    tags: ['submissions'],
    access: 'user',
    body: createSubmissionBodySchema,
    response: submissionSchema,
    successStatus: 201,
    errors: [403],
  });
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
      hub,
    });
    return reply
      .status(result.created ? 201 : 200)
      .send(await submissionView(db, result.id, seller, businessName));
  });

  app.openapi.add({
    method: 'GET',
    path: '/api/submissions',
    summary: "The signed-in seller's own submissions, newest first, a page at a time, with their stat cards",
    tags: ['submissions'],
    access: 'user',
    query: submissionListQuerySchema,
    response: submissionListSchema,
  });
  app.get('/submissions', { preHandler: requireUser }, async (request): Promise<SubmissionList> => {
    const user = signedInUser(request);
    const query = submissionListQuerySchema.parse(request.query);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const [page, stats] = await Promise.all([
      listSubmissionsOfUser(db, user.id, { limit: query.limit, after, status: query.status ?? null }),
      submissionStatsOfUser(db, user.id),
    ]);
    const audience = audienceOf(user, businessName);
    return {
      items: page.records.map((record) => presentSubmission(record, audience)),
      nextCursor: page.next ? encodeCursor(page.next) : null,
      stats,
    };
  });

  app.openapi.add({
    method: 'GET',
    path: '/api/submissions/:id',
    summary: 'One submission (its seller or staff), with allowedActions and timeline',
    tags: ['submissions'],
    access: 'user',
    response: submissionSchema,
    errors: [404],
  });
  app.get<{ Params: { id: string } }>('/submissions/:id', { preHandler: requireUser }, async (request) => {
    const user = signedInUser(request);
    if (!isUuid(request.params.id)) throw new HttpError(404, 'Submission not found', 'not_found');
    return submissionView(db, request.params.id, user, businessName);
  });
}
