// Fuzz: thousands of generated requests (NUL, lone surrogates, huge strings, deep nesting, wrong
// types, odd content types) to every route the app registers, as a guest, a seller and staff. No
// request may get a 5xx: the server answers every odd input with a 4xx. The routes come from the
// app itself (app.registeredRoutes), so routes added later are covered without touching this file.
// FUZZ_RUNS sets the number of requests (default 2500); FUZZ_SEED replays another sequence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LabelReading } from '../../shared/label-reading.js';
import type { User } from '../db/schema.js';
import { sessionCookieName } from '../modules/auth/auth-plugin.js';
import { createSession } from '../modules/auth/session-store.js';
import type { LabelReader } from '../modules/label-reader/label-reader.js';
import { createTestApp, type TestApp } from './app.js';
import { insertAdmin, insertSubmission, insertUser } from './factories.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const standInReader: LabelReader = {
  read: async () => ({ title: 'Saga', confidence: 0.5, notes: [] }) as unknown as LabelReading,
  close: async () => {},
};

let t: TestApp;
let cookies: Record<'guest' | 'seller' | 'staff', string | undefined>;
let ids: string[];
let routes: { method: string; url: string }[];

async function cookieOf(user: User): Promise<string> {
  const token = await createSession(t.database.db, { userId: user.id, maxAgeSeconds: 3600, tokens: {} });
  return `${sessionCookieName(t.config.auth)}=${token}`;
}

beforeAll(async () => {
  t = await createTestApp({ labelReader: standInReader });
  const seller = await insertUser(t.database.db, { paymentEmail: 'seller@example.com' });
  const admin = await insertAdmin(t.database.db);
  const { submission, comics } = await insertSubmission(t.database.db, seller.id);
  cookies = { guest: undefined, seller: await cookieOf(seller), staff: await cookieOf(admin) };
  ids = [submission.id, ...comics.map((comic) => comic.id)];
  // Every route but the wildcard ones (the embedded identity provider and the SPA fallback), and the
  // two that fetch the issuer's discovery document over HTTP, which an inject()-only app cannot serve
  // (they answer 503 'Sign-in Unavailable' here whatever the input; sign-in tests cover them).
  routes = t.app.registeredRoutes.filter(
    (route) => !route.url.includes('*') && !['/api/login', '/api/callback'].includes(route.url),
  );
});
afterAll(() => t.close());

// ---- Generators -------------------------------------------------------------------------------

/** Field names the app's bodies use, so generated objects reach the schemas' inner rules. */
const FIELD_NAMES = [
  'comics',
  'title',
  'issueNumber',
  'publisher',
  'publicationYear',
  'cgcGrade',
  'cgcCertNumber',
  'variant',
  'keyIssue',
  'notes',
  'confidence',
  'estimatedValue',
  'imageIds',
  'grader',
  'userId',
  'paymentEmail',
  'ampedStoreEmail',
  'trackingId',
  'carrier',
  'paypalTransactionId',
  'storeCreditReference',
  'disputeMessage',
  'message',
  'reason',
  'cashOffer',
  'storeCreditOffer',
  'adminStatus',
  'userResponse',
  'action',
  'status',
  'email',
  'password',
  'givenName',
  'familyName',
  'token',
  'returnTo',
  'cursor',
  'limit',
  'q',
  'certs',
  'csv',
  'settings',
  'baselinePercent',
  'highGrade',
  '__proto__',
  'constructor',
];

/** Strings PostgreSQL, parsers and validators find hard. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }), // lone surrogates included
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    'é\udc04',
    '\ud800',
    '\udfff',
    '\ufeff',
    '💥',
    '',
    ' ',
    "'; drop table users; --",
    '$1,000.00',
    '-5',
    '1e309',
    'NaN',
    '9.8',
    '4526002001',
    'UPS',
    'accepted',
    'rejected',
    'pending_user_approval',
    'a@b.co',
    '../../etc/passwd',
    '%00',
    '<script>',
    '{"a":1}',
  ),
  fc.integer({ min: 1, max: 120_000 }).map((n) => 'x'.repeat(n)),
);

const leaf = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
);

const jsonish: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4 },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), nastyString), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A body object shaped like the app's (known field names) with nasty values. */
const shapedBody = fc.dictionary(fc.constantFrom(...FIELD_NAMES), jsonish, { minKeys: 1, maxKeys: 6 });

/** Nesting far deeper than any real body, written as text (JSON.stringify would recurse). */
const deepJson = fc
  .tuple(fc.integer({ min: 100, max: 50_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth));

interface Payload {
  contentType: string | undefined;
  body: string | Buffer | undefined;
}

const jsonPayload: fc.Arbitrary<Payload> = fc
  .tuple(
    fc.oneof(shapedBody, jsonish, fc.constant({ comics: [{ title: 'é\udc04' }] })),
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
    ),
  )
  .map(([value, contentType]) => ({ contentType, body: JSON.stringify(value) ?? 'null' }));

const rawPayload: fc.Arbitrary<Payload> = fc.oneof(
  deepJson.map((body) => ({ contentType: 'application/json', body })),
  nastyString.map((body) => ({ contentType: 'application/json', body })), // usually invalid JSON
  nastyString.map((body) => ({ contentType: 'text/plain', body })),
  shapedBody.map((value) => ({
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(
      Object.entries(value).map(([k, v]) => [k, String(JSON.stringify(v))]),
    ).toString(),
  })),
  nastyString.map((body) => ({ contentType: 'application/x-www-form-urlencoded', body })),
  nastyString.map((text) => ({
    contentType: 'application/xml',
    body: `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "${text.slice(0, 50)}">]><a>&x;</a>`,
  })),
  fc
    .tuple(fc.constantFrom('image', 'file', 'email'), nastyString, fc.boolean())
    .map(([field, text, withBoundary]) => ({
      contentType: withBoundary ? 'multipart/form-data; boundary=XyZ' : 'multipart/form-data',
      body: `--XyZ\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${text}\r\n--XyZ--\r\n`,
    })),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({
    contentType: 'application/octet-stream',
    body: Buffer.from(bytes),
  })),
  fc.constant<Payload>({ contentType: undefined, body: undefined }),
);

const payload = fc.oneof({ weight: 3, arbitrary: jsonPayload }, { weight: 2, arbitrary: rawPayload });

const pathValue = fc.oneof(
  fc.constant('known'),
  fc.uuid(),
  fc.constantFrom('not-a-uuid', '%00', '%C3%A9%ED%B0%84', '..', '0'),
);

const requestCase = fc.record({
  route: fc.nat(),
  who: fc.constantFrom('guest', 'seller', 'staff') as fc.Arbitrary<'guest' | 'seller' | 'staff'>,
  idChoice: pathValue,
  idIndex: fc.nat(),
  payload,
  query: fc.dictionary(fc.constantFrom(...FIELD_NAMES), nastyString, { maxKeys: 3 }),
});

// ---- The property ------------------------------------------------------------------------------

describe('fuzzing every route', () => {
  it(`answers ${RUNS} generated requests without a 5xx`, { timeout: 600_000 }, async () => {
    expect(routes.length).toBeGreaterThan(10);
    const seenRoutes = new Set<string>();
    const statuses = new Map<number, number>();
    let failure: string | undefined;
    const result = await fc.check(
      fc.asyncProperty(requestCase, async (c) => {
        const route = routes[c.route % routes.length]!;
        seenRoutes.add(`${route.method} ${route.url}`);
        const id = c.idChoice === 'known' ? ids[c.idIndex % ids.length]! : c.idChoice;
        const path = route.url.replace(/:[A-Za-z]+/g, id);
        const query = new URLSearchParams(
          Object.entries(c.query).map(([k, v]) => [k, v.slice(0, 2000)]),
        ).toString();
        const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && c.payload.body !== undefined;
        const cookie = cookies[c.who];
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: query ? `${path}?${query}` : path,
          headers: {
            'x-requested-with': 'fetch',
            ...(cookie ? { cookie } : {}),
            ...(hasBody && c.payload.contentType ? { 'content-type': c.payload.contentType } : {}),
          },
          ...(hasBody ? { payload: c.payload.body } : {}),
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          // A short description: the generated body can be megabytes.
          failure ??= `${route.method} ${path.slice(0, 120)} as ${c.who} (${c.payload.contentType ?? 'no body'}, body ${String(c.payload.body).slice(0, 200)}) answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
          return false;
        }
        return true;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(failure).toBeUndefined();
    expect(result.failed).toBe(false);
    console.log(
      `fuzz: ${RUNS} requests over ${seenRoutes.size} of ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    // A fixed seed with this many runs reaches every route; a new route nobody fuzzes would show here.
    if (RUNS >= routes.length * 10) expect(seenRoutes.size).toBe(routes.length);
  });
});
