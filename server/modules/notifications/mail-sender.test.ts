// The SMTP path against a real SMTP server (smtp-server) started inside the test: the message arrives
// over STARTTLS with login, with the right headers and both parts; a 4xx reply is retried later, a
// 5xx reply is not; two workers on one database send each mail once; a server that is down is
// retried later; stopping the runner lets an in-flight send finish.
import type net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { mailOutbox } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createJobRunner } from '../../jobs/runner.js';
import { defineJob } from '../../jobs/job.js';
import { ensureJobRows } from '../../jobs/jobs-repository.js';
import { z } from 'zod';
import { createMailSender, type MailSenderOptions } from './mail-sender.js';
import { insertMails } from './outbox-repository.js';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
  secure: boolean;
  user: string | undefined;
}

/** A real SMTP server on a free port that records what it accepts; recipients steer its replies. */
class TestSmtpServer {
  received: Received[] = [];
  /** Recipients answered 451 (busy) this many more times. */
  busy = new Map<string, number>();
  /** Set to delay accepting message data (an in-flight send). */
  dataDelayMs = 0;
  onDataStarted: (() => void) | undefined;
  server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      logger: false,
      // STARTTLS with smtp-server's built-in test certificate; the client is told to trust it.
      onAuth: (auth, _session, callback) => {
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: 'mailer' });
        else callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
      },
      onRcptTo: (address: SMTPServerAddress, _session, callback) => {
        if (address.address.startsWith('nobody@')) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        const left = this.busy.get(address.address) ?? 0;
        if (left > 0) {
          this.busy.set(address.address, left - 1);
          callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        this.onDataStarted?.();
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          setTimeout(() => {
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw: Buffer.concat(chunks).toString('utf8'),
              secure: session.secure,
              user: session.user as string | undefined,
            });
            callback();
          }, this.dataDelayMs);
        });
      },
    });
  }

  listen(port = 0): Promise<void> {
    return new Promise((resolve) => {
      this.server.listen(port, '127.0.0.1', () => {
        this.port = (this.server.server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const FROM = '"Amped Comics" <support@ampedcomics.com>';
let database: TestDatabase;
let smtp: TestSmtpServer;

function senderOptions(port: number, extra: Partial<MailSenderOptions> = {}): MailSenderOptions {
  return {
    smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
    from: FROM,
    transport: { tls: { rejectUnauthorized: false } },
    ...extra,
  };
}

async function queue(to: string, subject = `Hello ${to}`): Promise<string> {
  await insertMails(database.db, [
    {
      to,
      mail: { subject, text: `Plain text for ${to}`, html: `<p>HTML for ${to}</p>` },
      kind: 'test',
      submissionId: null,
    },
  ]);
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
  return row!.id;
}

async function row(id: string) {
  const [found] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return found!;
}

/** Makes every waiting mail due now (stands in for the passing of its backoff delay). */
async function makeAllDue(): Promise<void> {
  await database.db
    .update(mailOutbox)
    .set({ sendAfter: sql`now()` })
    .where(eq(mailOutbox.status, 'pending'));
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = new TestSmtpServer();
  await smtp.listen();
});
afterAll(async () => {
  await smtp?.close();
  await database?.close();
});
beforeEach(async () => {
  // Each test starts with an empty queue and an empty mailbox.
  await database.db.delete(mailOutbox);
  smtp.received = [];
  smtp.dataDelayMs = 0;
  smtp.onDataStarted = undefined;
});

describe('SMTP delivery', () => {
  it('delivers over STARTTLS with login, with headers and a text and an HTML part', async () => {
    const id = await queue('seller@example.com', 'Your offers are ready for submission #ABC12345');
    const sender = createMailSender(senderOptions(smtp.port));
    expect(await sender.sendDue(database.db)).toEqual({ sent: 1, retried: 0, failed: 0 });
    sender.close();

    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0]!;
    expect(message.secure).toBe(true);
    expect(message.user).toBe('mailer');
    expect(message.from).toBe('support@ampedcomics.com');
    expect(message.to).toEqual(['seller@example.com']);
    expect(message.raw).toMatch(/^From: "?Amped Comics"? <support@ampedcomics\.com>$/m);
    expect(message.raw).toMatch(/^To: seller@example\.com$/m);
    expect(message.raw).toMatch(/^Subject: Your offers are ready for submission #ABC12345$/m);
    expect(message.raw).toContain(`Message-ID: <${id}@ampedcomics.com>`);
    expect(message.raw).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(message.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(message.raw).toMatch(/Content-Type: text\/plain[\s\S]*Plain text for seller@example\.com/);
    expect(message.raw).toMatch(/Content-Type: text\/html[\s\S]*<p>HTML for seller@example\.com<\/p>/);

    const stored = await row(id);
    expect(stored.status).toBe('sent');
    expect(stored.sentAt).not.toBeNull();
    expect(stored.attempts).toBe(1);
  });

  it('retries a 4xx reply later with backoff, then delivers', async () => {
    smtp.busy.set('busy@example.com', 1);
    const id = await queue('busy@example.com');
    const sender = createMailSender(senderOptions(smtp.port));
    expect(await sender.sendDue(database.db)).toEqual({ sent: 0, retried: 1, failed: 0 });
    let stored = await row(id);
    expect(stored.status).toBe('pending');
    expect(stored.lastError).toContain('451');
    // Backoff: the first retry waits about a minute.
    expect(stored.sendAfter.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Not due yet: nothing happens.
    expect(await sender.sendDue(database.db)).toEqual({ sent: 0, retried: 0, failed: 0 });

    await makeAllDue();
    expect(await sender.sendDue(database.db)).toEqual({ sent: 1, retried: 0, failed: 0 });
    sender.close();
    stored = await row(id);
    expect(stored.status).toBe('sent');
    expect(stored.attempts).toBe(2);
    expect(stored.lastError).toBeNull();
    expect(smtp.received.map((message) => message.to)).toEqual([['busy@example.com']]);
  });

  it('marks a 5xx reply failed with the error and never tries it again', async () => {
    const id = await queue('nobody@example.com');
    const sender = createMailSender(senderOptions(smtp.port));
    expect(await sender.sendDue(database.db)).toEqual({ sent: 0, retried: 0, failed: 1 });
    await makeAllDue();
    expect(await sender.sendDue(database.db)).toEqual({ sent: 0, retried: 0, failed: 0 });
    sender.close();
    const stored = await row(id);
    expect(stored.status).toBe('failed');
    expect(stored.attempts).toBe(1);
    expect(stored.lastError).toContain('550');
    expect(smtp.received).toHaveLength(0);
  });

  it('gives up on a temporary failure after the last attempt', async () => {
    smtp.busy.set('always-busy@example.com', 100);
    const id = await queue('always-busy@example.com');
    const sender = createMailSender(senderOptions(smtp.port, { maxAttempts: 2 }));
    expect((await sender.sendDue(database.db)).retried).toBe(1);
    await makeAllDue();
    expect((await sender.sendDue(database.db)).failed).toBe(1);
    sender.close();
    expect((await row(id)).status).toBe('failed');
  });

  it('sends each mail exactly once when two workers drain one outbox together', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) ids.push(await queue(`buyer${index}@example.com`));
    const first = createMailSender(senderOptions(smtp.port));
    const second = createMailSender(senderOptions(smtp.port));
    const [a, b] = await Promise.all([first.sendDue(database.db), second.sendDue(database.db)]);
    first.close();
    second.close();
    expect(a.sent + b.sent).toBe(12);
    const recipients = smtp.received.flatMap((message) => message.to).sort();
    expect(recipients).toEqual(ids.map((_, index) => `buyer${index}@example.com`).sort());
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((mail) => mail.status === 'sent' && mail.attempts === 1)).toBe(true);
  });

  it('keeps mail while the SMTP server is down and delivers it once the server is back', async () => {
    const down = new TestSmtpServer();
    await down.listen();
    const port = down.port;
    await down.close();
    const id = await queue('later@example.com');
    const sender = createMailSender(senderOptions(port));
    expect(await sender.sendDue(database.db)).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await row(id)).lastError).toMatch(/ECONNREFUSED|connect/i);

    const back = new TestSmtpServer();
    await back.listen(port);
    try {
      await makeAllDue();
      expect(await sender.sendDue(database.db)).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(back.received.map((message) => message.to)).toEqual([['later@example.com']]);
    } finally {
      sender.close();
      await back.close();
    }
    expect((await row(id)).status).toBe('sent');
  });

  it('lets an in-flight send finish when the runner stops, and claims nothing after', async () => {
    const first = await queue('first@example.com');
    const second = await queue('second@example.com');
    smtp.dataDelayMs = 400;
    const sender = createMailSender(senderOptions(smtp.port));
    const runner = createJobRunner({
      db: database.db,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      jobs: [
        defineJob({
          id: 'mail.send.test',
          payload: z.object({}),
          everyMs: 60_000,
          timeoutMs: 60_000,
          handler: async (_payload, { db, stopping }) => void (await sender.sendDue(db, stopping)),
        }),
      ],
    });
    await ensureJobRows(database.db, ['mail.send.test']);
    const dataStarted = new Promise<void>((resolve) => (smtp.onDataStarted = resolve));
    void runner.runDue();
    await dataStarted;
    await runner.stop();
    sender.close();
    // The mail being sent when stop was called was delivered and recorded; the next was left queued.
    expect((await row(first)).status).toBe('sent');
    expect((await row(second)).status).toBe('pending');
    expect(smtp.received.map((message) => message.to)).toEqual([['first@example.com']]);
  });
});
