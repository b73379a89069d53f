import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { comics, users } from '../db/schema.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { insertAdmin, insertImage, insertSubmission, insertUser } from './factories.js';

describe('createTestDatabase', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('gives each caller its own migrated database', async () => {
    const user = await insertUser(first.db);
    expect(await first.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect(await second.db.select().from(users)).toHaveLength(0);
  });

  it('uses the configured engine', () => {
    expect(first.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('builds related rows with the factories', async () => {
    const seller = await insertUser(second.db, { paymentEmail: 'pay@example.com' });
    const admin = await insertAdmin(second.db);
    const { submission, comics: rows } = await insertSubmission(second.db, seller.id, {
      comics: [{ title: 'Batman' }, { title: 'Saga', cgcGrade: 9.6 }],
    });
    const image = await insertImage(second.db, { ownerUserId: seller.id, comicId: rows[0]!.id });

    expect(admin.role).toBe('admin');
    expect(seller.paymentEmail).toBe('pay@example.com');
    expect(submission.status).toBe('awaiting_review');
    expect(rows.map((row) => [row.title, row.position, row.adminStatus])).toEqual([
      ['Batman', 0, 'awaiting_review'],
      ['Saga', 1, 'awaiting_review'],
    ]);
    // numeric(3,1) comes back as a number, not a string.
    expect(rows[1]!.cgcGrade).toBe(9.6);
    expect(image.comicId).toBe(rows[0]!.id);
    const count = await second.db.select({ n: sql<number>`count(*)::int` }).from(comics);
    expect(count[0]!.n).toBe(2);
  });
});
