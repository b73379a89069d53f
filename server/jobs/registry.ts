// Every background job of the app, in one place: id, payload schema, schedule, handler. The runner
// (runner.ts) runs them in every API process; the jobs table makes each run happen once.
// docs/decisions/0009-jobs-and-mail.md explains why this is our own small runner.
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import { sweepExpiredSessions } from '../modules/auth/session-store.js';
import { sweepExpiredTransactions } from '../modules/auth/transactions.js';
import { sweepExpiredProviderModels } from '../modules/identity-provider/db-adapter.js';
import { sweepExpiredVerificationTokens } from '../modules/identity-provider/email-verification.js';
import { sweepLoginThrottle } from '../modules/identity-provider/login-throttle.js';
import { sweepAbandonedImages } from '../modules/images/sweep-abandoned-images.js';
import { sweepGuestUploadEvents } from '../modules/images/guest-upload-limit.js';
import type { ImageStorage } from '../modules/images/storage/image-storage.js';
import type { MailSender } from '../modules/notifications/mail-sender.js';
import { writeDueReminders } from '../modules/notifications/reminders.js';
import { defineJob, type JobDefinition } from './job.js';

const HOUR = 60 * 60 * 1000;
const noPayload = z.object({}).passthrough();

/** What the jobs need from the app. */
export interface JobDependencies {
  config: AppConfig;
  storage: ImageStorage;
  /** Undefined when no SMTP_URL is set: mail then stays in the outbox for staff to read. */
  mailSender: MailSender | undefined;
}

/** The app's jobs. */
export function jobRegistry(deps: JobDependencies): JobDefinition[] {
  const mailContext = { site: deps.config.site, publicUrl: deps.config.publicUrl };
  const jobs: JobDefinition[] = [
    defineJob({
      id: 'mail.reminders',
      payload: noPayload,
      everyMs: HOUR,
      timeoutMs: 15 * 60 * 1000,
      handler: async (_payload, { db, log }) => {
        const written = await writeDueReminders(db, mailContext);
        if (written > 0) log.info({ written }, 'reminder mails written');
      },
    }),
    defineJob({
      id: 'sweep.sessions',
      payload: noPayload,
      everyMs: HOUR,
      timeoutMs: 15 * 60 * 1000,
      handler: async (_payload, { db }) => {
        await sweepExpiredSessions(db);
        await sweepExpiredTransactions(db);
      },
    }),
    defineJob({
      id: 'sweep.identity-provider',
      payload: noPayload,
      everyMs: HOUR,
      timeoutMs: 15 * 60 * 1000,
      handler: async (_payload, { db }) => {
        await sweepExpiredProviderModels(db);
        await sweepExpiredVerificationTokens(db);
        await sweepLoginThrottle(db);
      },
    }),
    defineJob({
      id: 'sweep.abandoned-images',
      payload: noPayload,
      everyMs: HOUR,
      timeoutMs: 30 * 60 * 1000,
      handler: async (_payload, { db, log }) => {
        const removed = await sweepAbandonedImages(db, deps.storage);
        if (removed > 0) log.info({ removed }, 'abandoned photos removed');
      },
    }),
    defineJob({
      id: 'sweep.guest-upload-events',
      payload: noPayload,
      everyMs: HOUR,
      timeoutMs: 10 * 60 * 1000,
      // Records of guest uploads older than the hour no longer count against their address.
      handler: async (_payload, { db }) => {
        await sweepGuestUploadEvents(db);
      },
    }),
  ];
  const sender = deps.mailSender;
  if (sender) {
    jobs.unshift(
      defineJob({
        id: 'mail.send',
        payload: noPayload,
        // Every few seconds: mail should leave soon after the change it reports.
        everyMs: 5_000,
        timeoutMs: 10 * 60 * 1000,
        handler: async (_payload, { db, log, stopping }) => {
          const report = await sender.sendDue(db, stopping);
          if (report.sent + report.retried + report.failed > 0) log.info(report, 'mail outbox pass');
        },
      }),
    );
  }
  return jobs;
}
