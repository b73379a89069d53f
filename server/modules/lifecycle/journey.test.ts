// The whole lifecycle through the HTTP API, as a seller and a staff member drive it (issue 8, tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Submission } from '../../../shared/schemas/submission.js';
import { statusEvents } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  call,
  expectStatus,
  signedInAdmin,
  signedInSeller,
  submitComics,
  type Caller,
} from '../../test/lifecycle-api.js';
import type { TransitionEvent } from './transition-listeners.js';

let t: TestApp;
const heard: TransitionEvent[] = [];
beforeAll(async () => {
  t = await createTestApp({ labelReader: { read: async () => null as never, close: async () => {} } });
  // What the mail module will see: every change, in order, inside its transaction.
  t.app.transitions.on(async (_tx, event) => {
    heard.push(event);
  });
});
afterAll(() => t.close());

const put = <T = Submission>(caller: Caller | null, url: string, body?: unknown) =>
  call<T>(t, caller, 'PUT', url, body);

/** A submission of `titles` with staff's offers already decided per title; returns ids. */
async function offeredSubmission(
  seller: Caller,
  admin: Caller,
  offers: (null | { cashOffer?: string; storeCreditOffer?: string })[],
): Promise<Submission> {
  const created = await submitComics(
    t,
    seller,
    offers.map((_, i) => `Comic ${i + 1}`),
  );
  for (const [i, offer] of offers.entries()) {
    const comicId = created.comics[i]!.id;
    const body = offer
      ? { adminStatus: 'pending_user_approval', cashOffer: '', storeCreditOffer: '', ...offer }
      : { adminStatus: 'rejected' };
    expectStatus(await put(admin, `/api/admin/comics/${comicId}/offer`, body), 200);
  }
  return expectStatus(await call<Submission>(t, seller, 'GET', `/api/submissions/${created.id}`), 200);
}

describe('the whole path: submit, offer, answer, ship, receive, pay', () => {
  it('takes a submission from creation to paid, with totals and the timeline the seller sees', async () => {
    const seller = await signedInSeller(t);
    const admin = await signedInAdmin(t);
    heard.length = 0;

    const created = await submitComics(t, seller, ['Amazing Spider-Man #300', 'X-Men #1', 'Spawn #1']);
    expect(created.status).toBe('awaiting_review');
    expect(created.allowedActions).toEqual(['cancel']);
    const [spidey, xmen, spawn] = created.comics.map((c) => c.id) as [string, string, string];

    // Staff offer on two (one edited before sending) and reject the third.
    const first = expectStatus(
      await put(admin, `/api/admin/comics/${spidey}/offer`, {
        adminStatus: 'pending_user_approval',
        cashOffer: '$1,200.50',
        storeCreditOffer: '$1,400',
      }),
      200,
    );
    expect(first.comics[0]).toMatchObject({
      adminStatus: 'pending_user_approval',
      cashOfferCents: 120_050,
      storeCreditOfferCents: 140_000,
      allowedActions: ['edit_offer', 'reject'],
    });
    // Not yet processed: Mark as Processed is not allowed while a comic is unattended.
    expect(first.allowedActions).not.toContain('mark_processed');
    expectStatus(
      await put(admin, `/api/admin/comics/${xmen}/offer`, {
        adminStatus: 'pending_user_approval',
        cashOffer: '80',
        storeCreditOffer: '',
      }),
      200,
    );
    expectStatus(
      await put(admin, `/api/admin/comics/${xmen}/offer`, {
        adminStatus: 'pending_user_approval',
        cashOffer: '90.00',
        storeCreditOffer: '110.00',
      }),
      200,
    );
    const attended = expectStatus(
      await put(admin, `/api/admin/comics/${spawn}/offer`, { adminStatus: 'rejected' }),
      200,
    );
    expect(attended.allowedActions).toEqual(['cancel', 'mark_processed', 'calculate_total']);
    expect(attended.totalCashOfferCents).toBe(120_050 + 9_000);
    expect(attended.totalStoreCreditOfferCents).toBe(140_000 + 11_000);

    // The seller sees no draft offers before processing.
    const draft = expectStatus(
      await call<Submission>(t, seller, 'GET', `/api/submissions/${created.id}`),
      200,
    );
    expect(draft.comics[0]!.cashOfferCents).toBeNull();
    expect(draft.totalCashOfferCents).toBeNull();
    expect(draft.timeline.map((e) => e.action)).toEqual(['created']);

    const calculated = expectStatus(
      await call<{ totalCashOffer: number; totalStoreCreditOffer: number; processedComics: number }>(
        t,
        admin,
        'POST',
        `/api/admin/submissions/${created.id}/calculate-total`,
      ),
      200,
    );
    expect(calculated).toMatchObject({
      totalCashOffer: 129_050,
      totalStoreCreditOffer: 151_000,
      processedComics: 3,
    });

    const processed = expectStatus(await put(admin, `/api/submissions/${created.id}/mark-processed`), 200);
    expect(processed.status).toBe('pending');
    expect(processed.processedAt).not.toBeNull();

    // The seller answers: cash for one, credit for the other.
    const pending = expectStatus(
      await call<Submission>(t, seller, 'GET', `/api/submissions/${created.id}`),
      200,
    );
    expect(pending.allowedActions).toEqual([]);
    expect(pending.comics.map((c) => c.allowedActions)).toEqual([
      ['accept_cash', 'accept_credit', 'decline'],
      ['accept_cash', 'accept_credit', 'decline'],
      [],
    ]);
    const afterCash = expectStatus(
      await put(seller, `/api/comics/${spidey}/offer-response`, { userResponse: 'accepted_cash' }),
      200,
    );
    expect(afterCash.status).toBe('pending');
    // Answered once: a second answer (double click) is refused with a sentence.
    const again = await put(seller, `/api/comics/${spidey}/offer-response`, {
      userResponse: 'user_rejected',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'This offer has already been answered.' });

    const answered = expectStatus(
      await put(seller, `/api/comics/${xmen}/offer-response`, { userResponse: 'accepted_credit' }),
      200,
    );
    // The system moved it on in the same transaction.
    expect(answered.status).toBe('awaiting_shipment');
    expect(answered.totalCashOfferCents).toBe(120_050);
    expect(answered.totalStoreCreditOfferCents).toBe(11_000);
    expect(answered.allowedActions).toEqual(['save_tracking']);

    const shipped = expectStatus(
      await put(seller, `/api/submissions/${created.id}/tracking`, {
        trackingId: ' 1Z999AA10123456784 ',
        carrier: 'UPS',
      }),
      200,
    );
    expect(shipped).toMatchObject({ status: 'shipped', trackingId: '1Z999AA10123456784', carrier: 'UPS' });
    expect(shipped.shippedAt).not.toBeNull();

    const received = expectStatus(await put(admin, `/api/submissions/${created.id}/mark-received`), 200);
    expect(received.status).toBe('inspecting_submission');
    expect(received.allowedActions).toEqual(['mark_paid', 'open_dispute', 'calculate_total']);

    // Cash and credit are owed, so both references are needed; the 400 names the missing one.
    const missing = await put(admin, `/api/submissions/${created.id}/mark-paid`, {
      paypalTransactionId: '9XY12345AB',
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ issues: [{ path: 'storeCreditReference' }] });

    const paid = expectStatus(
      await put(admin, `/api/submissions/${created.id}/mark-paid`, {
        paypalTransactionId: ' 9XY12345AB ',
        storeCreditReference: ' GC-4242 ',
      }),
      200,
    );
    expect(paid).toMatchObject({
      status: 'paid',
      paypalTransactionId: '9XY12345AB',
      storeCreditReference: 'GC-4242',
      allowedActions: [],
    });

    // What the seller sees at the end: Payment Sent, both amounts and references, the history.
    const seen = expectStatus(
      await call<Submission>(t, seller, 'GET', `/api/submissions/${created.id}`),
      200,
    );
    expect(seen).toMatchObject({
      status: 'paid',
      totalCashOfferCents: 120_050,
      totalStoreCreditOfferCents: 11_000,
      paypalTransactionId: '9XY12345AB',
      storeCreditReference: 'GC-4242',
    });
    expect(seen.paidAt).not.toBeNull();
    expect(seen.receivedAt).not.toBeNull();
    expect(
      seen.timeline.map((e) => [e.action, e.actorRole, e.actorName, e.fromStatus, e.toStatus, e.comicId]),
    ).toEqual([
      ['created', 'user', 'You', null, 'awaiting_review', null],
      ['make_offer', 'admin', 'Amped Comics', 'awaiting_review', 'pending_user_approval', spidey],
      // Only the offer as sent, not the draft before the edit.
      ['edit_offer', 'admin', 'Amped Comics', 'pending_user_approval', 'pending_user_approval', xmen],
      ['reject', 'admin', 'Amped Comics', 'awaiting_review', 'rejected', spawn],
      ['mark_processed', 'admin', 'Amped Comics', 'awaiting_review', 'pending', null],
      ['accept_cash', 'user', 'You', 'pending_user_approval', 'accepted_cash', spidey],
      ['accept_credit', 'user', 'You', 'pending_user_approval', 'accepted_credit', xmen],
      ['auto_advance', 'system', null, 'pending', 'awaiting_shipment', null],
      ['save_tracking', 'user', 'You', 'awaiting_shipment', 'shipped', null],
      ['mark_received', 'admin', 'Amped Comics', 'shipped', 'inspecting_submission', null],
      ['mark_paid', 'admin', 'Amped Comics', 'inspecting_submission', 'paid', null],
    ]);
    const byAction = Object.fromEntries(seen.timeline.map((e) => [e.action, e.details]));
    expect(byAction.edit_offer).toEqual({ cashOfferCents: 9_000, storeCreditOfferCents: 11_000 });
    expect(byAction.accept_cash).toEqual({
      userResponse: 'accepted_cash',
      cashOfferCents: 120_050,
      storeCreditOfferCents: 140_000,
    });
    expect(byAction.save_tracking).toEqual({ trackingId: '1Z999AA10123456784', carrier: 'UPS' });
    expect(byAction.mark_paid).toEqual({
      cashOfferCents: 120_050,
      storeCreditOfferCents: 11_000,
      paypalTransactionId: '9XY12345AB',
      storeCreditReference: 'GC-4242',
    });

    // Staff see every event, with names.
    const staffView = expectStatus(
      await call<Submission>(t, admin, 'GET', `/api/submissions/${created.id}`),
      200,
    );
    expect(staffView.timeline).toHaveLength(12);
    expect(staffView.timeline[1]!.actorName).toBe('Sam Staff');
    expect(staffView.timeline[0]!.actorName).toBe('Test Seller');

    // The hub heard every change, each with the status_events row it wrote.
    const rows = await t.database.db
      .select()
      .from(statusEvents)
      .where(eq(statusEvents.submissionId, created.id))
      .orderBy(asc(statusEvents.id));
    expect(heard.filter((e) => e.submissionId === created.id).map((e) => e.statusEventId)).toEqual(
      rows.map((row) => row.id),
    );
    expect(heard.at(-1)).toMatchObject({ action: 'mark_paid', submissionStatus: 'paid' });
  });
});

describe('every other branch', () => {
  it('all rejected: mark processed is refused, mark declined ends it', async () => {
    const seller = await signedInSeller(t);
    const admin = await signedInAdmin(t);
    const submission = await offeredSubmission(seller, admin, [null, null]);
    const refused = await put(admin, `/api/submissions/${submission.id}/mark-processed`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: 'Every comic is rejected: mark the submission as declined instead.',
    });
    const declined = expectStatus(await put(admin, `/api/submissions/${submission.id}/mark-declined`), 200);
    expect(declined).toMatchObject({ status: 'declined', allowedActions: [] });
  });

  it('mark declined is refused while any comic has an offer', async () => {
    const seller = await signedInSeller(t);
    const admin = await signedInAdmin(t);
    const submission = await offeredSubmission(seller, admin, [null, { cashOffer: '10' }]);
    const refused = await put(admin, `/api/submissions/${submission.id}/mark-declined`);
    expect(refused.status).toBe(409);
  });

  it('the seller cancels at awaiting_review, and cannot once it is processed', async () => {
    const seller = await signedInSeller(t);
    const admin = await signedInAdmin(t);
    const early = await submitComics(t, seller, ['A']);
    const cancelled = expectStatus(await put(seller, `/api/submissions/${early.id}/cancel`), 200);
    expect(cancelled).toMatchObject({ status: 'cancelled', allowedActions: [] });
    const twice = await put(seller, `/api/submissions/${early.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      message: "This submission has been cancelled, so it can't be cancelled.",
    });

    const late = await offeredSubmission(seller, admin, [{ cashOffer: '10' }]);
    expectStatus(await put(admin, `/api/submissions/${late.id}/mark-processed`), 200);
    const refused = await put(seller, `/api/submissions/${late.id}/cancel`);
    expect(refused.status).toBe(409);
  });

  it('staff cancel at pending', async () => {
    const seller = await signedInSeller(t);
    const admin = await signedInAdmin(t);
    const submission = await offeredSubmission(seller, admin, [{ cashOffer: '10' }]);
    expectStatus(await put(admin, `/api/submissions/${submission.id}/mark-processed`), 200);
    const cancelled = expectStatus(await put(admin, `/api/submissions/${submission.id}/cancel`), 200);
    expect(cancelled.status).toBe('cancelled');
    const answer = await put(seller, `/api/comics/${submission.comics[0]!.id}/offer-response`, {
      userResponse: 'accepted_cash',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message: 'This submission has been cancelled, so offers can no longer be answered.',
    });
  });

  it('a dispute is opened and resolved, then paid (credit only: no PayPal id needed)', async () => {
    const seller = await signedInSeller(t);
    const admin = await signedInAdmin(t);
    const submission = await offeredSubmission(seller, admin, [{ storeCreditOffer: '50' }]);
    expectStatus(await put(admin, `/api/submissions/${submission.id}/mark-processed`), 200);
    expectStatus(
      await put(seller, `/api/comics/${submission.comics[0]!.id}/offer-response`, {
        userResponse: 'accepted_credit',
      }),
      200,
    );
    expectStatus(
      await put(admin, `/api/submissions/${submission.id}/tracking`, {
        trackingId: '9400111899223197428490',
        carrier: 'USPS',
      }),
      200,
    );
    // A correction while shipped keeps the status.
    const corrected = expectStatus(
      await put(seller, `/api/submissions/${submission.id}/tracking`, {
        trackingId: '9400111899223197428491',
        carrier: 'USPS',
      }),
      200,
    );
    expect(corrected).toMatchObject({ status: 'shipped', trackingId: '9400111899223197428491' });
    expectStatus(await put(admin, `/api/submissions/${submission.id}/mark-received`), 200);
    const blank = await put(admin, `/api/submissions/${submission.id}/open-dispute`, {
      disputeMessage: '  ',
    });
    expect(blank.status).toBe(400);
    const dispute = expectStatus(
      await put(admin, `/api/submissions/${submission.id}/open-dispute`, {
        disputeMessage: ' Slab cracked ',
      }),
      200,
    );
    expect(dispute).toMatchObject({
      status: 'dispute',
      disputeMessage: 'Slab cracked',
      allowedActions: ['resolve_dispute', 'calculate_total'],
    });
    const resolved = expectStatus(await put(admin, `/api/submissions/${submission.id}/resolve-dispute`), 200);
    expect(resolved.allowedActions).toEqual([
      'cancel',
      'mark_paid',
      'open_dispute',
      'resume_inspection',
      'calculate_total',
    ]);
    const back = expectStatus(await put(admin, `/api/submissions/${submission.id}/resume-inspection`), 200);
    expect(back.status).toBe('inspecting_submission');
    const noReference = await put(admin, `/api/submissions/${submission.id}/mark-paid`, {});
    expect(noReference.status).toBe(400);
    expect(noReference.body).toMatchObject({ issues: [{ path: 'storeCreditReference' }] });
    const paid = expectStatus(
      await put(admin, `/api/submissions/${submission.id}/mark-paid`, {
        paypalTransactionId: 'stray',
        storeCreditReference: 'ORDER-77',
      }),
      200,
    );
    // Nothing was paid in cash, so no PayPal id is recorded.
    expect(paid).toMatchObject({
      status: 'paid',
      paypalTransactionId: null,
      storeCreditReference: 'ORDER-77',
    });
  });

  it('every offer declined by the seller: the submission is declined by the system', async () => {
    const seller = await signedInSeller(t);
    const admin = await signedInAdmin(t);
    const submission = await offeredSubmission(seller, admin, [
      { cashOffer: '10' },
      { cashOffer: '20', storeCreditOffer: '25' },
      null,
    ]);
    expectStatus(await put(admin, `/api/submissions/${submission.id}/mark-processed`), 200);
    const noCredit = await put(seller, `/api/comics/${submission.comics[0]!.id}/offer-response`, {
      userResponse: 'accepted_credit',
    });
    expect(noCredit.status).toBe(409);
    expect(noCredit.body).toMatchObject({ message: 'This comic has no store credit offer.' });
    const early = await put(seller, `/api/submissions/${submission.id}/user-responded`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: 'Please answer every offer before continuing.' });
    expectStatus(
      await put(seller, `/api/comics/${submission.comics[0]!.id}/offer-response`, {
        userResponse: 'user_rejected',
      }),
      200,
    );
    const done = expectStatus(
      await put(seller, `/api/comics/${submission.comics[1]!.id}/offer-response`, {
        userResponse: 'user_rejected',
      }),
      200,
    );
    expect(done).toMatchObject({
      status: 'declined',
      totalCashOfferCents: null,
      totalStoreCreditOfferCents: null,
    });
    expect(done.timeline.at(-1)).toMatchObject({
      action: 'auto_advance',
      actorRole: 'system',
      toStatus: 'declined',
    });
  });
});
