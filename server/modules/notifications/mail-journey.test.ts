// The whole lifecycle driven through the HTTP API (the real transition command and its hub): each
// change writes exactly the expected mails, in order, to the right people, with the facts it reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Submission } from '../../../shared/schemas/submission.js';
import { mailOutbox } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  call,
  comicInput,
  expectStatus,
  signedInAdmin,
  signedInSeller,
  type Caller,
} from '../../test/lifecycle-api.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    labelReader: { read: async () => null as never, close: async () => {} },
    env: { PUBLIC_URL: 'https://sell.example.com', NODE_ENV: 'test' },
  });
});
afterAll(() => t.close());

/** Submits comics of these titles through the API (each with its own certification number). */
async function submitComics(_t: TestApp, seller: Caller, titles: string[]): Promise<Submission> {
  const comics = titles.map((title, index) => ({
    ...comicInput(title),
    cgcCertNumber: `${4_000_000_000 + Math.floor(Math.random() * 1e8) + index}`,
  }));
  return expectStatus(await call<Submission>(t, seller, 'POST', '/api/submissions', { comics }), 201);
}

async function mailsOf(submissionId: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.submissionId, submissionId))
    .orderBy(asc(mailOutbox.createdAt));
}

describe('mail along the whole lifecycle, through the API', () => {
  it('sends the seller and staff exactly the expected mails, in order', async () => {
    const seller = await signedInSeller(t);
    const admin = await signedInAdmin(t);
    const other = await signedInAdmin(t);
    const put = (caller: typeof seller, url: string, body?: unknown) =>
      call<Submission>(t, caller, 'PUT', url, body);

    const created = await submitComics(t, seller, ['Amazing Spider-Man', 'X-Men', 'Spawn']);
    const [spidey, xmen, spawn] = created.comics.map((comic) => comic.id) as [string, string, string];
    const offer = {
      adminStatus: 'pending_user_approval',
      cashOffer: '$1,200.00',
      storeCreditOffer: '$1,400.00',
    };
    expectStatus(await put(admin, `/api/admin/comics/${spidey}/offer`, offer), 200);
    expectStatus(
      await put(admin, `/api/admin/comics/${xmen}/offer`, {
        ...offer,
        cashOffer: '90',
        storeCreditOffer: '110',
      }),
      200,
    );
    expectStatus(await put(admin, `/api/admin/comics/${spawn}/offer`, { adminStatus: 'rejected' }), 200);
    expectStatus(await put(admin, `/api/submissions/${created.id}/mark-processed`), 200);
    expectStatus(
      await put(seller, `/api/comics/${spidey}/offer-response`, { userResponse: 'accepted_cash' }),
      200,
    );
    expectStatus(
      await put(seller, `/api/comics/${xmen}/offer-response`, { userResponse: 'accepted_credit' }),
      200,
    );
    expectStatus(
      await put(seller, `/api/submissions/${created.id}/tracking`, {
        trackingId: '1Z999AA10123456784',
        carrier: 'UPS',
      }),
      200,
    );
    expectStatus(await put(admin, `/api/submissions/${created.id}/mark-received`), 200);
    expectStatus(
      await put(admin, `/api/submissions/${created.id}/open-dispute`, {
        disputeMessage: 'The X-Men case is cracked.',
      }),
      200,
    );
    expectStatus(await put(admin, `/api/submissions/${created.id}/resolve-dispute`), 200);
    const paid = expectStatus(
      await put(admin, `/api/submissions/${created.id}/mark-paid`, {
        paypalTransactionId: '8AB12345CD678901E',
        storeCreditReference: 'GC-7781',
      }),
      200,
    );
    expect(paid.status).toBe('paid');

    const mails = await mailsOf(created.id);
    const staff = [admin.user.email, other.user.email].sort();
    const sellerEmail = seller.user.email;
    expect(mails.map((mail) => [mail.kind, mail.toAddress])).toEqual([
      ['submission_received', sellerEmail],
      ...staff.map((to) => ['staff_new_submission', to]),
      ['offers_ready', sellerEmail],
      ['shipping_instructions', sellerEmail],
      ...staff.map((to) => ['staff_offers_answered', to]),
      ...staff.map((to) => ['staff_shipped', to]),
      ['package_received', sellerEmail],
      ['dispute_opened', sellerEmail],
      ['dispute_resolved', sellerEmail],
      ['payment_sent', sellerEmail],
      ['store_credit_applied', sellerEmail],
    ]);
    const text = (kind: string) => mails.find((mail) => mail.kind === kind)!.textBody;
    expect(text('offers_ready')).toContain(
      'Amazing Spider-Man #1 (CGC 9.8): $1,200.00 cash or $1,400.00 Amped Store credit',
    );
    expect(text('offers_ready')).toContain('Spawn #1 (CGC 9.8): No Offer Available');
    expect(text('offers_ready')).toContain(`https://sell.example.com/submissions/${created.id}`);
    expect(text('staff_new_submission')).toContain(
      `https://sell.example.com/admin/submissions/${created.id}`,
    );
    expect(text('staff_shipped')).toContain('Tracking: 1Z999AA10123456784');
    expect(text('dispute_opened')).toContain('> The X-Men case is cracked.');
    expect(text('payment_sent')).toContain('Amount: $1,200.00');
    expect(text('payment_sent')).toContain('Transaction ID: 8AB12345CD678901E');
    expect(text('store_credit_applied')).toContain('Credit: $110.00');
    expect(text('store_credit_applied')).toContain('Reference: GC-7781');
    expect(mails.every((mail) => mail.status === 'pending' && mail.htmlBody)).toBe(true);
  });

  it('tells the seller when they cancel, and when staff decline or the seller declines every offer', async () => {
    const seller = await signedInSeller(t);
    const admin = await signedInAdmin(t);
    const put = (caller: typeof seller, url: string, body?: unknown) =>
      call<Submission>(t, caller, 'PUT', url, body);

    const cancelled = await submitComics(t, seller, ['Hulk']);
    expectStatus(await put(seller, `/api/submissions/${cancelled.id}/cancel`), 200);
    expect((await mailsOf(cancelled.id)).map((mail) => mail.kind)).toEqual([
      'submission_received',
      ...Array(await adminCount()).fill('staff_new_submission'),
      'submission_cancelled',
    ]);

    const declined = await submitComics(t, seller, ['Thor']);
    expectStatus(
      await put(admin, `/api/admin/comics/${declined.comics[0]!.id}/offer`, { adminStatus: 'rejected' }),
      200,
    );
    expectStatus(await put(admin, `/api/submissions/${declined.id}/mark-declined`), 200);
    expect((await mailsOf(declined.id)).map((mail) => mail.kind).at(-1)).toBe('submission_declined');

    const refused = await submitComics(t, seller, ['Iron Man']);
    const comicId = refused.comics[0]!.id;
    expectStatus(
      await put(admin, `/api/admin/comics/${comicId}/offer`, {
        adminStatus: 'pending_user_approval',
        cashOffer: '5',
        storeCreditOffer: '6',
      }),
      200,
    );
    expectStatus(await put(admin, `/api/submissions/${refused.id}/mark-processed`), 200);
    expectStatus(
      await put(seller, `/api/comics/${comicId}/offer-response`, { userResponse: 'user_rejected' }),
      200,
    );
    const kinds = (await mailsOf(refused.id)).map((mail) => mail.kind);
    expect(kinds.slice(-1 - (await adminCount()))).toEqual([
      'submission_declined',
      ...Array(await adminCount()).fill('staff_offers_answered'),
    ]);
  });
});

async function adminCount(): Promise<number> {
  const { users } = await import('../../db/schema.js');
  return (await t.database.db.select().from(users).where(eq(users.role, 'admin'))).length;
}
