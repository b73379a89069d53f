// Delivers the outbox over SMTP with nodemailer. One mail at a time: claim (SKIP LOCKED), send, record.
// A 4xx reply or a connection problem is temporary: the mail waits with exponential backoff and is
// tried again. A 5xx reply is permanent: the mail is marked failed with the server's answer. A claimed
// mail is leased, so a worker that dies mid-send does not strand it (it may then go twice: SMTP
// itself is at-least-once; two live workers never send the same row).
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.js';
import type { MailOutboxMessage } from '../../db/schema.js';
import { claimNextMail, markMailFailed, markMailForRetry, markMailSent } from './outbox-repository.js';

/** Options of the SMTP sender. */
export interface MailSenderOptions {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://host:465. */
  smtpUrl: string;
  from: string;
  /** Attempts before a temporarily failing mail is given up (default 10). */
  maxAttempts?: number;
  /** Delay before attempt n+1 after n failures (default: 1 min doubling, at most 6 h). */
  retryDelayMs?: (attempts: number) => number;
  /** Extra nodemailer transport options (tests pass TLS trust for their own server). */
  transport?: Record<string, unknown>;
}

/** What one pass of the sender did. */
export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
}

/** How long a claimed mail stays leased to its worker (longer than any SMTP timeout below). */
const LEASE_MS = 5 * 60 * 1000;

/** The default backoff: 1, 2, 4 ... minutes, capped at 6 hours. */
export function defaultRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/** Whether a send error is worth retrying: SMTP 4xx, network trouble, auth/config trouble (fixable by the operator). */
export function isTemporaryFailure(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') {
    // A rejected login is the operator's to fix, not the message's fault: keep the mail.
    if (code === 'EAUTH') return true;
    return responseCode < 500;
  }
  // No SMTP reply at all: refused connection, timeout, DNS, TLS. Try again later.
  return true;
}

/** A short, log-safe description of a send error (the SMTP reply when there is one). */
function describe(error: unknown): string {
  if (error instanceof Error) {
    const { response } = error as { response?: unknown };
    return (typeof response === 'string' ? response : error.message).slice(0, 500);
  }
  return String(error).slice(0, 500);
}

/** The SMTP sender: `sendDue` drains due mail until none is left or `stopping()` says to stop. */
export interface MailSender {
  sendDue(db: Db, stopping?: () => boolean): Promise<SendReport>;
  close(): void;
}

/** Builds a sender over one pooled-less SMTP transport (a connection per mail keeps failures independent). */
export function createMailSender(options: MailSenderOptions): MailSender {
  const maxAttempts = options.maxAttempts ?? 10;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const transporter: Transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
    ...options.transport,
  });

  const sendOne = async (db: Db, message: MailOutboxMessage, report: SendReport) => {
    try {
      await transporter.sendMail({
        from: options.from,
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
        ...(message.htmlBody ? { html: message.htmlBody } : {}),
        // Lets a receiving system spot a repeat after a crash between send and record.
        messageId: `<${message.id}@${fromDomain(options.from)}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      await markMailSent(db, message.id);
      report.sent += 1;
    } catch (error) {
      const reason = describe(error);
      if (isTemporaryFailure(error) && message.attempts < maxAttempts) {
        await markMailForRetry(db, message.id, reason, retryDelayMs(message.attempts));
        report.retried += 1;
      } else {
        await markMailFailed(db, message.id, reason);
        report.failed += 1;
      }
    }
  };

  return {
    async sendDue(db, stopping = () => false) {
      const report: SendReport = { sent: 0, retried: 0, failed: 0 };
      while (!stopping()) {
        const message = await claimNextMail(db, LEASE_MS);
        if (!message) break;
        await sendOne(db, message, report);
      }
      return report;
    },
    close: () => transporter.close(),
  };
}

/** The domain of a From address ('"Shop" <hi@shop.com>' -> 'shop.com'), for Message-IDs. */
function fromDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)/.exec(from);
  return match?.[1] ?? 'localhost';
}
