// One account cannot flood the dealer's queue: POST /api/submissions is bounded per account per
// minute and per hour, counted in the database (so every server process sees the same count).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { submissions, type User } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertSubmission, insertUser } from '../../test/factories.js';
import { sessionCookieName } from '../auth/auth-plugin.js';
import { createSession } from '../auth/session-store.js';
import type { LabelReader } from '../label-reader/label-reader.js';
import { SUBMISSION_RATE_LIMITS } from './submission-rate-limit.js';

const standInReader: LabelReader = { read: async () => ({}) as never, close: async () => {} };
const [perMinute, perHour] = SUBMISSION_RATE_LIMITS;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ labelReader: standInReader });
});
afterAll(() => t.close());

async function signedIn(): Promise<{ user: User; cookie: string }> {
  const user = await insertUser(t.database.db, { paymentEmail: 'seller@example.com' });
  const token = await createSession(t.database.db, { userId: user.id, maxAgeSeconds: 3600, tokens: {} });
  return { user, cookie: `${sessionCookieName(t.config.auth)}=${token}` };
}

function submit(cookie: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: { cookie, 'x-requested-with': 'fetch' },
    payload: { comics: [{ title: 'Saga', issueNumber: '1', estimatedValue: '$10.00' }] },
  });
}

async function countOf(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(submissions)
    .where(eq(submissions.userId, userId));
  return row?.n ?? 0;
}

describe('POST /api/submissions rate limit', () => {
  it(`allows ${perMinute.max} a minute, then answers 429 with Retry-After and a clear message`, async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < perMinute.max; i++) {
      const response = await submit(cookie);
      expect(response.statusCode, response.body).toBe(201);
    }
    const refused = await submit(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      code: 'submission_rate_limited',
      message: `You have sent ${perMinute.max} submissions in the last minute. Please wait a little and try again.`,
    });
    expect(await countOf(user.id)).toBe(perMinute.max);
    // Another seller is not affected.
    expect((await submit((await signedIn()).cookie)).statusCode).toBe(201);
  });

  it(`allows ${perHour.max} an hour`, async () => {
    const { user, cookie } = await signedIn();
    // Earlier in the hour (but outside the minute): the seller already sent the hourly bound.
    const earlier = new Date(Date.now() - 10 * 60 * 1000);
    for (let i = 0; i < perHour.max; i++)
      await insertSubmission(t.database.db, user.id, { createdAt: earlier, comics: [] });
    const refused = await submit(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json().message).toMatch(/in the last hour/);
  });

  it('counts only the last hour', async () => {
    const { user, cookie } = await signedIn();
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (let i = 0; i < perHour.max; i++)
      await insertSubmission(t.database.db, user.id, { createdAt: longAgo, comics: [] });
    expect((await submit(cookie)).statusCode).toBe(201);
  });
});
