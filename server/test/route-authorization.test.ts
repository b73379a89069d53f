// Who may call what: every /api route the app registers x (guest, owning seller, another seller,
// staff) x a sample of submission states, with the status code each must get. The list of routes
// comes from the app itself (onRoute), so a new route without a row here fails this test: whoever
// adds a route says who may call it. Each call runs on a fresh fixture, so a success by one caller
// never changes what the next one sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionStatus } from '../../shared/domain-values.js';
import { labelBarcodeValue } from '../../shared/short-reference.js';
import { DEFAULT_VALUATION_SETTINGS } from '../../shared/schemas/valuation.js';
import type { User } from '../db/schema.js';
import { createImageStorage } from '../modules/images/storage/create-image-storage.js';
import { createTestApp, type TestApp } from './app.js';
import { insertAdmin, insertImage, insertSubmission, insertUser, type ComicInput } from './factories.js';
import { cookieFor } from './lifecycle-api.js';

type Who = 'guest' | 'owner' | 'other' | 'admin';
const CALLERS: Who[] = ['guest', 'other', 'owner', 'admin'];

/** Expected codes in the order guest, owner, other seller, admin. */
type Codes = readonly [guest: number, owner: number, other: number, admin: number];
const codesOf = (codes: Codes): Record<Who, number> => ({
  guest: codes[0],
  owner: codes[1],
  other: codes[2],
  admin: codes[3],
});

/** The submission states sampled; each fixture is consistent with its state (see seed()). */
const STATES = [
  'awaiting_review',
  'pending',
  'awaiting_shipment',
  'shipped',
  'inspecting_submission',
  'dispute',
  'resolved',
  'paid',
] as const satisfies readonly SubmissionStatus[];
type SampledState = (typeof STATES)[number];

/** What the route's :id stands for ('unknown': an id that names nothing). */
type Target = 'submission' | 'comic' | 'image' | 'unknown' | 'none';

interface Row {
  /** 'METHOD /path' exactly as registered. */
  route: string;
  target: Target;
  /** A query string for the call, made from the fixture's ids ('?a=b'). */
  query?: (ids: Fixture) => string;
  body?: unknown;
  /** Codes per state (routes on a submission), or one set for all (routes that ignore state). */
  codes: Codes | Partial<Record<SampledState, Codes>>;
}

// Shorthands for the lifecycle's submission routes: guest 401, another seller 404, then owner/admin.
const lifecycle = (byState: Partial<Record<SampledState, readonly [owner: number, admin: number]>>) =>
  Object.fromEntries(
    Object.entries(byState).map(([state, [owner, admin]]) => [state, [401, owner, 404, admin] as const]),
  ) as Partial<Record<SampledState, Codes>>;
/** Every sampled state with the same owner/admin codes except those given. */
const allStates = (
  owner: number,
  admin: number,
  except: Partial<Record<SampledState, readonly [number, number]>> = {},
) => lifecycle(Object.fromEntries(STATES.map((state) => [state, except[state] ?? [owner, admin]])));
// Staff-only routes under /api/admin: guest 401, any seller 403.
const adminOnly = (byState: Partial<Record<SampledState, number>>) =>
  Object.fromEntries(
    Object.entries(byState).map(([state, admin]) => [state, [401, 403, 403, admin] as const]),
  ) as Partial<Record<SampledState, Codes>>;

const ROWS: Row[] = [
  // --- lifecycle (issue 8) -------------------------------------------------------------------
  { route: 'POST /api/submissions', target: 'none', codes: [401, 201, 201, 400] },
  { route: 'GET /api/submissions', target: 'none', codes: [401, 200, 200, 200] },
  { route: 'GET /api/submissions/:id', target: 'submission', codes: allStates(200, 200) },
  {
    route: 'PUT /api/submissions/:id/mark-processed',
    target: 'submission',
    codes: allStates(403, 409, { awaiting_review: [403, 200] }),
  },
  // The awaiting_review fixture has an offered comic, so it cannot be declined.
  { route: 'PUT /api/submissions/:id/mark-declined', target: 'submission', codes: allStates(403, 409) },
  {
    route: 'PUT /api/submissions/:id/cancel',
    target: 'submission',
    codes: allStates(409, 409, {
      awaiting_review: [200, 200],
      pending: [409, 200],
      awaiting_shipment: [409, 200],
      resolved: [409, 200],
    }),
  },
  {
    route: 'PUT /api/submissions/:id/mark-received',
    target: 'submission',
    codes: allStates(403, 409, { shipped: [403, 200] }),
  },
  {
    route: 'PUT /api/submissions/:id/mark-paid',
    target: 'submission',
    body: { paypalTransactionId: 'PAY-123' },
    codes: allStates(403, 409, { inspecting_submission: [403, 200], resolved: [403, 200] }),
  },
  {
    route: 'PUT /api/submissions/:id/open-dispute',
    target: 'submission',
    body: { disputeMessage: 'The slab is cracked.' },
    codes: allStates(403, 409, { inspecting_submission: [403, 200], resolved: [403, 200] }),
  },
  {
    route: 'PUT /api/submissions/:id/resolve-dispute',
    target: 'submission',
    codes: allStates(403, 409, { dispute: [403, 200] }),
  },
  {
    route: 'PUT /api/submissions/:id/resume-inspection',
    target: 'submission',
    codes: allStates(403, 409, { resolved: [403, 200] }),
  },
  // The pending fixture still has an unanswered offer, so user-responded is a 409 there too.
  { route: 'PUT /api/submissions/:id/user-responded', target: 'submission', codes: allStates(409, 403) },
  {
    route: 'PUT /api/submissions/:id/tracking',
    target: 'submission',
    body: { trackingId: '1Z999AA10123456784', carrier: 'UPS' },
    codes: allStates(409, 409, { awaiting_shipment: [200, 200], shipped: [200, 200] }),
  },
  {
    route: 'PUT /api/comics/:id/offer-response',
    target: 'comic',
    body: { userResponse: 'accepted_cash' },
    codes: allStates(409, 403, { pending: [200, 403] }),
  },
  {
    route: 'PUT /api/admin/comics/:id/offer',
    target: 'comic',
    body: { adminStatus: 'pending_user_approval', cashOffer: '$10.00', storeCreditOffer: '' },
    codes: adminOnly({
      awaiting_review: 200,
      pending: 409,
      awaiting_shipment: 409,
      shipped: 409,
      inspecting_submission: 409,
      dispute: 409,
      resolved: 409,
      paid: 409,
    }),
  },
  {
    route: 'POST /api/admin/submissions/:id/calculate-total',
    target: 'submission',
    codes: adminOnly({
      awaiting_review: 200,
      pending: 200,
      awaiting_shipment: 200,
      shipped: 200,
      inspecting_submission: 200,
      dispute: 200,
      resolved: 200,
      paid: 409,
    }),
  },
  { route: 'GET /api/openapi.json', target: 'none', codes: [200, 200, 200, 200] },

  // --- staff list, stats, export, check-in (staff helper) -------------------------------------
  { route: 'GET /api/admin/submissions', target: 'none', codes: [401, 403, 403, 200] },
  { route: 'GET /api/admin/submissions/export', target: 'none', codes: [401, 403, 403, 200] },
  { route: 'GET /api/admin/stats', target: 'none', codes: [401, 403, 403, 200] },
  { route: 'GET /api/admin/publishers', target: 'none', codes: [401, 403, 403, 200] },
  {
    route: 'GET /api/admin/check-in',
    target: 'submission',
    query: (ids) => `?code=${labelBarcodeValue(ids.submission)}`,
    codes: adminOnly({ awaiting_shipment: 200, shipped: 200 }),
  },

  // --- mail (mail helper) ------------------------------------------------------------------------
  { route: 'GET /api/admin/outbox', target: 'none', codes: [401, 403, 403, 200] },
  // The fixtures write no mail: staff are told the message does not exist.
  { route: 'GET /api/admin/outbox/:id', target: 'unknown', codes: [401, 403, 403, 404] },
  { route: 'GET /api/user/mail-preferences', target: 'none', codes: [401, 200, 200, 200] },
  {
    route: 'PUT /api/user/mail-preferences',
    target: 'none',
    body: { reminders: true },
    codes: [401, 200, 200, 200],
  },

  // --- /sell duplicate checks (sell helper) ----------------------------------------------------
  {
    route: 'GET /api/submissions/cert-check',
    target: 'none',
    query: () => '?certs=1234567890',
    codes: [401, 200, 200, 200],
  },

  // --- sign-in, account, site, uploads (earlier issues) -------------------------------------
  // Under inject nothing listens at the built-in issuer, so sign-in cannot start (503); what matters
  // here is that the answer does not depend on the caller.
  { route: 'GET /api/login', target: 'none', codes: [503, 503, 503, 503] },
  // No sign-in in progress: the callback refuses everyone alike.
  { route: 'GET /api/callback', target: 'none', codes: [400, 400, 400, 400] },
  // The sign-out page, and its form's POST (no session: straight home).
  { route: 'GET /api/logout', target: 'none', codes: [200, 200, 200, 200] },
  { route: 'POST /api/logout', target: 'none', codes: [303, 303, 303, 303] },
  { route: 'GET /api/auth/config', target: 'none', codes: [200, 200, 200, 200] },
  // A guest is answered with null, not an error.
  { route: 'GET /api/auth/user', target: 'none', codes: [200, 200, 200, 200] },
  {
    route: 'PUT /api/user/payment-email',
    target: 'none',
    body: { paymentEmail: 'new-payouts@example.com' },
    codes: [401, 200, 200, 200],
  },
  {
    route: 'PUT /api/user/amped-store-email',
    target: 'none',
    body: { ampedStoreEmail: 'store@example.com' },
    codes: [401, 200, 200, 200],
  },
  { route: 'GET /api/site', target: 'none', codes: [200, 200, 200, 200] },
  // Photos: the uploader and staff only; anyone else is told it does not exist.
  { route: 'GET /api/images/:id', target: 'image', codes: [404, 200, 404, 200] },
  { route: 'GET /api/images/:id/thumbnail', target: 'image', codes: [404, 200, 404, 200] },
  // Guests may upload; a request without a photo is refused alike for everyone.
  { route: 'POST /api/extract-comic-data', target: 'none', codes: [400, 400, 400, 400] },

  // --- valuation (issue 11): staff only ------------------------------------------------------
  {
    route: 'POST /api/admin/price-guide/import',
    target: 'none',
    body: { csv: 'title,issue,grade,price,date\nSaga,1,9.8,40,2026-10-01', dryRun: true },
    codes: [401, 403, 403, 200],
  },
  { route: 'GET /api/admin/price-guide', target: 'none', codes: [401, 403, 403, 200] },
  { route: 'GET /api/admin/valuation-settings', target: 'none', codes: [401, 403, 403, 200] },
  {
    route: 'PUT /api/admin/valuation-settings',
    target: 'none',
    body: DEFAULT_VALUATION_SETTINGS,
    codes: [401, 403, 403, 200],
  },
  { route: 'GET /api/admin/comics/:id/offer-suggestion', target: 'comic', codes: [401, 403, 403, 200] },
  // The estimate of a comic corrected on /sell: guests fill /sell before signing in, so anyone may ask.
  {
    route: 'POST /api/market/estimate',
    target: 'none',
    body: { title: 'Saga', issueNumber: '1', cgcGrade: 9.8 },
    codes: [200, 200, 200, 200],
  },
];

let t: TestApp;
let owner: User;
let other: User;
let admin: User;
beforeAll(async () => {
  t = await createTestApp({ labelReader: { read: async () => null as never, close: async () => {} } });
  owner = await insertUser(t.database.db, { paymentEmail: 'owner@example.com' });
  other = await insertUser(t.database.db, { paymentEmail: 'other@example.com' });
  admin = await insertAdmin(t.database.db);
});

/** A fresh session per call: a sign-out row must not sign the next row's caller out. */
async function cookieOf(who: Who): Promise<string | null> {
  const user = { guest: null, owner, other, admin }[who];
  return user ? cookieFor(t, user) : null;
}
afterAll(() => t.close());

const cashAccepted: ComicInput = {
  adminStatus: 'accepted_cash',
  userResponse: 'accepted_cash',
  cashOfferCents: 10_000,
  storeCreditOfferCents: 12_000,
};
const offered: ComicInput = {
  adminStatus: 'pending_user_approval',
  cashOfferCents: 10_000,
  storeCreditOfferCents: 12_000,
};
const rejected: ComicInput = { adminStatus: 'rejected' };

/** The ids of one fixture's parts. */
interface Fixture {
  submission: string;
  comic: string;
  image: string;
}

/** A submission of the owner's in `state`, shaped as the lifecycle would have left it; ids of its parts. */
async function seed(state: SampledState): Promise<Fixture> {
  const processed = state !== 'awaiting_review';
  const answered = processed && state !== 'pending';
  const { submission, comics } = await insertSubmission(t.database.db, owner.id, {
    status: state,
    processedAt: processed ? new Date() : null,
    totalCashOfferCents: 10_000,
    totalStoreCreditOfferCents: answered ? null : 12_000,
    ...(['shipped', 'inspecting_submission', 'dispute', 'resolved', 'paid'].includes(state)
      ? { trackingId: '1Z999AA10123456784', carrier: 'UPS' as const, shippedAt: new Date() }
      : {}),
    ...(state === 'paid' ? { paypalTransactionId: 'PAY-1', paidAt: new Date() } : {}),
    comics: [answered ? cashAccepted : offered, rejected],
  });
  const image = await insertImage(t.database.db, {
    ownerUserId: owner.id,
    comicId: comics[0]!.id,
    storageKey: `originals/auth-test-${comics[0]!.id}.jpg`,
    thumbnailKey: `thumbnails/auth-test-${comics[0]!.id}.jpg`,
  });
  const storage = createImageStorage(t.config.storage);
  await storage.put(image.storageKey, Buffer.from('not really a jpeg'), 'image/jpeg');
  await storage.put(image.thumbnailKey!, Buffer.from('not really a jpeg'), 'image/jpeg');
  return { submission: submission.id, comic: comics[0]!.id, image: image.id };
}

/** A body for POST /api/submissions. */
const newSubmission = {
  comics: [
    {
      title: 'Saga',
      issueNumber: '1',
      publisher: 'Image Comics',
      publicationYear: 2012,
      cgcGrade: '9.8',
      cgcCertNumber: null,
      variant: null,
      keyIssue: null,
      notes: '',
      confidence: 0.5,
      estimatedValue: '',
      imageIds: [],
    },
  ],
};

async function statusOf(row: Row, who: Who, state: SampledState | null): Promise<number> {
  const [method, pattern] = row.route.split(' ') as [string, string];
  let url = pattern.replace(':id', row.target === 'unknown' ? '00000000-0000-4000-8000-000000000000' : ':id');
  if ((row.target !== 'none' && row.target !== 'unknown') || row.query) {
    const ids = await seed(state ?? 'awaiting_review');
    if (row.target !== 'none' && row.target !== 'unknown') url = pattern.replace(':id', ids[row.target]);
    url += row.query?.(ids) ?? '';
  }
  const body = row.route === 'POST /api/submissions' ? newSubmission : row.body;
  const cookie = await cookieOf(who);
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { 'x-requested-with': 'fetch', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return response.statusCode;
}

describe('route authorization', () => {
  it('has a row for every /api route the app registers, and none for a route that does not exist', () => {
    const registered = t.app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const rows = ROWS.map((row) => row.route).sort();
    expect(
      rows.filter((route, i) => rows.indexOf(route) !== i),
      'routes with two rows',
    ).toEqual([]);
    expect(
      registered.filter((route) => !rows.includes(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      rows.filter((route) => !registered.includes(route)),
      'rows without a route',
    ).toEqual([]);
  });

  it.each(ROWS.map((row) => [row.route, row] as const))(
    '%s answers every caller in every sampled state as expected',
    async (_route, row) => {
      const mismatches: string[] = [];
      const perState: [SampledState | null, Codes][] = Array.isArray(row.codes)
        ? [[null, row.codes as Codes]]
        : (Object.entries(row.codes) as [SampledState, Codes][]);
      for (const [state, codes] of perState) {
        const expected = codesOf(codes);
        for (const who of CALLERS) {
          const actual = await statusOf(row, who, state);
          if (actual !== expected[who]) {
            mismatches.push(`[${state ?? 'any'}] as ${who}: expected ${expected[who]}, got ${actual}`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    },
  );
});
