import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { labelBarcodeValue, shortReference } from '../../../shared/short-reference.js';
import {
  adminSubmissionPageSchema,
  checkInResultSchema,
  CHECK_IN_NOT_FOUND,
} from '../../../shared/schemas/admin-submissions.js';
import { adminStatsSchema } from '../../../shared/schemas/admin-stats.js';
import { queryRows } from '../../db/client.js';
import { comics, statusEvents, submissions, type User } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertAdmin, insertImage, insertSubmission, insertUser } from '../../test/factories.js';
import { sessionCookieName } from '../auth/auth-plugin.js';
import { createSession } from '../auth/session-store.js';
import { exportAdminSubmissions } from './admin-list-repository.js';

let t: TestApp;
let admin: User;
let adminCookie: string;
let sellerCookie: string;
let alice: User;
let bob: User;
const ids: Record<string, string> = {};

async function sessionCookie(user: User): Promise<string> {
  const token = await createSession(t.database.db, { userId: user.id, maxAgeSeconds: 3600, tokens: {} });
  return `${sessionCookieName(t.config.auth)}=${token}`;
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  admin = await insertAdmin(db, { firstName: 'Staff' });
  adminCookie = await sessionCookie(admin);
  alice = await insertUser(db, {
    email: 'alice.collector@example.com',
    username: 'alice_c',
    firstName: 'Alice',
    lastName: 'Ng',
  });
  bob = await insertUser(db, {
    email: 'bob@example.net',
    username: 'bobby_100%',
    paymentEmail: 'bob-pay@example.net',
  });
  sellerCookie = await sessionCookie(bob);

  // Five submissions with distinct dates and values, covering the filters.
  const make = async (
    key: string,
    user: User,
    hours: number,
    options: Parameters<typeof insertSubmission>[2],
  ) => {
    const { submission, comics } = await insertSubmission(db, user.id, {
      createdAt: hoursAgo(hours),
      ...options,
    });
    ids[key] = submission.id;
    return comics;
  };
  const sagaComics = await make('saga', alice, 30, {
    totalEstimatedValueCents: 50_000,
    comics: [
      { title: 'Saga', issueNumber: '1', publisher: 'Image Comics', cgcGrade: 9.8 },
      { title: 'Spawn', issueNumber: '1', publisher: 'Image Comics' },
      { title: 'Walking Dead', issueNumber: '1', publisher: 'Image Comics' },
    ],
  });
  await insertImage(db, { comicId: sagaComics[0]!.id, ownerUserId: alice.id });
  await make('batman', alice, 10, {
    totalEstimatedValueCents: 120_000,
    comics: [{ title: 'Batman', issueNumber: '423', publisher: 'DC Comics', cgcGrade: 9.6 }],
  });
  await make('xmen', bob, 200, {
    status: 'awaiting_shipment',
    totalEstimatedValueCents: null,
    comics: [{ title: '=HYPERLINK("http://evil")', issueNumber: '1', publisher: 'Marvel Comics' }],
  });
  await make('shipped', bob, 100, {
    status: 'shipped',
    trackingId: '1Z 999 AA1 0123456784',
    carrier: 'UPS',
    totalEstimatedValueCents: 7_550,
    comics: [
      {
        title: 'Amazing Spider-Man',
        issueNumber: '300',
        publisher: 'Marvel Comics',
        adminStatus: 'accepted_cash',
        cashOfferCents: 60_000,
        storeCreditOfferCents: 70_000,
        userResponse: 'accepted_cash',
      },
      {
        title: 'Venom',
        issueNumber: '1',
        publisher: 'Marvel Comics',
        adminStatus: 'user_rejected',
        cashOfferCents: 10_000,
        userResponse: 'user_rejected',
      },
    ],
  });
  await make('paid', bob, 5, {
    status: 'paid',
    totalEstimatedValueCents: 99_999,
    comics: [
      {
        title: 'Hulk',
        issueNumber: '181',
        publisher: 'Marvel Comics',
        adminStatus: 'accepted_credit',
        cashOfferCents: 100_000,
        storeCreditOfferCents: 115_000,
        userResponse: 'accepted_credit',
      },
    ],
  });
  // The accepted one entered awaiting_shipment 8 days ago: overdue for shipping.
  await db.insert(statusEvents).values({
    submissionId: ids.xmen!,
    toStatus: 'awaiting_shipment',
    fromStatus: 'pending',
    actorRole: 'system',
    createdAt: hoursAgo(8 * 24),
  });
});
afterAll(() => t?.close());

function get(url: string, cookie: string | null = adminCookie) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

async function list(query: string) {
  const response = await get(`/api/admin/submissions${query}`);
  expect(response.statusCode).toBe(200);
  return adminSubmissionPageSchema.parse(response.json());
}

const idsOf = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

describe('authorization', () => {
  const routes = [
    '/api/admin/submissions',
    '/api/admin/submissions/export',
    '/api/admin/stats',
    '/api/admin/publishers',
    '/api/admin/check-in?code=AC12345678',
  ];
  it.each(routes)('%s: 401 signed out, 403 for a seller, no-store for staff', async (url) => {
    expect((await get(url, null)).statusCode).toBe(401);
    const seller = await get(url, sellerCookie);
    expect(seller.statusCode).toBe(403);
    expect(seller.json().message).toBe('Admin access required');
    const staff = await get(url);
    expect([200, 404]).toContain(staff.statusCode);
    expect(staff.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/admin/submissions', () => {
  it('lists newest first with the row the table shows', async () => {
    const page = await list('');
    expect(page.total).toBe(5);
    expect(idsOf(page)).toEqual([ids.paid, ids.batman, ids.saga, ids.shipped, ids.xmen]);
    const saga = page.items.find((item) => item.id === ids.saga)!;
    expect(saga.comicCount).toBe(3);
    expect(saga.firstComic).toMatchObject({ title: 'Saga', issueNumber: '1', cgcGrade: 9.8 });
    expect(saga.firstComic!.thumbnailUrl).toMatch(/^\/api\/images\/[0-9a-f-]{36}\/thumbnail$/);
    expect(saga.seller).toEqual({
      username: 'alice_c',
      email: 'alice.collector@example.com',
      name: 'Alice Ng',
    });
    expect(saga.attention).toBe('review_overdue');
    const batman = page.items.find((item) => item.id === ids.batman)!;
    expect(batman.firstComic!.thumbnailUrl).toBeNull();
    expect(batman.attention).toBeNull();
    const shipped = page.items.find((item) => item.id === ids.shipped)!;
    expect(shipped).toMatchObject({ trackingId: '1Z 999 AA1 0123456784', carrier: 'UPS' });
    const xmen = page.items.find((item) => item.id === ids.xmen)!;
    expect(xmen.attention).toBe('shipment_overdue');
  });

  it('filters by status and by publisher', async () => {
    expect(idsOf(await list('?status=shipped'))).toEqual([ids.shipped]);
    expect((await list('?status=all')).total).toBe(5);
    expect(idsOf(await list('?publisher=DC%20Comics'))).toEqual([ids.batman]);
    expect(idsOf(await list('?publisher=Marvel%20Comics&status=paid'))).toEqual([ids.paid]);
    expect((await list('?publisher=Nobody')).total).toBe(0);
  });

  it('searches titles, publishers, seller username and email, and references', async () => {
    expect(idsOf(await list('?q=walking'))).toEqual([ids.saga]);
    expect(idsOf(await list('?q=dc%20comics'))).toEqual([ids.batman]);
    expect(idsOf(await list('?q=ALICE.COLLECTOR'))).toEqual([ids.batman, ids.saga]);
    expect(idsOf(await list('?q=example.net'))).toEqual([ids.paid, ids.shipped, ids.xmen]);
    // LIKE wildcards are literal: '100%' matches bob's username only, '_' is not "any character".
    expect(idsOf(await list('?q=100%25'))).toEqual([ids.paid, ids.shipped, ids.xmen]);
    expect((await list('?q=alice_')).total).toBe(2);
    expect((await list('?q=alicec')).total).toBe(0);
    const ref = shortReference(ids.saga!);
    expect(idsOf(await list(`?q=${ref}`))).toContain(ids.saga);
    expect(idsOf(await list(`?q=%23${ref.toLowerCase()}`))).toContain(ids.saga);
    expect(idsOf(await list(`?q=${labelBarcodeValue(ids.saga!)}`))).toContain(ids.saga);
    expect(idsOf(await list(`?q=${ids.saga}`))).toEqual([ids.saga]);
    expect((await list('?q=nothing-like-this')).total).toBe(0);
  });

  it('sorts by date and by value both ways (unknown value lowest)', async () => {
    expect(idsOf(await list('?sort=date&order=asc'))).toEqual([
      ids.xmen,
      ids.shipped,
      ids.saga,
      ids.batman,
      ids.paid,
    ]);
    expect(idsOf(await list('?sort=value&order=desc'))).toEqual([
      ids.batman,
      ids.paid,
      ids.saga,
      ids.shipped,
      ids.xmen,
    ]);
    expect(idsOf(await list('?sort=value&order=asc'))).toEqual([
      ids.xmen,
      ids.shipped,
      ids.saga,
      ids.paid,
      ids.batman,
    ]);
  });

  it('pages with a total, reading far pages from the other end in the same order', async () => {
    const all = idsOf(await list('?sort=value'));
    for (const pageSize of [1, 2, 3]) {
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(5 / pageSize); page += 1) {
        const result = await list(`?sort=value&pageSize=${pageSize}&page=${page}`);
        expect(result).toMatchObject({ total: 5, page, pageSize });
        pages.push(...idsOf(result));
      }
      expect(pages).toEqual(all);
    }
    expect((await list('?page=9')).items).toEqual([]);
    expect((await list('?page=9')).total).toBe(5);
    // A search is counted and paged from one pass over its matches: the same rows and total, in the
    // same order, from either end.
    const searched = idsOf(await list('?q=example.net&sort=date&order=asc'));
    expect(searched).toEqual([ids.xmen, ids.shipped, ids.paid]);
    const pages: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const result = await list(`?q=example.net&sort=date&order=asc&pageSize=1&page=${page}`);
      expect(result.total).toBe(3);
      pages.push(...idsOf(result));
    }
    expect(pages).toEqual(searched);
    expect(await list('?q=example.net&page=2')).toMatchObject({ total: 3, items: [] });
  });

  it('refuses bad query values with 400', async () => {
    for (const query of [
      '?status=bogus',
      '?page=0',
      '?page=1e3',
      '?pageSize=101',
      '?sort=title',
      '?q=%00',
      `?q=${'x'.repeat(201)}`,
    ]) {
      const response = await get(`/api/admin/submissions${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('runs the same small number of queries for 1 row or 30 (no query per row)', async () => {
    const { db } = t.database;
    const extra = await insertUser(db);
    for (let i = 0; i < 30; i += 1) {
      await insertSubmission(db, extra.id, { createdAt: hoursAgo(1000 + i), comics: [{}, {}] });
    }
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      const countFor = async (query: string) => {
        spy.mockClear();
        const page = await list(query);
        return { queries: spy.mock.calls.length, rows: page.items.length };
      };
      const one = await countFor('?pageSize=1');
      const many = await countFor(`?pageSize=30&q=${encodeURIComponent(extra.email)}`);
      const last = await countFor('?pageSize=30&page=2');
      expect(one.rows).toBe(1);
      expect(many.rows).toBe(30);
      expect(last.rows).toBe(5);
      expect(many.queries).toBe(one.queries);
      expect(last.queries).toBe(one.queries);
      // The session lookup, then the total and the page in one statement.
      expect(one.queries).toBe(2);
      const searched = await countFor(`?pageSize=30&page=2&q=${encodeURIComponent(extra.email)}`);
      expect(searched).toEqual({ queries: 2, rows: 0 });
    } finally {
      spy.mockRestore();
      await db.delete(submissions).where(eq(submissions.userId, extra.id));
    }
  });
});

describe('submission_status_counts', () => {
  it('stays equal to a real count through inserts, status changes and deletes', async () => {
    const { db } = t.database;
    const exact = async () =>
      Object.fromEntries(
        (
          await queryRows<{ status: string; n: string | number }>(
            db,
            sql`select status, count(*) as n from submissions group by status`,
          )
        ).map((row) => [row.status, Number(row.n)]),
      );
    const kept = async () =>
      Object.fromEntries(
        (
          await queryRows<{ status: string; count: string | number }>(
            db,
            sql`select status, count from submission_status_counts where count <> 0`,
          )
        ).map((row) => [row.status, Number(row.count)]),
      );
    const seller = await insertUser(db);
    const { submission } = await insertSubmission(db, seller.id);
    expect(await kept()).toEqual(await exact());
    await db.update(submissions).set({ status: 'cancelled' }).where(eq(submissions.id, submission.id));
    await db.update(submissions).set({ trackingId: 'x' }).where(eq(submissions.id, submission.id));
    expect(await kept()).toEqual(await exact());
    await db.delete(submissions).where(eq(submissions.id, submission.id));
    expect(await kept()).toEqual(await exact());
    // The list's total for no filter and for a status comes from it.
    expect((await list('')).total).toBe(5);
    expect((await list('?status=awaiting_review')).total).toBe(2);
  });
});

describe('submissions.comic_search_text', () => {
  it('follows its comics through inserts, title and publisher edits, moves and deletes', async () => {
    const { db } = t.database;
    const textOf = async (id: string) =>
      (
        await queryRows<{ text: string }>(
          db,
          sql`select comic_search_text as text from submissions where id = ${id}`,
        )
      )[0]?.text;
    const seller = await insertUser(db);
    const { submission, comics: made } = await insertSubmission(db, seller.id, {
      comics: [
        { title: 'Zorbon Quest', publisher: 'Tiny Press' },
        { title: 'Amazing Spider-Man', publisher: 'Marvel Comics' },
      ],
    });
    const other = (await insertSubmission(db, seller.id, { comics: [] })).submission;
    expect(await textOf(submission.id)).toBe('Zorbon Quest\nTiny Press\nAmazing Spider-Man\nMarvel Comics');
    expect(await textOf(other.id)).toBe('');
    expect(idsOf(await list('?q=zorbon'))).toEqual([submission.id]);

    // An offer changes neither title nor publisher: the text stays as it is.
    await db.update(comics).set({ cashOfferCents: 100 }).where(eq(comics.submissionId, submission.id));
    expect(await textOf(submission.id)).toContain('Zorbon Quest');

    await db.update(comics).set({ title: 'Quasar Ridge' }).where(eq(comics.id, made[0]!.id));
    expect(idsOf(await list('?q=zorbon'))).toEqual([]);
    expect(idsOf(await list('?q=quasar%20ridge'))).toEqual([submission.id]);
    expect(idsOf(await list('?q=tiny%20press'))).toEqual([submission.id]);

    await db.update(comics).set({ submissionId: other.id }).where(eq(comics.id, made[0]!.id));
    expect(await textOf(submission.id)).toBe('Amazing Spider-Man\nMarvel Comics');
    expect(await textOf(other.id)).toBe('Quasar Ridge\nTiny Press');
    expect(idsOf(await list('?q=quasar'))).toEqual([other.id]);

    await db.delete(comics).where(eq(comics.id, made[0]!.id));
    expect(await textOf(other.id)).toBe('');
    expect((await list('?q=quasar')).total).toBe(0);

    // A search with a line break matches within one title or publisher only, as before the text.
    const broken = await list('?q=Spider-Man%0AMarvel');
    expect(broken.total).toBe(0);

    await db.delete(submissions).where(eq(submissions.id, submission.id));
    await db.delete(submissions).where(eq(submissions.id, other.id));
    expect((await list('')).total).toBe(5);
  });
});

describe('GET /api/admin/submissions/export', () => {
  it('streams every matching row as guarded CSV with money as numbers', async () => {
    const response = await get(
      '/api/admin/submissions/export?publisher=Marvel%20Comics&sort=value&order=desc',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="submissions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Reference","Submission ID","Submitted","Status","Seller Username","Seller Email","Payment Email","Comics","Titles","Publishers","Est. Value","Cash Offer","Store Credit Offer","Carrier","Tracking ID"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"${shortReference(ids.paid!)}","${ids.paid}"`);
    expect(lines[1]).toContain(
      '"paid","bobby_100%","bob@example.net","bob-pay@example.net",1,"Hulk #181","Marvel Comics",999.99,',
    );
    expect(lines[2]).toContain('"shipped"');
    expect(lines[2]).toContain(
      '2,"Amazing Spider-Man #300; Venom #1","Marvel Comics",75.50,,,"UPS","1Z 999 AA1 0123456784"',
    );
    // The formula is neutralised and its quotes doubled; an unknown value is an empty cell.
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://evil"") #1","Marvel Comics",,`);
  });

  it('walks batches by keyset without skipping or repeating rows that share a timestamp', async () => {
    const { db } = t.database;
    const seller = await insertUser(db);
    const at = new Date('2020-01-01T00:00:00.000Z');
    for (let i = 0; i < 7; i += 1)
      await insertSubmission(db, seller.id, { createdAt: at, totalEstimatedValueCents: 500 });
    try {
      for (const order of [
        { sort: 'date', order: 'desc' },
        { sort: 'value', order: 'asc' },
      ] as const) {
        const seen: string[] = [];
        for await (const batch of exportAdminSubmissions(
          db,
          { status: undefined, publisher: undefined, q: seller.email },
          order,
          3,
        )) {
          seen.push(...batch.map((row) => row.id));
        }
        expect(seen).toHaveLength(7);
        expect(new Set(seen).size).toBe(7);
      }
    } finally {
      await db.delete(submissions).where(eq(submissions.userId, seller.id));
    }
  });
});

describe('admin_offer_totals', () => {
  it('stays equal to the sum it stands for through offers, answers, status changes and deletes', async () => {
    const { db } = t.database;
    // The rule of docs/decisions/0010 "Stats", summed over every comic: what the trigger-kept row replaces.
    const exact = async () => {
      const [row] = await queryRows<{ n: string | number | null }>(
        db,
        sql`select coalesce(sum(coalesce(c.cash_offer_cents, c.store_credit_offer_cents)), 0) as n
            from comics c join submissions s on s.id = c.submission_id
            where (c.cash_offer_cents is not null or c.store_credit_offer_cents is not null)
              and c.admin_status <> 'rejected' and s.status <> 'awaiting_review'
              and (s.status <> 'cancelled' or s.processed_at is not null)`,
      );
      return Number(row!.n);
    };
    const kept = async () => {
      const [row] = await queryRows<{ n: string | number }>(
        db,
        sql`select offers_made_cents as n from admin_offer_totals`,
      );
      return Number(row!.n);
    };
    const before = await kept();
    expect(before).toBe(await exact());
    const seller = await insertUser(db);
    // Drafts on a submission in review are not made yet.
    const { submission, comics: drafted } = await insertSubmission(db, seller.id, {
      comics: [{ cashOfferCents: 1_000 }, { storeCreditOfferCents: 2_000 }, { cashOfferCents: 4_000 }],
    });
    expect(await kept()).toBe(before);
    const setStatus = (
      status: 'pending' | 'cancelled' | 'awaiting_review',
      processedAt: Date | null = null,
    ) => db.update(submissions).set({ status, processedAt }).where(eq(submissions.id, submission.id));
    const comic = (index: number) => eq(comics.id, drafted[index]!.id);
    // Sent: all three count (cash, else credit).
    await setStatus('pending', new Date());
    expect(await kept()).toBe(before + 7_000);
    // An edited offer, a rejected comic, a deleted comic, a new comic on a counting submission.
    await db.update(comics).set({ cashOfferCents: 1_500 }).where(comic(0));
    await db.update(comics).set({ adminStatus: 'rejected' }).where(comic(1));
    await db.delete(comics).where(comic(2));
    await db.insert(comics).values({ submissionId: submission.id, title: 'Late', cashOfferCents: 300 });
    expect(await kept()).toBe(before + 1_800);
    expect(await kept()).toBe(await exact());
    // Cancelled after processing still counts; cancelled before it (back in review, then cancelled) does not.
    await setStatus('cancelled', new Date());
    expect(await kept()).toBe(before + 1_800);
    await setStatus('cancelled', null);
    expect(await kept()).toBe(before);
    await setStatus('pending', new Date());
    expect(await kept()).toBe(before + 1_800);
    // Deleting the submission takes its comics out once (the cascade's comic deletes find no submission).
    await db.delete(submissions).where(eq(submissions.id, submission.id));
    expect(await kept()).toBe(before);
    expect(await kept()).toBe(await exact());
  });
});

describe('GET /api/admin/stats', () => {
  it('counts reviews waiting, deals this week, offers made and the response time', async () => {
    const { db } = t.database;
    const events = [
      // Offers sent 3 and 5 hours after submitting: average 4 hours.
      { submissionId: ids.shipped!, toStatus: 'pending', createdAt: new Date(Date.now() - 97 * 3_600_000) },
      { submissionId: ids.paid!, toStatus: 'pending', createdAt: hoursAgo(0) },
      { submissionId: ids.shipped!, toStatus: 'awaiting_shipment', createdAt: hoursAgo(0.01) },
    ];
    await db.insert(statusEvents).values(events.map((event) => ({ ...event, actorRole: 'admin' })));
    const response = await get('/api/admin/stats');
    expect(response.statusCode).toBe(200);
    const stats = adminStatsSchema.parse(response.json());
    expect(stats.pending).toBe(2);
    expect(stats.approved).toBe(1);
    // 600 + 100 (shipped: cash offers) + 1000 (paid: cash) ; the awaiting_shipment one has none.
    expect(stats.totalValueCents).toBe(60_000 + 10_000 + 100_000);
    expect(stats.avgResponseTime).toBe('4hrs');
  });
});

describe('GET /api/admin/publishers', () => {
  it('lists the distinct publishers alphabetically', async () => {
    const response = await get('/api/admin/publishers');
    expect(response.json()).toEqual({ publishers: ['DC Comics', 'Image Comics', 'Marvel Comics'] });
  });
});

describe('GET /api/admin/check-in', () => {
  it('finds a submission by the label code, the short reference or the tracking number', async () => {
    for (const code of [
      labelBarcodeValue(ids.shipped!),
      labelBarcodeValue(ids.shipped!).toLowerCase(),
      shortReference(ids.shipped!),
      '1z999aa10123456784',
      ' 1Z 999 AA1 0123456784 ',
    ]) {
      const response = await get(`/api/admin/check-in?code=${encodeURIComponent(code)}`);
      expect(response.statusCode, code).toBe(200);
      const result = checkInResultSchema.parse(response.json());
      expect(result.matches.map((match) => match.id)).toEqual([ids.shipped]);
      expect(result.matches[0]!.comics.map((comic) => comic.adminStatus)).toEqual([
        'accepted_cash',
        'user_rejected',
      ]);
    }
  });

  it('answers 404 with a clear message for an unknown code and 400 for none', async () => {
    const unknown = await get('/api/admin/check-in?code=AC00000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CHECK_IN_NOT_FOUND);
    // A prefix is enough for searching but not for checking a box in.
    const prefix = await get(`/api/admin/check-in?code=${shortReference(ids.shipped!).slice(0, 5)}`);
    expect(prefix.statusCode).toBe(404);
    expect((await get('/api/admin/check-in?code=%20')).statusCode).toBe(400);
    expect((await get('/api/admin/check-in')).statusCode).toBe(400);
  });
});
