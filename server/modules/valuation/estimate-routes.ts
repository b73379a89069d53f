// POST /api/market/estimate: the market estimate of a comic as the seller has corrected it on /sell.
// The label reader's answer carries the estimate of what it read; when the seller then fixes the
// title, issue, publisher, variant or grade, the page asks again here so the value and its basis line
// describe the book the seller will actually submit. Open to guests (they fill /sell before signing
// in), limited per client address like uploads, never cached.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { centsToInputValue } from '../../../shared/money.js';
import {
  sellerEstimateRequestSchema,
  sellerEstimateSchema,
  type SellerEstimate,
} from '../../../shared/schemas/valuation.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { estimateMarketValue } from './estimator.js';

/** Estimates one client address may ask for per minute: a seller editing 20 comics stays far below. */
export const ESTIMATES_PER_MINUTE_PER_ADDRESS = 60;

/** Registers POST /market/estimate (under the /api prefix). */
export async function sellerEstimateRoutes(app: FastifyInstance, options: { database: Database }) {
  const { db } = options.database;
  if (!app.hasDecorator('rateLimit')) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          429,
          `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
          'rate_limited',
        ),
    });
  }

  app.openapi.add({
    method: 'POST',
    path: '/api/market/estimate',
    summary:
      'The market estimate of a comic as the seller corrected it (title, issue, publisher, variant, grade)',
    description:
      "Answers { estimatedValue, estimateBasis } as the label reader's answer does: the value as money text and a line such as 'based on 6 sales in the last year', both null when the guide has no data for the book (no value is invented).",
    tags: ['valuation'],
    access: 'public',
    body: sellerEstimateRequestSchema,
    response: sellerEstimateSchema,
  });
  app.post(
    '/market/estimate',
    { config: { rateLimit: { max: ESTIMATES_PER_MINUTE_PER_ADDRESS, timeWindow: '1 minute' } } },
    async (request, reply): Promise<SellerEstimate> => {
      reply.header('Cache-Control', 'no-store');
      const body = sellerEstimateRequestSchema.parse(request.body);
      const estimate = await estimateMarketValue(db, {
        title: body.title,
        issueNumber: body.issueNumber,
        publisher: body.publisher,
        variant: body.variant,
        grade: body.cgcGrade,
        labelType: body.labelType,
      });
      return estimate.status === 'estimated'
        ? { estimatedValue: centsToInputValue(estimate.valueCents), estimateBasis: estimate.basis }
        : { estimatedValue: null, estimateBasis: null };
    },
  );
}
