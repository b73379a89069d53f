// Driving the lifecycle through the HTTP API in tests: signed-in callers, JSON calls, and a
// submission created the way a seller creates one (POST /api/submissions).
import { expect } from 'vitest';
import type { Submission } from '../../shared/schemas/submission.js';
import type { User } from '../db/schema.js';
import { sessionCookieName } from '../modules/auth/auth-plugin.js';
import { createSession } from '../modules/auth/session-store.js';
import type { TestApp } from './app.js';
import { insertAdmin, insertUser } from './factories.js';

/** A signed-in caller: the account and its session cookie. */
export interface Caller {
  user: User;
  cookie: string;
}

/** A JSON response: status code and parsed body. */
export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A session cookie for an account. */
export async function cookieFor(t: TestApp, user: User): Promise<string> {
  const token = await createSession(t.database.db, { userId: user.id, maxAgeSeconds: 3600, tokens: {} });
  return `${sessionCookieName(t.config.auth)}=${token}`;
}

/** A new seller (with a payment email) signed in. */
export async function signedInSeller(t: TestApp): Promise<Caller> {
  const user = await insertUser(t.database.db, { paymentEmail: 'payouts@example.com' });
  return { user, cookie: await cookieFor(t, user) };
}

/** A new staff member signed in. */
export async function signedInAdmin(t: TestApp): Promise<Caller> {
  const user = await insertAdmin(t.database.db, { firstName: 'Sam', lastName: 'Staff' });
  return { user, cookie: await cookieFor(t, user) };
}

/** One API call as `caller` (null: a guest), with the CSRF header a browser's fetch sends. */
export async function call<T = unknown>(
  t: TestApp,
  caller: Caller | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<JsonResponse<T>> {
  const response = await t.app.inject({
    method,
    url,
    headers: {
      'x-requested-with': 'fetch',
      ...(caller ? { cookie: caller.cookie } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const text = response.body;
  return {
    status: response.statusCode,
    body: (text ? JSON.parse(text) : null) as T,
    headers: response.headers,
  };
}

let certSerial = 0;

/** A comic as the /sell page posts it (a new CGC-format cert number each time: one slab per submission). */
export function comicInput(title: string, estimatedValue = '$100.00') {
  certSerial += 1;
  return {
    title,
    issueNumber: '1',
    publisher: 'Marvel Comics',
    publicationYear: 1990,
    cgcGrade: '9.8',
    cgcCertNumber: String(4_000_000_000 + certSerial * 7919),
    variant: null,
    keyIssue: false,
    notes: '',
    confidence: 0.9,
    estimatedValue,
    imageIds: [],
  };
}

/** Creates a submission through the API with comics of these titles; returns it as the seller sees it. */
export async function submitComics(t: TestApp, seller: Caller, titles: string[]): Promise<Submission> {
  const response = await call<Submission>(t, seller, 'POST', '/api/submissions', {
    comics: titles.map((title) => comicInput(title)),
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** Expects a status and returns the body. */
export function expectStatus<T>(response: JsonResponse<T>, status: number): T {
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response.body;
}
