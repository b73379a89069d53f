// The staff Outbox API (paged, staff only, no-store) and the seller's reminder opt-out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CSRF_HEADER } from '../../../shared/csrf.js';
import { outboxListSchema, outboxMessageSchema } from '../../../shared/schemas/outbox.js';
import { mailPreferencesSchema } from '../../../shared/schemas/mail-preferences.js';
import { mailOutbox, users, type User } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertAdmin, insertUser } from '../../test/factories.js';
import { sessionCookieName } from '../auth/auth-plugin.js';
import { createSession } from '../auth/session-store.js';
import { insertMails } from './outbox-repository.js';

let t: TestApp;
let admin: User;
let seller: User;

async function cookie(user: User): Promise<string> {
  const token = await createSession(t.database.db, { userId: user.id, maxAgeSeconds: 3600, tokens: {} });
  return `${sessionCookieName(t.config.auth)}=${token}`;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.database.db);
  seller = await insertUser(t.database.db);
  // Five mails through the outbox writer, one plain insert as another module (verification) makes it.
  for (let index = 0; index < 5; index += 1) {
    await insertMails(t.database.db, [
      {
        to: `seller${index}@example.com`,
        mail: { subject: `Mail ${index}`, text: `Hello\n\nbody   number ${index}`, html: `<p>${index}</p>` },
        kind: 'offers_ready',
        submissionId: null,
      },
    ]);
  }
  await t.database.db.insert(mailOutbox).values({
    toAddress: 'new@example.com',
    subject: 'Verify your email',
    textBody: 'Click the link',
    htmlBody: null,
  });
  // One second apart in the order written: rows written within one clock tick tie on created_at, and
  // the tie-break (the random id) then decided the order (a flaky failure in CI).
  const written = ['Mail 0', 'Mail 1', 'Mail 2', 'Mail 3', 'Mail 4', 'Verify your email'];
  for (const [second, subject] of written.entries()) {
    await t.database.db
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, second)) })
      .where(eq(mailOutbox.subject, subject));
  }
});
afterAll(() => t.close());

describe('GET /api/admin/outbox', () => {
  it('pages every mail newest first for staff, with a one-line preview and counts', async () => {
    const staff = await cookie(admin);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await t.app.inject({
        url: `/api/admin/outbox?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
        headers: { cookie: staff },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const page = outboxListSchema.parse(response.json());
      expect(page.delivery).toBe('in_app');
      expect(page.counts).toEqual({ pending: 6 });
      seen.push(...page.items.map((item) => item.subject));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Verify your email', 'Mail 4', 'Mail 3', 'Mail 2', 'Mail 1', 'Mail 0']);

    const first = outboxListSchema.parse(
      (await t.app.inject({ url: '/api/admin/outbox?limit=2', headers: { cookie: staff } })).json(),
    );
    expect(first.items[1]).toMatchObject({
      toAddress: 'seller4@example.com',
      preview: 'Hello body number 4',
      kind: 'offers_ready',
      status: 'pending',
    });
  });

  it('refuses sellers (403) and visitors (401), and bad paging (400)', async () => {
    expect((await t.app.inject({ url: '/api/admin/outbox' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/admin/outbox', headers: { cookie: await cookie(seller) } }))
        .statusCode,
    ).toBe(403);
    const staff = await cookie(admin);
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=not-a-cursor', 'cursor=%00']) {
      expect(
        (await t.app.inject({ url: `/api/admin/outbox?${query}`, headers: { cookie: staff } })).statusCode,
      ).toBe(400);
    }
  });

  it('shows one mail with both parts; unknown ids answer 404', async () => {
    const staff = await cookie(admin);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Mail 2'));
    const response = await t.app.inject({ url: `/api/admin/outbox/${row!.id}`, headers: { cookie: staff } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(outboxMessageSchema.parse(response.json())).toMatchObject({
      textBody: 'Hello\n\nbody   number 2',
      htmlBody: '<p>2</p>',
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      expect(
        (await t.app.inject({ url: `/api/admin/outbox/${id}`, headers: { cookie: staff } })).statusCode,
      ).toBe(404);
    }
    expect(
      (await t.app.inject({ url: `/api/admin/outbox/${row!.id}`, headers: { cookie: await cookie(seller) } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('/api/user/mail-preferences', () => {
  it('reads and turns reminders off and on for the signed-in user only', async () => {
    const own = await cookie(seller);
    const headers = { cookie: own, [CSRF_HEADER.name]: CSRF_HEADER.value };
    const read = await t.app.inject({ url: '/api/user/mail-preferences', headers });
    expect(read.headers['cache-control']).toBe('no-store');
    expect(mailPreferencesSchema.parse(read.json())).toEqual({ reminders: true });

    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/user/mail-preferences',
      headers,
      payload: { reminders: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ reminders: false });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, seller.id));
    expect(stored!.mailReminders).toBe(false);
    const [other] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(other!.mailReminders).toBe(true);

    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/user/mail-preferences',
      headers,
      payload: { reminders: true },
    });
    expect(on.json()).toEqual({ reminders: true });
  });

  it('answers 400 to a bad body and 401 when signed out', async () => {
    const headers = { cookie: await cookie(seller), [CSRF_HEADER.name]: CSRF_HEADER.value };
    for (const payload of [{}, { reminders: 'no' }, { reminders: null }]) {
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/user/mail-preferences', headers, payload }))
          .statusCode,
      ).toBe(400);
    }
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/user/mail-preferences',
          headers: { [CSRF_HEADER.name]: CSRF_HEADER.value },
          payload: { reminders: false },
        })
      ).statusCode,
    ).toBe(401);
  });
});
