// GET /api/submissions: the seller's own, newest first, keyset pages, status filter, stat cards.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BAD_CURSOR_MESSAGE } from '../../../shared/schemas/submission-queries.js';
import { submissionListSchema, type SubmissionList } from '../../../shared/schemas/submission.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertSubmission } from '../../test/factories.js';
import { call, signedInSeller, type Caller } from '../../test/lifecycle-api.js';
import { listSubmissionsOfUser } from './submission-repository.js';

let t: TestApp;
let seller: Caller;
let other: Caller;
/** The seller's submission ids, newest first. */
const expected: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ labelReader: { read: async () => null as never, close: async () => {} } });
  seller = await signedInSeller(t);
  other = await signedInSeller(t);
  const statuses = ['pending', 'awaiting_shipment', 'awaiting_review', 'paid'] as const;
  const base = Date.parse('2026-01-01T00:00:00Z');
  const made: { id: string; at: number }[] = [];
  for (let i = 0; i < 25; i += 1) {
    // Five share one creation time, so the id must break the tie without skipping or repeating.
    const at = i < 5 ? base : base + i * 60_000;
    const { submission } = await insertSubmission(t.database.db, seller.user.id, {
      status: statuses[i % statuses.length],
      createdAt: new Date(at),
    });
    made.push({ id: submission.id, at });
  }
  made.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
  expected.push(...made.map((m) => m.id));
  await insertSubmission(t.database.db, other.user.id, { status: 'pending' });
});
afterAll(() => t.close());

async function page(query: string, caller: Caller = seller) {
  return call<SubmissionList>(t, caller, 'GET', `/api/submissions${query}`);
}

describe('GET /api/submissions', () => {
  it('pages newest first, 20 by default, with a cursor that neither skips nor repeats', async () => {
    const first = await page('');
    expect(first.status).toBe(200);
    expect(submissionListSchema.parse(first.body)).toBeTruthy();
    expect(first.body.items).toHaveLength(20);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await page(`?cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(second.body.items).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    expect([...first.body.items, ...second.body.items].map((s) => s.id)).toEqual(expected);

    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const response: Awaited<ReturnType<typeof page>> = await page(
        `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      ids.push(...response.body.items.map((s) => s.id));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(ids).toEqual(expected);
  });

  it('counts the stat cards over all the seller’s submissions, and filters by status on the server', async () => {
    const first = await page('?limit=2');
    expect(first.body.stats).toEqual({ total: 25, awaitingResponse: 7, accepted: 6 });
    const pending = await page('?status=pending');
    expect(pending.body.items).toHaveLength(7);
    expect(pending.body.items.every((s) => s.status === 'pending')).toBe(true);
    expect(pending.body.stats.total).toBe(25);
    expect((await page('?status=cancelled')).body.items).toEqual([]);
    const theirs = await page('', other);
    expect(theirs.body.items).toHaveLength(1);
    expect(theirs.body.stats).toEqual({ total: 1, awaitingResponse: 1, accepted: 0 });
  });

  it('refuses bad paging input with 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?status=lost']) {
      expect((await page(query)).status, query).toBe(400);
    }
    expect((await page('?limit=100')).body.items).toHaveLength(25);
    for (const cursor of ['garbage', Buffer.from('["2026-01-01", "x"]').toString('base64url'), '%00']) {
      const response = await page(`?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: BAD_CURSOR_MESSAGE });
    }
  });
});

describe('listSubmissionsOfUser', () => {
  it('reads a page with the same number of queries whatever its size (no query per submission)', async () => {
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const queries = vi.spyOn(client, 'query');
    try {
      await listSubmissionsOfUser(t.database.db, seller.user.id, { limit: 2 });
      const small = queries.mock.calls.length;
      queries.mockClear();
      await listSubmissionsOfUser(t.database.db, seller.user.id, { limit: 25 });
      expect(queries.mock.calls.length).toBe(small);
      // Page rows, comics, photos, status events.
      expect(small).toBe(4);
    } finally {
      queries.mockRestore();
    }
  });
});
