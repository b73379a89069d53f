// Every lifecycle call of spec section 7 (except the staff list, export and stats). Thin: parse the
// body with its shared zod schema, hand the action to the transition command, answer with the
// submission as the caller now sees it (with its allowedActions and timeline).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { comicOfferBodySchema } from '../../../shared/schemas/offer.js';
import { submissionSchema } from '../../../shared/schemas/submission.js';
import {
  markPaidBodySchema,
  offerResponseBodySchema,
  openDisputeBodySchema,
  trackingBodySchema,
} from '../../../shared/schemas/submission-actions.js';
import { calculateTotalResponseSchema } from '../../../shared/schemas/submission-queries.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { requireAdmin, requireUser, signedInUser } from '../auth/guards.js';
import { isUuid } from '../images/image-repository.js';
import { submissionView } from '../submissions/submission-view.js';
import { runComicAction, runSubmissionAction, type SubmissionCommand } from './transition.js';
import type { TransitionHub } from './transition-listeners.js';

/** Dependencies of the lifecycle routes. */
export interface LifecycleRoutesOptions {
  database: Database;
  hub: TransitionHub;
  /** What sellers see as the actor of staff's changes (config.site.businessName). */
  businessName: string;
}

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** The :id of the request; a malformed one is as missing as an unknown one. */
function idOf(request: IdRequest, what: 'Submission' | 'Comic'): string {
  if (!isUuid(request.params.id)) throw new HttpError(404, `${what} not found`, 'not_found');
  return request.params.id;
}

/** The submission actions reached through PUT /api/submissions/:id/<path>, and what each reads from the body. */
const SUBMISSION_ENDPOINTS: {
  path: string;
  summary: string;
  body?: z.ZodType;
  command: (body: unknown) => SubmissionCommand;
}[] = [
  {
    path: 'mark-processed',
    summary: 'Staff: every comic offered or rejected, at least one offered: awaiting_review -> pending',
    command: () => ({ action: 'mark_processed' }),
  },
  {
    path: 'mark-declined',
    summary: 'Staff: every comic rejected: awaiting_review -> declined',
    command: () => ({ action: 'mark_declined' }),
  },
  {
    path: 'cancel',
    summary:
      'Seller at awaiting_review; staff at awaiting_review, pending, awaiting_shipment or resolved: -> cancelled',
    command: () => ({ action: 'cancel' }),
  },
  {
    path: 'mark-received',
    summary: 'Staff: the package arrived: shipped -> inspecting_submission',
    command: () => ({ action: 'mark_received' }),
  },
  {
    path: 'mark-paid',
    summary:
      'Staff: inspecting_submission or resolved -> paid. paypalTransactionId is required when cash is owed, storeCreditReference when store credit is owed',
    body: markPaidBodySchema,
    command: (body) => ({ action: 'mark_paid', payload: markPaidBodySchema.parse(body ?? {}) }),
  },
  {
    path: 'open-dispute',
    summary: 'Staff: inspecting_submission or resolved -> dispute, with a message the seller sees',
    body: openDisputeBodySchema,
    command: (body) => ({ action: 'open_dispute', payload: openDisputeBodySchema.parse(body ?? {}) }),
  },
  {
    path: 'resolve-dispute',
    summary: 'Staff: dispute -> resolved',
    command: () => ({ action: 'resolve_dispute' }),
  },
  {
    path: 'resume-inspection',
    summary: 'Staff: after a resolved dispute, back to inspection: resolved -> inspecting_submission',
    command: () => ({ action: 'resume_inspection' }),
  },
  {
    path: 'user-responded',
    summary:
      'Seller: every offer answered: pending -> awaiting_shipment (anything accepted) or declined. The last answer already does this; 409 while an offer is unanswered',
    command: () => ({ action: 'user_responded' }),
  },
  {
    path: 'tracking',
    summary:
      'Seller or staff: saves tracking: awaiting_shipment -> shipped; while shipped, corrects it without a status change',
    body: trackingBodySchema,
    command: (body) => ({ action: 'save_tracking', payload: trackingBodySchema.parse(body ?? {}) }),
  },
];

/** The lifecycle routes, registered under /api. */
export async function lifecycleRoutes(app: FastifyInstance, options: LifecycleRoutesOptions) {
  const { db } = options.database;
  const deps = { db, hub: options.hub };
  const { businessName } = options;
  // Private data and one-off changes: nothing here may be cached.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  for (const endpoint of SUBMISSION_ENDPOINTS) {
    app.openapi.add({
      method: 'PUT',
      path: `/api/submissions/:id/${endpoint.path}`,
      summary: endpoint.summary,
      tags: ['lifecycle'],
      access: 'user',
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: submissionSchema,
      errors: [403, 404, 409],
    });
    app.put(`/submissions/:id/${endpoint.path}`, { preHandler: requireUser }, async (request: IdRequest) => {
      const user = signedInUser(request);
      const id = idOf(request, 'Submission');
      const command = endpoint.command(request.body);
      await runSubmissionAction(deps, user, id, command);
      return submissionView(db, id, user, businessName);
    });
  }

  app.openapi.add({
    method: 'PUT',
    path: '/api/comics/:id/offer-response',
    summary:
      'Seller: accept the cash offer, the store-credit offer, or decline, once per comic; the last answer moves the submission on',
    tags: ['lifecycle'],
    access: 'user',
    body: offerResponseBodySchema,
    response: submissionSchema,
    errors: [403, 404, 409],
  });
  app.put('/comics/:id/offer-response', { preHandler: requireUser }, async (request: IdRequest) => {
    const user = signedInUser(request);
    const id = idOf(request, 'Comic');
    const { userResponse } = offerResponseBodySchema.parse(request.body ?? {});
    const result = await runComicAction(deps, user, id, { kind: 'answer', userResponse });
    return submissionView(db, result.submissionId, user, businessName);
  });

  app.openapi.add({
    method: 'PUT',
    path: '/api/admin/comics/:id/offer',
    summary:
      'Staff: offer on a comic (at least one of cashOffer, storeCreditOffer; edits an offer while pending_user_approval) or reject it',
    tags: ['lifecycle', 'admin'],
    access: 'admin',
    body: comicOfferBodySchema,
    response: submissionSchema,
    errors: [404, 409],
  });
  app.put('/admin/comics/:id/offer', { preHandler: requireAdmin }, async (request: IdRequest) => {
    const user = signedInUser(request);
    const id = idOf(request, 'Comic');
    const body = comicOfferBodySchema.parse(request.body ?? {});
    const result = await runComicAction(deps, user, id, { kind: 'offer', body });
    return submissionView(db, result.submissionId, user, businessName);
  });

  app.openapi.add({
    method: 'POST',
    path: '/api/admin/submissions/:id/calculate-total',
    summary: 'Staff: recompute the offer totals (cents) and the number of comics attended to',
    tags: ['lifecycle', 'admin'],
    access: 'admin',
    response: calculateTotalResponseSchema,
    errors: [404, 409],
  });
  app.post(
    '/admin/submissions/:id/calculate-total',
    { preHandler: requireAdmin },
    async (request: IdRequest) => {
      const user = signedInUser(request);
      const id = idOf(request, 'Submission');
      const result = await runSubmissionAction(deps, user, id, { action: 'calculate_total' });
      if (!result.totals) throw new Error('calculate_total returned no totals');
      return { ...result.totals, submission: await submissionView(db, id, user, businessName) };
    },
  );
}
