import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CARRIERS,
  COMIC_ADMIN_STATUSES,
  SUBMISSION_STATUSES,
  USER_RESPONSES,
  USER_ROLES,
} from '../../shared/domain-values.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { insertImage, insertSubmission, insertUser } from '../test/factories.js';
import type { Db } from './client.js';
import { isUniqueViolation, PG_ERROR, postgresErrorOf } from './errors.js';
import { comics, mailOutbox, sessions, statusEvents, submissions, users, images } from './schema.js';

/** Awaits a write expected to fail and returns the database's error code and constraint. */
async function violation(write: Promise<unknown>): Promise<{ code: string; constraint?: string }> {
  const error = await write.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  const details = postgresErrorOf(error);
  if (!details) throw new Error(`expected a database error, got ${String(error)}`);
  return details;
}

describe('database schema', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  describe('CHECK constraints match the shared value lists', () => {
    it('accepts every submission status and carrier, and rejects others', async () => {
      const seller = await insertUser(db);
      for (const status of SUBMISSION_STATUSES) {
        await insertSubmission(db, seller.id, { status, comics: [] });
      }
      for (const carrier of CARRIERS) {
        await insertSubmission(db, seller.id, { carrier, comics: [] });
      }
      expect(
        await violation(db.insert(submissions).values({ userId: seller.id, status: 'lost' as never })),
      ).toEqual({ code: PG_ERROR.checkViolation, constraint: 'submissions_status_check' });
      expect(
        await violation(db.insert(submissions).values({ userId: seller.id, carrier: 'Pony' as never })),
      ).toEqual({ code: PG_ERROR.checkViolation, constraint: 'submissions_carrier_check' });
    });

    it('accepts every role, rejects an unknown one, and defaults to user', async () => {
      for (const role of USER_ROLES) expect((await insertUser(db, { role })).role).toBe(role);
      expect((await insertUser(db)).role).toBe('user');
      expect(await violation(insertUser(db, { role: 'owner' as never }))).toEqual({
        code: PG_ERROR.checkViolation,
        constraint: 'users_role_check',
      });
    });

    it('accepts every comic state and seller response, and rejects others', async () => {
      const seller = await insertUser(db);
      const { comics: rows } = await insertSubmission(db, seller.id, {
        comics: [
          ...COMIC_ADMIN_STATUSES.map((adminStatus) => ({ adminStatus })),
          ...USER_RESPONSES.map((userResponse) => ({ userResponse })),
        ],
      });
      expect(rows).toHaveLength(COMIC_ADMIN_STATUSES.length + USER_RESPONSES.length);
      expect(
        await violation(insertSubmission(db, seller.id, { comics: [{ adminStatus: 'sold' as never }] })),
      ).toEqual({ code: PG_ERROR.checkViolation, constraint: 'comics_admin_status_check' });
      expect(
        await violation(insertSubmission(db, seller.id, { comics: [{ userResponse: 'maybe' as never }] })),
      ).toEqual({ code: PG_ERROR.checkViolation, constraint: 'comics_user_response_check' });
    });

    it('rejects negative money and out-of-range grades, years and confidence', async () => {
      const seller = await insertUser(db);
      const cases = [
        [{ cashOfferCents: -1 }, 'comics_cash_offer_cents_check'],
        [{ storeCreditOfferCents: -100 }, 'comics_store_credit_offer_cents_check'],
        [{ estimatedValueCents: -5 }, 'comics_estimated_value_cents_check'],
        [{ cgcGrade: 10.5 }, 'comics_cgc_grade_check'],
        [{ cgcGrade: 0 }, 'comics_cgc_grade_check'],
        [{ publicationYear: 1899 }, 'comics_publication_year_check'],
        [{ confidence: 1.5 }, 'comics_confidence_check'],
      ] as const;
      for (const [comic, constraint] of cases) {
        expect(await violation(insertSubmission(db, seller.id, { comics: [comic] }))).toEqual({
          code: PG_ERROR.checkViolation,
          constraint,
        });
      }
      expect(
        await violation(insertSubmission(db, seller.id, { totalCashOfferCents: -1, comics: [] })),
      ).toEqual({ code: PG_ERROR.checkViolation, constraint: 'submissions_total_cash_offer_cents_check' });
      // Zero and the boundaries are fine.
      const { comics: ok } = await insertSubmission(db, seller.id, {
        comics: [{ cashOfferCents: 0, cgcGrade: 0.5, publicationYear: 2100, confidence: 1 }],
      });
      expect(ok[0]).toMatchObject({ cashOfferCents: 0, cgcGrade: 0.5, publicationYear: 2100, confidence: 1 });
    });

    it('rejects an unknown mail outbox status', async () => {
      const insert = db
        .insert(mailOutbox)
        .values({ toAddress: 'a@example.com', subject: 's', textBody: 't', status: 'lost' as never });
      expect(await violation(insert)).toEqual({
        code: PG_ERROR.checkViolation,
        constraint: 'mail_outbox_status_check',
      });
    });
  });

  describe('uniqueness', () => {
    it('treats emails that differ only in case as the same user', async () => {
      await insertUser(db, { email: 'Collector@Example.com' });
      const error = await insertUser(db, { email: 'collector@example.COM' }).catch(
        (caught: unknown) => caught,
      );
      expect(isUniqueViolation(error, 'users_email_lower_unique')).toBe(true);
    });

    it('allows one submission per idempotency key per seller', async () => {
      const [first, second] = [await insertUser(db), await insertUser(db)];
      await insertSubmission(db, first.id, { idempotencyKey: 'k-1', comics: [] });
      await insertSubmission(db, second.id, { idempotencyKey: 'k-1', comics: [] });
      const error = await insertSubmission(db, first.id, { idempotencyKey: 'k-1', comics: [] }).catch(
        (caught: unknown) => caught,
      );
      expect(isUniqueViolation(error, 'submissions_user_idempotency_key_unique')).toBe(true);
    });
  });

  describe('deletes', () => {
    it('removes a submission with its comics and events, and detaches its images', async () => {
      const seller = await insertUser(db);
      const { submission, comics: rows } = await insertSubmission(db, seller.id, { comics: [{}, {}] });
      const image = await insertImage(db, { ownerUserId: seller.id, comicId: rows[0]!.id });
      await db.insert(statusEvents).values({
        submissionId: submission.id,
        comicId: rows[1]!.id,
        actorUserId: seller.id,
        actorRole: 'user',
        toStatus: 'awaiting_review',
      });

      await db.delete(submissions).where(eq(submissions.id, submission.id));

      expect(await db.select().from(comics).where(eq(comics.submissionId, submission.id))).toEqual([]);
      expect(
        await db.select().from(statusEvents).where(eq(statusEvents.submissionId, submission.id)),
      ).toEqual([]);
      const [kept] = await db.select().from(images).where(eq(images.id, image.id));
      expect(kept?.comicId).toBeNull();
    });

    it('refuses to delete a seller who has submissions, and removes sessions with the user', async () => {
      const seller = await insertUser(db);
      await insertSubmission(db, seller.id);
      expect([PG_ERROR.foreignKeyViolation, PG_ERROR.restrictViolation]).toContain(
        (await violation(db.delete(users).where(eq(users.id, seller.id)))).code,
      );
      expect(await db.select().from(users).where(eq(users.id, seller.id))).toHaveLength(1);

      const visitor = await insertUser(db);
      await db.insert(sessions).values({
        id: 'a'.repeat(64),
        userId: visitor.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      await db.delete(users).where(eq(users.id, visitor.id));
      expect(await db.select().from(sessions).where(eq(sessions.userId, visitor.id))).toEqual([]);
    });

    it('keeps the audit trail when the acting account is deleted', async () => {
      const seller = await insertUser(db);
      const admin = await insertUser(db, { role: 'admin' });
      const { submission } = await insertSubmission(db, seller.id);
      await db.insert(statusEvents).values({
        submissionId: submission.id,
        actorUserId: admin.id,
        actorRole: 'admin',
        fromStatus: 'awaiting_review',
        toStatus: 'submission_processed',
      });
      await db.delete(users).where(eq(users.id, admin.id));
      const events = await db.select().from(statusEvents).where(eq(statusEvents.submissionId, submission.id));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        actorUserId: null,
        actorRole: 'admin',
        toStatus: 'submission_processed',
      });
    });
  });
});
