// SQL of mail_outbox: write a mail (inside the caller's transaction), claim the next due one for
// sending (FOR UPDATE SKIP LOCKED: two workers never take the same row), record the outcome, and the
// staff Outbox page's paged reads.
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { mailOutbox, type MailOutboxMessage } from '../../db/schema.js';
import type { RenderedMail } from './mail-content.js';

/** A mail to write. */
export interface NewMail {
  to: string;
  mail: RenderedMail;
  kind: string;
  submissionId: string | null;
  /** Mail that must go at most once (reminders) carries a key; a second insert with it is skipped. */
  dedupeKey?: string;
}

/** Writes mails to the outbox; returns how many were written (dedupe-key repeats are skipped). */
export async function insertMails(db: Db, mails: NewMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const rows = await db
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        toAddress: mail.to,
        subject: mail.mail.subject,
        textBody: mail.mail.text,
        htmlBody: mail.mail.html,
        kind: mail.kind,
        submissionId: mail.submissionId,
        dedupeKey: mail.dedupeKey ?? null,
        // now() is the transaction's start, the same for every mail one change writes; the clock
        // keeps them in the order they were written.
        createdAt: sql`clock_timestamp()`,
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Claims the oldest due mail: marks it 'sending', counts the attempt and leases it for `leaseMs`
 * (a row still 'sending' after its lease belonged to a worker that died; it is taken again).
 */
export async function claimNextMail(db: Db, leaseMs: number): Promise<MailOutboxMessage | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update mail_outbox
        set status = 'sending', attempts = attempts + 1,
            send_after = now() + ${leaseMs}::integer * interval '1 millisecond'
        where id = (
          select id from mail_outbox
          where status in ('pending', 'sending') and send_after <= now()
          order by send_after, created_at
          limit 1
          for update skip locked
        )
        returning id`,
  );
  const id = rows[0]?.id;
  if (!id) return null;
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

/** Records a delivered mail. */
export async function markMailSent(db: Db, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Puts a mail back in the queue to try again after `delayMs`, keeping the error. */
export async function markMailForRetry(db: Db, id: string, error: string, delayMs: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'pending',
      lastError: error,
      sendAfter: sql`now() + ${delayMs}::integer * interval '1 millisecond'`,
    })
    .where(eq(mailOutbox.id, id));
}

/** Gives up on a mail: status 'failed' with the error. */
export async function markMailFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'failed', lastError: error }).where(eq(mailOutbox.id, id));
}

/** Where a page of the outbox starts: after this (created_at, id), newest first. */
export interface OutboxCursor {
  createdAt: Date;
  id: string;
}

/** One page of the outbox, newest first (keyset paging on created_at, id); one row more than `limit` tells there is a next page. */
export async function listOutbox(
  db: Db,
  limit: number,
  after: OutboxCursor | null,
): Promise<MailOutboxMessage[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(
      after
        ? or(
            lt(mailOutbox.createdAt, after.createdAt),
            and(eq(mailOutbox.createdAt, after.createdAt), lt(mailOutbox.id, after.id)),
          )
        : undefined,
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit + 1);
}

/** Counts of the outbox by status (the Outbox page's summary). */
export async function countOutboxByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::integer` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/** One mail by id, or undefined. */
export async function findOutboxMessage(db: Db, id: string): Promise<MailOutboxMessage | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
