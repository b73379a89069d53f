import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.js';
import { loggableError, type Database } from './db/client.js';
import { errorsPlugin } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { bodyGuardPlugin } from './plugins/body-guard.js';
import { spaPlugin } from './plugins/spa.js';
import { compressionPlugin } from './plugins/compression.js';
import { healthRoutes } from './modules/health/routes.js';
import { seoRoutes } from './modules/site/seo-routes.js';
import { sessionCookieName } from './modules/auth/auth-plugin.js';
import { siteRoutes } from './modules/site/routes.js';
import { signInPlugin } from './modules/auth/sign-in-plugin.js';
import { serializeRequestForLog } from './modules/auth/log-redaction.js';
import { projectRoot } from './project-root.js';
import { createImageStorage } from './modules/images/storage/create-image-storage.js';
import type { ImageStorage } from './modules/images/storage/image-storage.js';
import { metricsRoutes } from './modules/health/metrics-routes.js';
import { imageRoutes } from './modules/images/routes.js';
import { extractionRoutes } from './modules/extraction/routes.js';
import { createLabelReader, type LabelReader } from './modules/label-reader/label-reader.js';
import { submissionRoutes } from './modules/submissions/routes.js';
import { lifecycleRoutes } from './modules/lifecycle/routes.js';
import { createTransitionHub, type TransitionHub } from './modules/lifecycle/transition-listeners.js';
import { createOpenApiRegistry } from './modules/openapi/registry.js';
import { openApiRoutes } from './modules/openapi/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one transition hub: modules that react to lifecycle changes call `app.transitions.on(...)`. */
    transitions: TransitionHub;
    /** Every route registered (method and URL, HEAD aside), for the route-authorization test. */
    registeredRoutes: readonly { method: string; url: string }[];
  }
}
import { adminRoutes } from './modules/admin/routes.js';
import { valuationRoutes } from './modules/valuation/routes.js';
import { certCheckRoutes } from './modules/submissions/cert-check-routes.js';
import { createTransitionMailListener } from './modules/notifications/transition-mail.js';
import { createMailSender } from './modules/notifications/mail-sender.js';
import { outboxRoutes } from './modules/notifications/outbox-routes.js';
import { mailPreferencesRoutes } from './modules/notifications/mail-preferences-routes.js';
import { createJobRunner } from './jobs/runner.js';
import { jobRegistry } from './jobs/registry.js';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** The built client; defaults to dist/client in the project. */
  clientDir?: string;
  /** Fastify's logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The slab-label reader; the real worker-thread reader by default. Tests may pass a stand-in. */
  labelReader?: LabelReader;
  /** The photo store; built from config.storage by default. Tests may pass one that fails. */
  imageStorage?: ImageStorage;
  /** Run the background job runner (mail, reminders, sweeps). Default: yes, except under NODE_ENV=test. */
  runJobs?: boolean;
}

/**
 * Fastify's form of the TRUST_PROXY setting. A hop count becomes a function trusting the nearest N
 * hops (Fastify itself treats a bare number as "trust nothing"): the operator promises that the
 * server is reachable only through those proxies.
 */
function fastifyTrustProxy(
  setting: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return typeof setting === 'object' ? setting.addresses : setting;
}

/** The logger option with errors logged through loggableError (never a query's parameters). */
function withLoggableErrors(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...base.serializers, err: loggableError as never } };
}

/** Builds the whole HTTP application without listening, so tests can drive it with app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: withLoggableErrors(
      options.logger ?? {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        // Sign-in URLs carry one-time secrets (code, state, verification tokens): log them without query.
        serializers: { req: serializeRequestForLog },
      },
    ),
    // Off unless TRUST_PROXY names the proxies: otherwise any client could choose its own address.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Request ids let a support request be matched to its log lines.
    genReqId: () => crypto.randomUUID(),
  });

  // Recorded before any route exists, so none is missed (server/test/route-authorization.test.ts).
  const registeredRoutes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url });
    }
  });
  app.decorate('registeredRoutes', registeredRoutes);

  // One hub and one API description per app, decorated on the root so every module can reach them.
  const hub = createTransitionHub();
  app.decorate('transitions', hub);
  app.decorate('openapi', createOpenApiRegistry());

  await app.register(errorsPlugin);
  // Before every route, so its onSend hook covers them all (docs/decisions/0016-front-end-budget.md).
  await app.register(compressionPlugin);
  await app.register(securityPlugin, { httpsSite: new URL(config.publicUrl).protocol === 'https:' });
  await app.register(bodyGuardPlugin);
  // Sign-in first: it adds the CSRF check and request.user that every later module relies on.
  await app.register(signInPlugin, { config, database });

  await app.register(healthRoutes, { database });
  // The label reader (its workers start on the first read); /internal/metrics asks them for their memory.
  const labelReader =
    options.labelReader ??
    createLabelReader({
      ...(config.labelReader.poolSize ? { poolSize: config.labelReader.poolSize } : {}),
      ...(config.labelReader.queueLimit !== undefined ? { queueLimit: config.labelReader.queueLimit } : {}),
      readTimeoutMs: config.labelReader.timeoutMs,
    });
  // Only with METRICS_TOKEN set, and only for a caller that sends it (server/modules/health/metrics-routes.ts).
  if (config.metricsToken) {
    await app.register(metricsRoutes, {
      token: config.metricsToken,
      workerMemory: async (memoryOptions) => {
        const [databaseMemory, labelReaders] = await Promise.all([
          database.workerMemory?.(memoryOptions) ?? null,
          labelReader.memory?.(memoryOptions) ?? [],
        ]);
        return { database: databaseMemory, labelReaders };
      },
    });
  }
  await app.register(siteRoutes, { prefix: '/api', site: config.site });
  await app.register(seoRoutes, { publicUrl: config.publicUrl });

  // Uploads: private photo storage, the label-reading upload route, and seller submissions.
  const imageStorage = options.imageStorage ?? createImageStorage(config.storage);
  // onClose hooks run after the server stopped taking requests and the in-flight ones finished.
  app.addHook('onClose', async () => {
    await labelReader.close();
    app.log.info('label reader closed');
  });
  await app.register(imageRoutes, { prefix: '/api', database, storage: imageStorage });
  await app.register(extractionRoutes, {
    prefix: '/api',
    database,
    storage: imageStorage,
    labelReader,
    uploadsPerHour: config.uploads.perHour,
    secureCookies: config.auth.secureCookies,
  });
  const businessName = config.site.businessName;
  await app.register(submissionRoutes, {
    prefix: '/api',
    database,
    hub,
    businessName,
    rateLimits: config.submissions,
  });
  await app.register(lifecycleRoutes, { prefix: '/api', database, hub, businessName });
  await app.register(openApiRoutes, { prefix: '/api', title: `${businessName} API`, version: '1' });
  // Staff dashboard reads: list, export, stats, publishers, check-in lookup (staff only).
  await app.register(adminRoutes, { prefix: '/api', database, businessName });
  // Market values: price-guide import, estimates, offer suggestions (staff only).
  await app.register(valuationRoutes, { prefix: '/api', database });
  await app.register(certCheckRoutes, { prefix: '/api', database });

  // Mail: every lifecycle change writes its mail in the change's own transaction (the hub's listener);
  // the 'mail.send' job delivers it when SMTP_URL is set; staff read all of it at /admin/outbox.
  hub.on(
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
    publicUrl: config.publicUrl,
    sessionCookie: sessionCookieName(config.auth),
  });
  return app;
}
