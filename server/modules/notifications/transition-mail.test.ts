// Lifecycle changes -> mail rows, in the change's transaction: the whole journey of a submission
// produces exactly the expected mails, in order, to the right people; comic-level changes send
// nothing; a rolled-back change sends nothing; reminders go once and skip sellers who opted out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_SITE_CONFIG } from '../../../shared/site-config.js';
import type { Db } from '../../db/client.js';
import {
  comics,
  mailOutbox,
  statusEvents,
  submissions,
  users,
  type Comic,
  type User,
} from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { insertAdmin, insertSubmission, insertUser } from '../../test/factories.js';
import {
  createTransitionHub,
  type TransitionEvent,
  type TransitionHub,
} from '../lifecycle/transition-listeners.js';
import type { MailContext } from './mail-content.js';
import { staffRecipients } from './recipients.js';
import { writeDueReminders } from './reminders.js';
import { createTransitionMailListener } from './transition-mail.js';

const context: MailContext = { site: DEFAULT_SITE_CONFIG, publicUrl: 'https://sell.example.com' };

let database: TestDatabase;
let db: Db;
let hub: TransitionHub;
let admins: User[];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  hub = createTransitionHub();
  hub.on(createTransitionMailListener({ context, staffEmails: [] }));
  admins = [
    await insertAdmin(db, { email: 'b-staff@example.com' }),
    await insertAdmin(db, { email: 'a-staff@example.com' }),
  ];
});
afterAll(() => database?.close());

/**
 * Does what the lifecycle's transition command does for one change: update the rows, write the
 * status event and notify the hub, all in one transaction.
 */
async function change(
  submissionId: string,
  event: Partial<TransitionEvent> & Pick<TransitionEvent, 'action' | 'toStatus'>,
  write: (tx: Db) => Promise<void> = async () => {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await write(tx);
    const comicId = event.comicId ?? null;
    const [current] = await tx.select().from(submissions).where(eq(submissions.id, submissionId));
    if (comicId === null && event.action !== 'created') {
      await tx
        .update(submissions)
        .set({ status: event.toStatus as never })
        .where(eq(submissions.id, submissionId));
    }
    const [statusEvent] = await tx
      .insert(statusEvents)
      .values({
        submissionId,
        comicId,
        toStatus: event.toStatus,
        fromStatus: event.fromStatus ?? null,
        actorRole: event.actor?.role ?? 'system',
      })
      .returning();
    await hub.notify(tx, {
      submissionId,
      comicId,
      actor: { userId: null, role: 'system' },
      fromStatus: null,
      payload: {},
      submissionStatus: comicId === null ? event.toStatus : current!.status,
      statusEventId: statusEvent!.id,
      ...event,
    });
  });
}

async function mailsOf(submissionId: string) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.submissionId, submissionId))
    .orderBy(asc(mailOutbox.createdAt));
  return rows.map((row) => [row.kind, row.toAddress]);
}

async function setComic(tx: Db, comic: Comic, values: Partial<Comic>): Promise<void> {
  await tx.update(comics).set(values).where(eq(comics.id, comic.id));
}

describe('mail for a submission journey', () => {
  it('sends exactly the expected mails, in order, to the seller and every admin', async () => {
    const seller = await insertUser(db, { email: 'ada@example.com', firstName: 'Ada' });
    const {
      submission,
      comics: [cash, credit, declined, rejected],
    } = await insertSubmission(db, seller.id, {
      comics: [{ title: 'Amazing Spider-Man' }, { title: 'X-Men' }, { title: 'Saga' }, { title: 'Spawn' }],
    });
    const id = submission.id;
    const staff = ['a-staff@example.com', 'b-staff@example.com'];
    expect(admins).toHaveLength(2);

    await change(id, {
      action: 'created',
      toStatus: 'awaiting_review',
      actor: { userId: seller.id, role: 'user' },
    });
    // Staff price the comics: comic-level changes send nothing on their own.
    for (const comic of [cash!, credit!, declined!]) {
      await change(
        id,
        {
          action: 'make_offer',
          comicId: comic.id,
          fromStatus: 'awaiting_review',
          toStatus: 'pending_user_approval',
        },
        (tx) =>
          setComic(tx, comic, {
            adminStatus: 'pending_user_approval',
            cashOfferCents: 10_000,
            storeCreditOfferCents: 12_000,
          }),
      );
    }
    await change(
      id,
      { action: 'reject', comicId: rejected!.id, fromStatus: 'awaiting_review', toStatus: 'rejected' },
      (tx) => setComic(tx, rejected!, { adminStatus: 'rejected' }),
    );
    await change(id, { action: 'mark_processed', fromStatus: 'awaiting_review', toStatus: 'pending' });
    // The seller answers each comic; the last answer moves the submission on (auto_advance).
    await change(
      id,
      {
        action: 'accept_cash',
        comicId: cash!.id,
        fromStatus: 'pending_user_approval',
        toStatus: 'accepted_cash',
      },
      (tx) => setComic(tx, cash!, { adminStatus: 'accepted_cash', userResponse: 'accepted_cash' }),
    );
    await change(
      id,
      {
        action: 'accept_credit',
        comicId: credit!.id,
        fromStatus: 'pending_user_approval',
        toStatus: 'accepted_credit',
      },
      (tx) => setComic(tx, credit!, { adminStatus: 'accepted_credit', userResponse: 'accepted_credit' }),
    );
    await change(
      id,
      {
        action: 'decline',
        comicId: declined!.id,
        fromStatus: 'pending_user_approval',
        toStatus: 'user_rejected',
      },
      (tx) => setComic(tx, declined!, { adminStatus: 'user_rejected', userResponse: 'user_rejected' }),
    );
    await change(id, { action: 'auto_advance', fromStatus: 'pending', toStatus: 'awaiting_shipment' });
    await change(
      id,
      {
        action: 'save_tracking',
        fromStatus: 'awaiting_shipment',
        toStatus: 'shipped',
        payload: { trackingId: '1Z999AA10123456784', carrier: 'UPS' },
      },
      (tx) =>
        tx
          .update(submissions)
          .set({ trackingId: '1Z999AA10123456784', carrier: 'UPS' })
          .where(eq(submissions.id, id))
          .then(() => {}),
    );
    await change(id, { action: 'mark_received', fromStatus: 'shipped', toStatus: 'inspecting_submission' });
    await change(id, {
      action: 'open_dispute',
      fromStatus: 'inspecting_submission',
      toStatus: 'dispute',
      payload: { disputeMessage: 'Case cracked on X-Men.' },
    });
    await change(id, { action: 'resolve_dispute', fromStatus: 'dispute', toStatus: 'resolved' });
    await change(id, {
      action: 'mark_paid',
      fromStatus: 'resolved',
      toStatus: 'paid',
      payload: { paypalTransactionId: '8AB1', storeCreditReference: 'GC-1' },
    });

    expect(await mailsOf(id)).toEqual([
      ['submission_received', 'ada@example.com'],
      ['staff_new_submission', staff[0]],
      ['staff_new_submission', staff[1]],
      ['offers_ready', 'ada@example.com'],
      ['shipping_instructions', 'ada@example.com'],
      ['staff_offers_answered', staff[0]],
      ['staff_offers_answered', staff[1]],
      ['staff_shipped', staff[0]],
      ['staff_shipped', staff[1]],
      ['package_received', 'ada@example.com'],
      ['dispute_opened', 'ada@example.com'],
      ['dispute_resolved', 'ada@example.com'],
      ['payment_sent', 'ada@example.com'],
      ['store_credit_applied', 'ada@example.com'],
    ]);
    const [dispute] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.submissionId, id), eq(mailOutbox.kind, 'dispute_opened')));
    expect(dispute!.textBody).toContain('> Case cracked on X-Men.');
    const [paid] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.submissionId, id), eq(mailOutbox.kind, 'payment_sent')));
    expect(paid!.textBody).toContain('Transaction ID: 8AB1');
    expect(paid!.status).toBe('pending');
  });

  it('tells the seller about cancellation, a staff decline, and their own decline (and staff about the latter)', async () => {
    const seller = await insertUser(db, { email: 'bo@example.com' });
    const cancelled = (await insertSubmission(db, seller.id)).submission;
    await change(cancelled.id, { action: 'cancel', fromStatus: 'awaiting_review', toStatus: 'cancelled' });
    expect(await mailsOf(cancelled.id)).toEqual([['submission_cancelled', 'bo@example.com']]);

    const staffDeclined = (await insertSubmission(db, seller.id)).submission;
    await change(staffDeclined.id, {
      action: 'mark_declined',
      fromStatus: 'awaiting_review',
      toStatus: 'declined',
    });
    expect(await mailsOf(staffDeclined.id)).toEqual([['submission_declined', 'bo@example.com']]);

    const sellerDeclined = (await insertSubmission(db, seller.id, { status: 'pending' })).submission;
    await change(sellerDeclined.id, { action: 'auto_advance', fromStatus: 'pending', toStatus: 'declined' });
    expect(await mailsOf(sellerDeclined.id)).toEqual([
      ['submission_declined', 'bo@example.com'],
      ['staff_offers_answered', 'a-staff@example.com'],
      ['staff_offers_answered', 'b-staff@example.com'],
    ]);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.submissionId, sellerDeclined.id), eq(mailOutbox.kind, 'submission_declined')));
    expect(mail!.subject).toContain('no offers accepted');
    expect(mail!.textBody).toContain('you declined the offers on every comic');
  });

  it('writes nothing when the change rolls back', async () => {
    const seller = await insertUser(db);
    const { submission } = await insertSubmission(db, seller.id);
    await expect(
      db.transaction(async (tx) => {
        await hub.notify(tx, {
          action: 'created',
          submissionId: submission.id,
          comicId: null,
          actor: { userId: seller.id, role: 'user' },
          fromStatus: null,
          toStatus: 'awaiting_review',
          submissionStatus: 'awaiting_review',
          payload: {},
          statusEventId: 0,
        });
        expect(
          (await tx.select().from(mailOutbox).where(eq(mailOutbox.submissionId, submission.id))).length,
        ).toBe(3);
        throw new Error('the change failed after its mail was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(await mailsOf(submission.id)).toEqual([]);
  });

  it('sends staff mail to NOTIFY_STAFF_EMAILS instead of the admins when it is set', async () => {
    expect(await staffRecipients(db, ['desk@example.com'])).toEqual(['desk@example.com']);
    expect(await staffRecipients(db, [])).toEqual(['a-staff@example.com', 'b-staff@example.com']);
  });
});

describe('reminders', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

  async function submissionIn(status: 'pending' | 'awaiting_shipment', since: Date, seller: User) {
    const { submission } = await insertSubmission(db, seller.id, {
      status,
      comics: [
        { title: 'Hulk', adminStatus: 'accepted_cash', userResponse: 'accepted_cash', cashOfferCents: 5_000 },
      ],
    });
    await db.insert(statusEvents).values({
      submissionId: submission.id,
      toStatus: status,
      fromStatus: null,
      actorRole: 'admin',
      createdAt: since,
    });
    return submission.id;
  }

  it('reminds once about offers unanswered for 3 days and comics unshipped for 5, skipping opted-out sellers', async () => {
    const keen = await insertUser(db, { email: 'keen@example.com' });
    const quiet = await insertUser(db, { email: 'quiet@example.com', mailReminders: false });
    const offersDue = await submissionIn('pending', daysAgo(3.1), keen);
    const offersFresh = await submissionIn('pending', daysAgo(2), keen);
    const shipDue = await submissionIn('awaiting_shipment', daysAgo(5.5), keen);
    const shipFresh = await submissionIn('awaiting_shipment', daysAgo(4), keen);
    const optedOut = await submissionIn('pending', daysAgo(10), quiet);

    await writeDueReminders(db, context);
    await writeDueReminders(db, context);
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.submissionId, [offersDue, offersFresh, shipDue, shipFresh, optedOut]));
    expect(rows.map((row) => [row.submissionId, row.kind, row.toAddress]).sort()).toEqual(
      [
        [offersDue, 'offers_reminder', 'keen@example.com'],
        [shipDue, 'shipping_reminder', 'keen@example.com'],
      ].sort(),
    );
    expect(rows.find((row) => row.kind === 'shipping_reminder')!.textBody).toContain('within 7 days');

    // A seller who turns reminders back on gets the one they missed.
    await db.update(users).set({ mailReminders: true }).where(eq(users.id, quiet.id));
    await writeDueReminders(db, context);
    const late = await db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, optedOut));
    expect(late.map((row) => row.kind)).toEqual(['offers_reminder']);
  });
});
