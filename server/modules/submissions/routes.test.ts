import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import type { LabelReading } from '../../../shared/label-reading.js';
import { comics, images, statusEvents, submissions, type User } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertAdmin, insertUser, labelReading } from '../../test/factories.js';
import { sessionCookieName } from '../auth/auth-plugin.js';
import { createSession } from '../auth/session-store.js';
import type { LabelReader } from '../label-reader/label-reader.js';
import { photo } from '../images/test-fixtures.js';

const READING: LabelReading = labelReading({
  title: 'Saga',
  issueNumber: '1',
  publisher: 'Image Comics',
  publicationYear: 2012,
  cgcGrade: 9.8,
  cgcCertNumber: '1234567001',
  keyIssue: true,
  confidence: 0.9,
  labelDate: '3/12',
  pageQuality: 'WHITE',
  labelType: 'Universal',
  grader: 'CGC',
  barcode: '1234567009',
  notes: [
    'The barcode (1234567009) and the printed certification number (1234567001) disagree: please check it.',
  ],
});
const standInReader: LabelReader = { read: async () => READING, close: async () => {} };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ labelReader: standInReader });
});
afterAll(() => t.close());

async function sessionCookie(user: User): Promise<string> {
  const token = await createSession(t.database.db, { userId: user.id, maxAgeSeconds: 3600, tokens: {} });
  return `${sessionCookieName(t.config.auth)}=${token}`;
}

/** Uploads a photo as a guest (no cookie: a new guest) or with the given cookies; returns image id and cookies. */
async function uploadPhoto(cookie?: string): Promise<{ id: string; cookie: string }> {
  const boundary = 'boundary1234';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="slab.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    await photo('jpeg', 400, 600),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/extract-comic-data',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'fetch',
      ...(cookie ? { cookie } : {}),
    },
  });
  expect(response.statusCode).toBe(200);
  const guest = response.cookies.find((c) => c.name === 'guest_uploads');
  return {
    id: response.json().data.imageIds[0],
    cookie: guest ? `guest_uploads=${guest.value}` : (cookie ?? ''),
  };
}

function submit(cookie: string, body: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: { cookie, 'x-requested-with': 'fetch', ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
}

// Each comic gets its own cert number: one slab appears once per submission (duplicate-certs.ts).
let certCounter = 0;
function comic(overrides: Record<string, unknown> = {}) {
  certCounter += 1;
  return {
    title: 'Saga',
    issueNumber: '1',
    publisher: 'Image Comics',
    publicationYear: 2012,
    cgcGrade: '9.8',
    cgcCertNumber: String(1234567000 + certCounter),
    variant: null,
    keyIssue: true,
    notes: '',
    confidence: 0.9,
    estimatedValue: '$150.00',
    imageIds: [],
    ...overrides,
  };
}

async function submissionCount(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(submissions)
    .where(eq(submissions.userId, userId));
  return row?.n ?? 0;
}

describe('POST /api/submissions', () => {
  it('creates the submission, its comics and the status event in one go, claiming the guest photos', async () => {
    const first = await uploadPhoto();
    const second = await uploadPhoto(first.cookie);
    const seller = await insertUser(t.database.db, { paymentEmail: 'seller-pay@example.com' });
    const cookie = `${await sessionCookie(seller)}; ${first.cookie}`;

    const response = await submit(
      cookie,
      {
        userId: seller.id,
        comics: [
          comic({ imageIds: [first.id], estimatedValue: '$1,234.50' }),
          comic({
            title: 'Saga',
            issueNumber: '2',
            cgcGrade: 9.6,
            estimatedValue: '',
            imageIds: [second.id],
          }),
        ],
      },
      'key-create-1',
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      userId: seller.id,
      status: 'awaiting_review',
      totalEstimatedValueCents: 123_450,
      totalCashOfferCents: null,
      totalStoreCreditOfferCents: null,
      user: { email: seller.email, paymentEmail: 'seller-pay@example.com' },
    });
    expect(body.comics).toHaveLength(2);
    expect(body.comics[0]).toMatchObject({
      title: 'Saga',
      issueNumber: '1',
      cgcGrade: 9.8,
      estimatedValueCents: 123_450,
      cashOfferCents: null,
      storeCreditOfferCents: null,
      userResponse: null,
      adminStatus: 'awaiting_review',
      imageUrls: [`/api/images/${first.id}`],
    });
    expect(body.comics[1]).toMatchObject({
      issueNumber: '2',
      cgcGrade: 9.6,
      estimatedValueCents: null,
      imageUrls: [`/api/images/${second.id}`],
    });

    const events = await t.database.db
      .select()
      .from(statusEvents)
      .where(eq(statusEvents.submissionId, body.id));
    expect(events).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'awaiting_review',
        actorUserId: seller.id,
        actorRole: 'user',
      }),
    ]);
    // The photos now belong to the account, not to the browser's guest cookie.
    const claimed = await t.database.db
      .select()
      .from(images)
      .where(inArray(images.id, [first.id, second.id]));
    for (const image of claimed)
      expect(image).toMatchObject({ ownerUserId: seller.id, guestTokenHash: null });
    const asSeller = await t.app.inject({
      method: 'GET',
      url: `/api/images/${first.id}`,
      headers: { cookie: await sessionCookie(seller) },
    });
    expect(asSeller.statusCode).toBe(200);
    const asGuest = await t.app.inject({
      method: 'GET',
      url: `/api/images/${first.id}`,
      headers: { cookie: first.cookie },
    });
    expect(asGuest.statusCode).toBe(404);
  });

  it('is idempotent: the same key returns the same submission with 200 and creates nothing new', async () => {
    const seller = await insertUser(t.database.db, { paymentEmail: 'p@example.com' });
    const cookie = await sessionCookie(seller);
    const body = { comics: [comic()] };
    const created = await submit(cookie, body, 'double-click-1');
    expect(created.statusCode).toBe(201);
    const retried = await submit(cookie, body, 'double-click-1');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().id).toBe(created.json().id);
    // Two submits at once (a double click that beat the first answer) still make one submission.
    const racing = await Promise.all([
      submit(cookie, body, 'double-click-2'),
      submit(cookie, body, 'double-click-2'),
    ]);
    expect(new Set(racing.map((r) => r.json().id)).size).toBe(1);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await submissionCount(seller.id)).toBe(2);
    // The same key from another seller is that seller's own key.
    const other = await insertUser(t.database.db, { paymentEmail: 'o@example.com' });
    const theirs = await submit(await sessionCookie(other), body, 'double-click-1');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(created.json().id);
  });

  it('refuses a userId that is not the signed-in seller with 403', async () => {
    const seller = await insertUser(t.database.db, { paymentEmail: 'p@example.com' });
    const victim = await insertUser(t.database.db, { paymentEmail: 'v@example.com' });
    const response = await submit(await sessionCookie(seller), { userId: victim.id, comics: [comic()] });
    expect(response.statusCode).toBe(403);
    expect(await submissionCount(seller.id)).toBe(0);
    expect(await submissionCount(victim.id)).toBe(0);
  });

  it('requires a payment email (400, clear message) and creates nothing', async () => {
    const seller = await insertUser(t.database.db, { paymentEmail: null });
    const response = await submit(await sessionCookie(seller), { userId: seller.id, comics: [comic()] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Please add a payment email before submitting.',
      code: 'payment_email_required',
    });
    expect(await submissionCount(seller.id)).toBe(0);
  });

  it("refuses someone else's photos, and rolls the whole submission back", async () => {
    const strangerGuest = await uploadPhoto();
    const otherUser = await insertUser(t.database.db);
    const theirUpload = await uploadPhoto(await sessionCookie(otherUser));
    const seller = await insertUser(t.database.db, { paymentEmail: 'p@example.com' });
    const mine = await uploadPhoto(await sessionCookie(seller));
    for (const foreign of [strangerGuest.id, theirUpload.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await submit(await sessionCookie(seller), {
        comics: [comic({ imageIds: [mine.id] }), comic({ imageIds: [foreign] })],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'unknown_images' });
    }
    expect(await submissionCount(seller.id)).toBe(0);
    const [untouched] = await t.database.db.select().from(images).where(eq(images.id, mine.id));
    expect(untouched?.comicId).toBeNull();
    // A photo already on a submitted comic cannot be attached to a second one.
    const first = await submit(await sessionCookie(seller), { comics: [comic({ imageIds: [mine.id] })] });
    expect(first.statusCode).toBe(201);
    const again = await submit(await sessionCookie(seller), { comics: [comic({ imageIds: [mine.id] })] });
    expect(again.statusCode).toBe(400);
    const twice = await submit(await sessionCookie(seller), {
      comics: [comic({ imageIds: [mine.id] }), comic({ imageIds: [mine.id] })],
    });
    expect(twice.json()).toMatchObject({ code: 'duplicate_images' });
  });

  it('answers validation errors with 400 and the issues', async () => {
    const seller = await insertUser(t.database.db, { paymentEmail: 'p@example.com' });
    const cookie = await sessionCookie(seller);
    const empty = await submit(cookie, { comics: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation_failed',
      issues: [expect.objectContaining({ path: 'comics' })],
    });
    const bad = await submit(cookie, {
      comics: [comic({ title: ' ', cgcGrade: '9.7', estimatedValue: 'lots' })],
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining(['comics.0.title', 'comics.0.cgcGrade', 'comics.0.estimatedValue']),
    );
    const badKey = await submit(cookie, { comics: [comic()] }, 'has spaces in it');
    expect(badKey.statusCode).toBe(400);
    expect(await submissionCount(seller.id)).toBe(0);
  });

  it('requires sign-in (401)', async () => {
    const response = await submit('', { comics: [comic()] });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Authentication required' });
  });
});

describe('GET /api/submissions and /api/submissions/:id', () => {
  it("lists the seller's own submissions newest first, and shows one to its owner and staff only", async () => {
    const seller = await insertUser(t.database.db, { paymentEmail: 'p@example.com' });
    const cookie = await sessionCookie(seller);
    const older = (await submit(cookie, { comics: [comic({ title: 'Older' })] })).json();
    const newer = (
      await submit(cookie, { comics: [comic({ title: 'Newer' }), comic({ title: 'Second' })] })
    ).json();
    const other = await insertUser(t.database.db, { paymentEmail: 'o@example.com' });
    await submit(await sessionCookie(other), { comics: [comic({ title: 'Not yours' })] });

    const list = await t.app.inject({ method: 'GET', url: '/api/submissions', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const rows = list.json().items;
    expect(rows.map((s: { id: string }) => s.id)).toEqual([newer.id, older.id]);
    expect(rows[0].comics.map((c: { title: string }) => c.title)).toEqual(['Newer', 'Second']);

    const own = await t.app.inject({
      method: 'GET',
      url: `/api/submissions/${older.id}`,
      headers: { cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: older.id, comics: [expect.objectContaining({ title: 'Older' })] });

    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/submissions/${older.id}`,
      headers: { cookie: await sessionCookie(other) },
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ message: 'Submission not found' });
    const admin = await insertAdmin(t.database.db);
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/submissions/${older.id}`,
      headers: { cookie: await sessionCookie(admin) },
    });
    expect(staff.statusCode).toBe(200);
    const staffList = await t.app.inject({
      method: 'GET',
      url: '/api/submissions',
      headers: { cookie: await sessionCookie(admin) },
    });
    expect(staffList.json().items).toEqual([]);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/submissions/not-a-uuid',
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/submissions' });
    expect(signedOut.statusCode).toBe(401);
    const [comicCount] = await t.database.db
      .select({ n: count() })
      .from(comics)
      .where(eq(comics.submissionId, newer.id));
    expect(comicCount?.n).toBe(2);
  });

  it("keeps the server's own reading with each comic and shows staff only what the seller changed from it", async () => {
    const first = await uploadPhoto();
    const second = await uploadPhoto(first.cookie);
    // The reading is kept with the photo when the server reads it.
    const [kept] = await t.database.db.select().from(images).where(eq(images.id, first.id));
    expect(kept?.extraction).toEqual(READING);
    const seller = await insertUser(t.database.db, { paymentEmail: 'p@example.com' });
    const cookie = `${await sessionCookie(seller)}; ${first.cookie}`;
    const created = await submit(cookie, {
      comics: [
        // The seller fixed the grade and the certificate number, and typed a variant the label lacks.
        comic({
          imageIds: [first.id],
          cgcGrade: '9.6',
          cgcCertNumber: '1234567999',
          variant: 'Newsstand Edition',
        }),
        // Exactly as read (title case and spacing aside).
        comic({ imageIds: [second.id], title: ' SAGA ', cgcCertNumber: '1234567001' }),
        // Typed in by hand: no photo, no reading.
        comic({ title: 'Paper Girls' }),
      ],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    // The seller's own view does not carry it.
    expect(body.comics.map((c: { readerDifferences: unknown }) => c.readerDifferences)).toEqual([
      null,
      null,
      null,
    ]);
    expect(body.comics.map((c: { readerNotes: unknown }) => c.readerNotes)).toEqual([null, null, null]);

    const stored = await t.database.db
      .select({ extraction: comics.extraction, position: comics.position })
      .from(comics)
      .where(eq(comics.submissionId, body.id));
    const byPosition = new Map(stored.map((row) => [row.position, row.extraction]));
    expect(byPosition.get(0)).toEqual({ imageId: first.id, reading: READING });
    expect(byPosition.get(1)).toEqual({ imageId: second.id, reading: READING });
    expect(byPosition.get(2)).toBeNull();

    const admin = await insertAdmin(t.database.db);
    const asStaff = await t.app.inject({
      method: 'GET',
      url: `/api/submissions/${body.id}`,
      headers: { cookie: await sessionCookie(admin) },
    });
    expect(asStaff.json().comics.map((c: { readerDifferences: unknown }) => c.readerDifferences)).toEqual([
      [
        { field: 'cgcGrade', read: '9.8' },
        { field: 'cgcCertNumber', read: '1234567001' },
        { field: 'variant', read: '' },
      ],
      [],
      null,
    ]);
    // And the reader's notes on each photo, as the seller saw them on /sell.
    expect(asStaff.json().comics.map((c: { readerNotes: unknown }) => c.readerNotes)).toEqual([
      READING.notes,
      READING.notes,
      null,
    ]);
  });

  it("gives staff the seller's name, payment email and store email, and null only where the account has none", async () => {
    const admin = await insertAdmin(t.database.db);
    const named = await insertUser(t.database.db, {
      firstName: 'Ada',
      lastName: 'Byron',
      paymentEmail: 'ada-pay@example.com',
      storeEmail: 'ada-store@example.com',
    });
    const created = (await submit(await sessionCookie(named), { comics: [comic()] })).json();
    const asStaff = await t.app.inject({
      method: 'GET',
      url: `/api/submissions/${created.id}`,
      headers: { cookie: await sessionCookie(admin) },
    });
    expect(asStaff.json().user).toEqual({
      username: named.username,
      firstName: 'Ada',
      lastName: 'Byron',
      email: named.email,
      paymentEmail: 'ada-pay@example.com',
      storeEmail: 'ada-store@example.com',
    });

    // An account made by the built-in sign-up without the optional names: no username, no names.
    const bare = await insertUser(t.database.db, {
      username: null,
      firstName: null,
      lastName: null,
      paymentEmail: 'bare-pay@example.com',
    });
    const bareSubmission = (await submit(await sessionCookie(bare), { comics: [comic()] })).json();
    expect(bareSubmission.user).toEqual({
      username: null,
      firstName: null,
      lastName: null,
      email: bare.email,
      paymentEmail: 'bare-pay@example.com',
      storeEmail: null,
    });
  });
});
