import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDuplicateCerts } from '../../../shared/cert-duplicates.js';
import type { User } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertUser } from '../../test/factories.js';
import { sessionCookieName } from '../auth/auth-plugin.js';
import { createSession } from '../auth/session-store.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sessionCookie(user: User): Promise<string> {
  const token = await createSession(t.database.db, { userId: user.id, maxAgeSeconds: 3600, tokens: {} });
  return `${sessionCookieName(t.config.auth)}=${token}`;
}

function comic(title: string, issueNumber: string, cgcCertNumber: string | null) {
  return { title, issueNumber, cgcGrade: '9.8', cgcCertNumber, grader: 'CGC', confidence: 0.9, imageIds: [] };
}

function submit(cookie: string, comics: unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: { cookie, 'x-requested-with': 'fetch' },
    payload: { comics },
  });
}

function certCheck(cookie: string | null, certs: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/submissions/cert-check?certs=${encodeURIComponent(certs)}`,
    headers: cookie ? { cookie } : {},
  });
}

describe('findDuplicateCerts', () => {
  it('finds repeats after normalising, ignoring blanks', () => {
    expect(
      findDuplicateCerts([
        { cgcCertNumber: '4245413006' },
        { cgcCertNumber: '' },
        { cgcCertNumber: null },
        { cgcCertNumber: '4245413-006' },
        { cgcCertNumber: '21-2ec8b4a-002' },
        { cgcCertNumber: '21-2EC8B4A-002 ' },
      ]),
    ).toEqual([
      { index: 3, firstIndex: 0, certNumber: '4245413006' },
      { index: 5, firstIndex: 4, certNumber: '21-2EC8B4A-002' },
    ]);
  });
});

describe('one slab per submission', () => {
  it('refuses a second comic with the same cert number, naming it, and creates nothing', async () => {
    const seller = await insertUser(t.database.db, { paymentEmail: 'dup-pay@example.com' });
    const cookie = await sessionCookie(seller);
    const response = await submit(cookie, [
      comic('Wolverine', '1', '4245413006'),
      comic('Saga', '1', '1111111111'),
      comic('Wolverine', '1', '4245413-006'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'duplicate_cert_number',
      message:
        'Wolverine #1 (comic 3) has the same certification number as Wolverine #1 (comic 1): 4245413006. ' +
        'Each slab can be submitted once; please remove the repeat or correct its number.',
    });
    const check = await certCheck(cookie, '4245413006');
    expect(check.json()).toEqual({ matches: [] });
  });

  it("refuses a cert number that does not fit the grader's format", async () => {
    const seller = await insertUser(t.database.db, { paymentEmail: 'fmt-pay@example.com' });
    const response = await submit(await sessionCookie(seller), [comic('Wolverine', '1', '447169300')]);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      {
        path: 'comics.0.cgcCertNumber',
        message: 'CGC certification numbers have 10 digits, such as 4245413006.',
      },
    ]);
  });
});

describe('GET /api/submissions/cert-check', () => {
  it("answers with the seller's own earlier comics holding the numbers, never another seller's", async () => {
    const seller = await insertUser(t.database.db, { paymentEmail: 'check-pay@example.com' });
    const other = await insertUser(t.database.db, { paymentEmail: 'other-pay@example.com' });
    const cookie = await sessionCookie(seller);
    const created = await submit(cookie, [comic('Wolverine', '1', '4245413006'), comic('Saga', '1', null)]);
    expect(created.statusCode).toBe(201);
    const othersCookie = await sessionCookie(other);
    expect((await submit(othersCookie, [comic('X-Men', '94', '5555555555')])).statusCode).toBe(201);

    const response = await certCheck(cookie, '4245413-006, 5555555555,,9999999999');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const id = created.json().id as string;
    expect(response.json()).toEqual({
      matches: [
        {
          certNumber: '4245413006',
          submissionId: id,
          submissionReference: id.split('-')[0]!.toUpperCase(),
          submissionStatus: 'awaiting_review',
          submittedAt: expect.any(String),
          title: 'Wolverine',
          issueNumber: '1',
        },
      ],
    });
    expect((await certCheck(othersCookie, '4245413006')).json()).toEqual({ matches: [] });
  });

  it('needs a signed-in seller, refuses unstorable or oversized input with a 400, answers none asked with none', async () => {
    expect((await certCheck(null, '4245413006')).statusCode).toBe(401);
    const seller = await insertUser(t.database.db, {});
    const cookie = await sessionCookie(seller);
    expect((await certCheck(cookie, 'abc\u0000')).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => String(1000000000 + i)).join(',');
    expect((await certCheck(cookie, many)).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/submissions/cert-check',
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ matches: [] });
  });
});
