// The lifecycle routes' edges: input validation (money, text that cannot be stored, unknown ids),
// no caching, and the OpenAPI description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MESSAGES } from '../../../shared/schemas/money.js';
import { OFFER_REQUIRED_MESSAGE } from '../../../shared/schemas/offer.js';
import { UNSTORABLE_TEXT_MESSAGE } from '../../../shared/schemas/safe-text.js';
import type { Submission } from '../../../shared/schemas/submission.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertSubmission } from '../../test/factories.js';
import { call, signedInAdmin, signedInSeller, submitComics, type Caller } from '../../test/lifecycle-api.js';

let t: TestApp;
let seller: Caller;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ labelReader: { read: async () => null as never, close: async () => {} } });
  seller = await signedInSeller(t);
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

describe('offer amounts', () => {
  it.each([
    ['-5', MONEY_MESSAGES.negative],
    ['lots', MONEY_MESSAGES.invalid],
    ['$1e3', MONEY_MESSAGES.invalid],
    ['$200,000.01', MONEY_MESSAGES.tooLarge],
  ])('refuses a cash offer of %j with 400 naming the field', async (cashOffer, message) => {
    const submission = await submitComics(t, seller, ['A']);
    const response = await call(t, admin, 'PUT', `/api/admin/comics/${submission.comics[0]!.id}/offer`, {
      adminStatus: 'pending_user_approval',
      cashOffer,
      storeCreditOffer: '10',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ issues: [{ path: 'cashOffer', message }] });
  });

  it('needs at least one amount, and refuses a credit amount that is not money', async () => {
    const submission = await submitComics(t, seller, ['A']);
    const url = `/api/admin/comics/${submission.comics[0]!.id}/offer`;
    const none = await call(t, admin, 'PUT', url, {
      adminStatus: 'pending_user_approval',
      cashOffer: ' ',
      storeCreditOffer: '',
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ issues: [{ path: 'cashOffer', message: OFFER_REQUIRED_MESSAGE }] });
    const credit = await call(t, admin, 'PUT', url, {
      adminStatus: 'pending_user_approval',
      storeCreditOffer: 12,
    });
    expect(credit.status).toBe(400);
    expect(credit.body).toMatchObject({ issues: [{ path: 'storeCreditOffer' }] });
    const unknownStatus = await call(t, admin, 'PUT', url, { adminStatus: 'accepted_cash' });
    expect(unknownStatus.status).toBe(400);
  });

  it('takes a $0.00 offer (zero is an offer) and the largest allowed amount', async () => {
    const submission = await submitComics(t, seller, ['A']);
    const response = await call<Submission>(
      t,
      admin,
      'PUT',
      `/api/admin/comics/${submission.comics[0]!.id}/offer`,
      { adminStatus: 'pending_user_approval', cashOffer: '$0.00', storeCreditOffer: '$200,000.00' },
    );
    expect(response.status).toBe(200);
    expect(response.body.comics[0]).toMatchObject({ cashOfferCents: 0, storeCreditOfferCents: 20_000_000 });
  });
});

describe('text fields', () => {
  it('refuses text PostgreSQL cannot store with 400, never 500', async () => {
    const { submission } = await insertSubmission(t.database.db, seller.user.id, {
      status: 'inspecting_submission',
      comics: [{ adminStatus: 'accepted_cash', userResponse: 'accepted_cash', cashOfferCents: 100 }],
    });
    const nul = await call(t, admin, 'PUT', `/api/submissions/${submission.id}/open-dispute`, {
      disputeMessage: 'bad\u0000byte',
    });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({
      issues: [{ path: 'disputeMessage', message: UNSTORABLE_TEXT_MESSAGE }],
    });
    const surrogate = await call(t, admin, 'PUT', `/api/submissions/${submission.id}/mark-paid`, {
      paypalTransactionId: 'PAY\ud800',
    });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body).toMatchObject({ issues: [{ path: 'paypalTransactionId' }] });
    const { submission: toShip } = await insertSubmission(t.database.db, seller.user.id, {
      status: 'awaiting_shipment',
      comics: [{ adminStatus: 'accepted_cash', userResponse: 'accepted_cash', cashOfferCents: 100 }],
    });
    for (const body of [
      { trackingId: '\udc00', carrier: 'UPS' },
      { trackingId: '   ', carrier: 'UPS' },
      { trackingId: '1Z999AA10123456784', carrier: 'OnTrac' },
      { trackingId: 42, carrier: 'UPS' },
    ]) {
      const response = await call(t, seller, 'PUT', `/api/submissions/${toShip.id}/tracking`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('ids and caching', () => {
  it('answers malformed and unknown ids with 404', async () => {
    for (const url of [
      '/api/submissions/not-a-uuid/cancel',
      '/api/submissions/00000000-0000-4000-8000-000000000000/cancel',
      '/api/comics/123/offer-response',
    ]) {
      const response = await call(t, seller, 'PUT', url, { userResponse: 'accepted_cash' });
      expect(response.status, url).toBe(404);
    }
    const admin404 = await call(t, admin, 'PUT', '/api/admin/comics/zzz/offer', { adminStatus: 'rejected' });
    expect(admin404.status).toBe(404);
    expect(admin404.body).toMatchObject({ message: 'Comic not found' });
  });

  it('marks every submission response and every refusal no-store', async () => {
    const submission = await submitComics(t, seller, ['A']);
    const responses = [
      await call(t, seller, 'GET', '/api/submissions'),
      await call(t, seller, 'GET', `/api/submissions/${submission.id}`),
      await call(t, seller, 'PUT', `/api/submissions/${submission.id}/mark-received`),
      await call(t, seller, 'PUT', `/api/submissions/${submission.id}/cancel`),
      await call(t, seller, 'PUT', `/api/submissions/${submission.id}/cancel`),
      await call(t, admin, 'POST', `/api/admin/submissions/${submission.id}/calculate-total`),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 403, 200, 409, 409]);
    for (const response of responses) expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/openapi.json', () => {
  it('describes every lifecycle call with its body and response, generated from the zod schemas', async () => {
    const response = await call<{
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>(t, null, 'GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const { openapi, paths } = response.body;
    expect(openapi).toBe('3.1.0');
    for (const action of [
      'mark-processed',
      'mark-declined',
      'cancel',
      'mark-received',
      'mark-paid',
      'open-dispute',
      'resolve-dispute',
      'resume-inspection',
      'user-responded',
      'tracking',
    ]) {
      expect(paths[`/api/submissions/{id}/${action}`]?.put, action).toBeDefined();
    }
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/submissions',
        '/api/submissions/{id}',
        '/api/comics/{id}/offer-response',
        '/api/admin/comics/{id}/offer',
        '/api/admin/submissions/{id}/calculate-total',
      ]),
    );
    const markPaid = paths['/api/submissions/{id}/mark-paid']!.put as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
      responses: Record<string, unknown>;
    };
    expect(Object.keys(markPaid.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'paypalTransactionId',
      'storeCreditReference',
    ]);
    expect(Object.keys(markPaid.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '409']),
    );
    const list = paths['/api/submissions']!.get as { parameters: { name: string; in: string }[] };
    expect(list.parameters.map((p) => p.name).sort()).toEqual(['cursor', 'limit', 'status']);
    // Every registered /api route appears, described or marked as not described yet.
    for (const route of t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/'))) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    const lifecycleOps = Object.entries(paths)
      .filter(([path]) =>
        /^\/api\/(submissions|comics|admin\/comics\/\{id\}\/offer$|admin\/submissions\/\{id\}\/calc)/.test(
          path,
        ),
      )
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => (op as Record<string, unknown>)['x-undocumented'])
          .map(([method]) => `${method} ${path}`),
      );
    expect(lifecycleOps.filter((op) => !op.includes('cert-check'))).toEqual([]);
    const offer = paths['/api/admin/comics/{id}/offer']!.put as { responses: Record<string, unknown> };
    expect(Object.keys(offer.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });

  it('describes every /api route: a route added without app.openapi.add fails here', async () => {
    const response = await call<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
      t,
      null,
      'GET',
      '/api/openapi.json',
    );
    expect(response.status).toBe(200);
    const operations = Object.entries(response.body.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    // Sanity: the document holds the routes of every module, not an empty list that passes vacuously.
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter(({ op }) => op['x-undocumented']).map(({ name }) => name)).toEqual([]);
    // Every registered /api route is among the described operations.
    const described = new Set(operations.map(({ name }) => name));
    for (const route of t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/'))) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(described.has(`${route.method} ${path}`), `${route.method} ${route.url}`).toBe(true);
    }
  });
});
