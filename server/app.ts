import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { errorsPlugin } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { spaPlugin } from './plugins/spa.js';
import { healthRoutes } from './modules/health/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { signInPlugin } from './modules/auth/sign-in-plugin.js';
import { projectRoot } from './project-root.js';
import { createImageStorage } from './modules/images/storage/create-image-storage.js';
import { imageRoutes } from './modules/images/routes.js';
import { extractionRoutes } from './modules/extraction/routes.js';
import { createLabelReader, type LabelReader } from './modules/label-reader/label-reader.js';
import { submissionRoutes } from './modules/submissions/routes.js';
import { createTransitionHub, type TransitionHub } from './modules/lifecycle/transition-listeners.js';
import { createTransitionMailListener } from './modules/notifications/transition-mail.js';
import { createMailSender } from './modules/notifications/mail-sender.js';
import { outboxRoutes } from './modules/notifications/outbox-routes.js';
import { mailPreferencesRoutes } from './modules/notifications/mail-preferences-routes.js';
import { createJobRunner } from './jobs/runner.js';
import { jobRegistry } from './jobs/registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's lifecycle hub: the transition command notifies it; mail (and others) listen. */
    transitionHub: TransitionHub;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** The built client; defaults to dist/client in the project. */
  clientDir?: string;
  /** Fastify's logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The slab-label reader; the real worker-thread reader by default. Tests may pass a stand-in. */
  labelReader?: LabelReader;
  /** Run the background job runner (mail, reminders, sweeps). Default: yes, except under NODE_ENV=test. */
  runJobs?: boolean;
}

/** Builds the whole HTTP application without listening, so tests can drive it with app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.isProduction,
    bodyLimit: 1024 * 1024,
    // Request ids let a support request be matched to its log lines.
    genReqId: () => crypto.randomUUID(),
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { isProduction: config.isProduction });
  // Sign-in first: it adds the CSRF check and request.user that every later module relies on.
  await app.register(signInPlugin, { config, database });

  await app.register(healthRoutes, { database });
  await app.register(siteRoutes, { prefix: '/api', site: config.site });

  // Uploads: private photo storage, the label-reading upload route, and seller submissions.
  const imageStorage = createImageStorage(config.storage);
  const labelReader =
    options.labelReader ??
    createLabelReader({
      ...(config.labelReader.poolSize ? { poolSize: config.labelReader.poolSize } : {}),
      ...(config.labelReader.queueLimit !== undefined ? { queueLimit: config.labelReader.queueLimit } : {}),
    });
  app.addHook('onClose', () => labelReader.close());
  await app.register(imageRoutes, { prefix: '/api', database, storage: imageStorage });
  await app.register(extractionRoutes, {
    prefix: '/api',
    database,
    storage: imageStorage,
    labelReader,
    uploadsPerHour: config.uploads.perHour,
    secureCookies: config.auth.secureCookies,
  });
  await app.register(submissionRoutes, { prefix: '/api', database });

  // Mail: every lifecycle change writes its mail in the change's own transaction (the hub's listener);
  // the 'mail.send' job delivers it when SMTP_URL is set; staff read all of it at /admin/outbox.
  const transitionHub = createTransitionHub();
  app.decorate('transitionHub', transitionHub);
  transitionHub.on(
    createTransitionMailListener({
      context: { site: config.site, publicUrl: config.publicUrl },
      staffEmails: config.mail.staffEmails,
    }),
  );
  await app.register(outboxRoutes, {
    prefix: '/api',
    db: database.db,
    smtpConfigured: config.mail.smtpUrl !== undefined,
  });
  await app.register(mailPreferencesRoutes, { prefix: '/api', db: database.db });

  // One runner for all background work (docs/decisions/0009-jobs-and-mail.md).
  if (options.runJobs ?? config.env !== 'test') {
    const mailSender = config.mail.smtpUrl
      ? createMailSender({ smtpUrl: config.mail.smtpUrl, from: config.mail.from })
      : undefined;
    const runner = createJobRunner({
      db: database.db,
      jobs: jobRegistry({ config, storage: imageStorage, mailSender }),
      log: app.log,
    });
    app.addHook('onReady', () => runner.start());
    // Waits for the run in progress, so a mail being sent is finished and recorded before the database closes.
    app.addHook('onClose', async () => {
      await runner.stop();
      mailSender?.close();
    });
  }

  await app.register(spaPlugin, {
    clientDir: options.clientDir ?? path.join(projectRoot, 'dist', 'client'),
    site: config.site,
  });
  return app;
}
