// Text PostgreSQL cannot store answers 400 naming the field (never 500), on the routes that write
// text; private API answers are never cached; a failed query's parameters never reach the log.
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { UNSTORABLE_TEXT_MESSAGE } from '../../shared/schemas/safe-text.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { loggableError } from '../db/client.js';
import { users, type User } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { insertUser } from '../test/factories.js';
import { sessionCookieName } from '../modules/auth/auth-plugin.js';
import { createSession } from '../modules/auth/session-store.js';
import type { LabelReader } from '../modules/label-reader/label-reader.js';
import { findUnstorableText } from './body-guard.js';

const standInReader: LabelReader = { read: async () => ({}) as never, close: async () => {} };
const BAD = { NUL: 'Spider\u0000Man', 'a lone surrogate after a non-ASCII letter': 'é\udc04' };

let t: TestApp;
let seller: User;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ labelReader: standInReader });
  seller = await insertUser(t.database.db);
  const token = await createSession(t.database.db, { userId: seller.id, maxAgeSeconds: 3600, tokens: {} });
  cookie = `${sessionCookieName(t.config.auth)}=${token}`;
});
afterAll(() => t.close());

function send(method: 'POST' | 'PUT', url: string, body: unknown) {
  return t.app.inject({
    method,
    url,
    payload: JSON.stringify(body),
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'fetch' },
  });
}

describe('unstorable text in request bodies', () => {
  describe.each(Object.entries(BAD))('%s', (_kind, bad) => {
    it.each([
      ['a comic title', 'POST', '/api/submissions', { comics: [{ title: bad }] }, 'comics.0.title'],
      [
        'comic notes',
        'POST',
        '/api/submissions',
        { comics: [{ title: 'Saga', notes: bad }] },
        'comics.0.notes',
      ],
      [
        'the payment email',
        'PUT',
        '/api/user/payment-email',
        { paymentEmail: `a${bad}@b.co` },
        'paymentEmail',
      ],
      [
        'the store email',
        'PUT',
        '/api/user/amped-store-email',
        { ampedStoreEmail: `a${bad}@b.co` },
        'ampedStoreEmail',
      ],
      [
        'a field no schema knows',
        'POST',
        '/api/submissions',
        { comics: [{ title: 'Saga' }], extra: bad },
        'extra',
      ],
      ['a deeply nested key', 'PUT', '/api/user/payment-email', { a: { b: [{ [bad]: 1 }] } }, 'a.b.0.(key)'],
    ] as const)('answers 400 naming %s', async (_name, method, url, body, field) => {
      const response = await send(method, url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        issues: expect.arrayContaining([{ path: field, message: UNSTORABLE_TEXT_MESSAGE }]),
      });
    });
  });

  it('finds nothing wrong in ordinary text, emoji included', () => {
    expect(
      findUnstorableText({ title: 'Amazing Spider-Man 🕷️ é', list: ['ok', { deep: 'fine' }] }),
    ).toBeNull();
  });

  it('walks a hostile, very deep body without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => findUnstorableText(deep)).not.toThrow();
  });
});

describe('Cache-Control on API answers', () => {
  it.each(['/api/site', '/api/auth/user', '/api/submissions', '/api/no-such-route'])(
    '%s is no-store',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );
});

describe('logging a failed query', () => {
  const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtdmFsdWU';

  it('keeps the SQL and the database error code but drops every parameter value', async () => {
    let caught: unknown;
    try {
      // Two users with one email: a unique violation whose query carries the secret as a parameter.
      await t.database.db.insert(users).values({ email: seller.email, oidcSubject: SECRET });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(JSON.stringify({ message: (caught as Error).message })).toContain(SECRET.slice(0, 20)); // the raw error has it
    const loggable = loggableError(caught);
    const logged = JSON.stringify(loggable);
    expect(logged).not.toContain(SECRET.slice(0, 20));
    expect(logged).not.toContain(seller.email);
    expect(loggable.query).toContain('insert into "users"');
    expect(loggable.cause).toMatchObject({ code: '23505', constraint: 'users_email_lower_unique' });
  });

  describe('through the app logger', () => {
    let database: TestDatabase;
    let dataDir: string;
    beforeAll(async () => {
      database = await createTestDatabase();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'log-params-'));
    });
    afterAll(async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('logs a 500 without the parameters', async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
        database,
        clientDir: path.join(dataDir, 'none'),
        logger: { level: 'info', stream },
        labelReader: standInReader,
      });
      // A route that fails inside the database with a secret bound as a parameter.
      app.get('/test/failing-query', async () => {
        await database.db.execute(sql`select ${SECRET}::integer`);
      });
      try {
        const response = await app.inject({ method: 'GET', url: '/test/failing-query' });
        expect(response.statusCode).toBe(500);
      } finally {
        await app.close();
      }
      const failure = lines.find((line) => line.includes('request failed'));
      expect(failure).toBeDefined();
      expect(failure).toContain('Failed query');
      expect(lines.join('\n')).not.toContain(SECRET.slice(0, 20));
    });
  });
});
