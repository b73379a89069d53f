// The transition command on a real database (PGlite, or PostgreSQL with DATABASE_URL, where the
// calls really run in parallel on a pool): concurrent callers serialise on the row lock, exactly one
// wins where only one may, and a listener's failure rolls the whole change back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { comics, statusEvents, submissions, type User } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { insertAdmin, insertSubmission, insertUser, type ComicInput } from '../../test/factories.js';
import { runComicAction, runSubmissionAction, type TransitionDeps } from './transition.js';
import { createTransitionHub, type TransitionEvent } from './transition-listeners.js';

let database: TestDatabase;
let deps: TransitionDeps;
let seller: User;
let staff: User;
const heard: TransitionEvent[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, hub: createTransitionHub() };
  deps.hub.on(async (_tx, event) => {
    heard.push(event);
  });
  seller = await insertUser(database.db, { paymentEmail: 'p@example.com' });
  staff = await insertAdmin(database.db);
});
afterAll(() => database?.close());

const offered = (cash: number | null, credit: number | null): ComicInput => ({
  adminStatus: 'pending_user_approval',
  cashOfferCents: cash,
  storeCreditOfferCents: credit,
});
const accepted: ComicInput = {
  adminStatus: 'accepted_cash',
  userResponse: 'accepted_cash',
  cashOfferCents: 1000,
};

/** Settles every promise and returns the HTTP status each one ended with (200 for success). */
async function outcomes(calls: Promise<unknown>[]): Promise<number[]> {
  const settled = await Promise.allSettled(calls);
  return settled.map((result) => {
    if (result.status === 'fulfilled') return 200;
    if (result.reason instanceof HttpError) return result.reason.statusCode;
    throw result.reason;
  });
}

async function eventsOf(submissionId: string) {
  return database.db
    .select()
    .from(statusEvents)
    .where(eq(statusEvents.submissionId, submissionId))
    .orderBy(asc(statusEvents.id));
}

describe('concurrent transitions on one submission', () => {
  it('5 parallel mark_received: one wins, four get 409, one event', async () => {
    const { submission } = await insertSubmission(database.db, seller.id, {
      status: 'shipped',
      comics: [accepted],
    });
    const results = await outcomes(
      Array.from({ length: 5 }, () =>
        runSubmissionAction(deps, staff, submission.id, { action: 'mark_received' }),
      ),
    );
    expect(results.sort()).toEqual([200, 409, 409, 409, 409]);
    const events = await eventsOf(submission.id);
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ['mark_received', 'shipped', 'inspecting_submission'],
    ]);
  });

  it('a double-clicked answer is taken once', async () => {
    const { submission, comics: rows } = await insertSubmission(database.db, seller.id, {
      status: 'pending',
      comics: [offered(1000, 1200), offered(500, null)],
    });
    const results = await outcomes(
      Array.from({ length: 4 }, (_, i) =>
        runComicAction(deps, seller, rows[0]!.id, {
          kind: 'answer',
          userResponse: i % 2 ? 'accepted_credit' : 'accepted_cash',
        }),
      ),
    );
    expect(results.sort()).toEqual([200, 409, 409, 409]);
    const [comic] = await database.db.select().from(comics).where(eq(comics.id, rows[0]!.id));
    expect(comic!.userResponse).toBe(comic!.adminStatus);
    expect((await eventsOf(submission.id)).filter((e) => e.comicId === rows[0]!.id)).toHaveLength(1);
  });

  it('the last two answers at once: the system moves the submission exactly once', async () => {
    const { submission, comics: rows } = await insertSubmission(database.db, seller.id, {
      status: 'pending',
      comics: [offered(1000, 1200), offered(500, 600)],
    });
    const results = await outcomes([
      runComicAction(deps, seller, rows[0]!.id, { kind: 'answer', userResponse: 'accepted_cash' }),
      runComicAction(deps, seller, rows[1]!.id, { kind: 'answer', userResponse: 'accepted_credit' }),
    ]);
    expect(results).toEqual([200, 200]);
    const events = await eventsOf(submission.id);
    expect(events.filter((e) => e.action === 'auto_advance')).toHaveLength(1);
    const [after] = await database.db.select().from(submissions).where(eq(submissions.id, submission.id));
    expect(after).toMatchObject({
      status: 'awaiting_shipment',
      totalCashOfferCents: 1000,
      totalStoreCreditOfferCents: 600,
    });
  });

  it('a seller answering while staff cancel never leaves an impossible state', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { submission, comics: rows } = await insertSubmission(database.db, seller.id, {
        status: 'pending',
        comics: [offered(1000, null)],
      });
      const calls = [
        runComicAction(deps, seller, rows[0]!.id, { kind: 'answer', userResponse: 'accepted_cash' }),
        runSubmissionAction(deps, staff, submission.id, { action: 'cancel' }),
      ];
      if (round % 2) calls.reverse();
      await outcomes(calls);
      const [after] = await database.db.select().from(submissions).where(eq(submissions.id, submission.id));
      const [comic] = await database.db.select().from(comics).where(eq(comics.id, rows[0]!.id));
      const events = await eventsOf(submission.id);
      // Staff may cancel before the answer (pending) or after it (awaiting_shipment): either way it
      // ends cancelled, and the comic was answered only if that answer's event exists.
      expect(after!.status).toBe('cancelled');
      const answered = events.some((e) => e.action === 'accept_cash');
      expect(comic!.adminStatus).toBe(answered ? 'accepted_cash' : 'pending_user_approval');
      expect(events.at(-1)).toMatchObject({ action: 'cancel', toStatus: 'cancelled' });
      // The history is a chain: each submission-level event starts where the previous one ended.
      const chain = events.filter((e) => e.comicId === null);
      for (let i = 1; i < chain.length; i += 1) expect(chain[i]!.fromStatus).toBe(chain[i - 1]!.toStatus);
    }
  });

  it('two staff offering on two comics while a third marks processed: processed only with both attended', async () => {
    const { submission, comics: rows } = await insertSubmission(database.db, seller.id, {
      status: 'awaiting_review',
      comics: [{}, {}],
    });
    const body = { adminStatus: 'pending_user_approval' as const, cashOffer: 100, storeCreditOffer: null };
    const results = await outcomes([
      runComicAction(deps, staff, rows[0]!.id, { kind: 'offer', body }),
      runComicAction(deps, staff, rows[1]!.id, { kind: 'offer', body }),
      runSubmissionAction(deps, staff, submission.id, { action: 'mark_processed' }),
    ]);
    expect(results.slice(0, 2)).toEqual([200, 200]);
    const [after] = await database.db.select().from(submissions).where(eq(submissions.id, submission.id));
    if (results[2] === 200) {
      expect(after!.status).toBe('pending');
      const attended = await database.db.select().from(comics).where(eq(comics.submissionId, submission.id));
      expect(attended.every((c) => c.adminStatus === 'pending_user_approval')).toBe(true);
    } else {
      expect(results[2]).toBe(409);
      expect(after!.status).toBe('awaiting_review');
    }
    expect(after!.totalCashOfferCents).toBe(200);
  });
});

describe('listeners', () => {
  it('hear each change with its status event, inside the transaction; a failing listener rolls the change back', async () => {
    const { submission } = await insertSubmission(database.db, seller.id, {
      status: 'shipped',
      comics: [accepted],
    });
    const remove = deps.hub.on(async () => {
      throw new Error('mail outbox unavailable');
    });
    await expect(
      runSubmissionAction(deps, staff, submission.id, { action: 'mark_received' }),
    ).rejects.toThrow('mail outbox unavailable');
    remove();
    const [unchanged] = await database.db.select().from(submissions).where(eq(submissions.id, submission.id));
    expect(unchanged!.status).toBe('shipped');
    expect(await eventsOf(submission.id)).toEqual([]);

    heard.length = 0;
    await runSubmissionAction(deps, staff, submission.id, { action: 'mark_received' });
    const [event] = await eventsOf(submission.id);
    expect(heard).toEqual([
      {
        action: 'mark_received',
        submissionId: submission.id,
        comicId: null,
        actor: { userId: staff.id, role: 'admin' },
        fromStatus: 'shipped',
        toStatus: 'inspecting_submission',
        submissionStatus: 'inspecting_submission',
        payload: {},
        statusEventId: event!.id,
      },
    ]);
  });
});

describe('who may act', () => {
  it("another seller's ids answer 404, exactly like missing ones", async () => {
    const stranger = await insertUser(database.db);
    const { submission, comics: rows } = await insertSubmission(database.db, seller.id, {
      status: 'awaiting_review',
    });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [submission.id, missing]) {
      await expect(runSubmissionAction(deps, stranger, id, { action: 'cancel' })).rejects.toMatchObject({
        statusCode: 404,
        message: 'Submission not found',
      });
    }
    for (const id of [rows[0]!.id, missing]) {
      await expect(
        runComicAction(deps, stranger, id, { kind: 'answer', userResponse: 'user_rejected' }),
      ).rejects.toMatchObject({ statusCode: 404, message: 'Comic not found' });
    }
  });
});
