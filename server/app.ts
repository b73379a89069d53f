import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.js';
import { loggableError, type Database } from './db/client.js';
import { errorsPlugin } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { bodyGuardPlugin } from './plugins/body-guard.js';
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

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** The built client; defaults to dist/client in the project. */
  clientDir?: string;
  /** Fastify's logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The slab-label reader; the real worker-thread reader by default. Tests may pass a stand-in. */
  labelReader?: LabelReader;
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
      },
    ),
    // Off unless TRUST_PROXY names the proxies: otherwise any client could choose its own address.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Request ids let a support request be matched to its log lines.
    genReqId: () => crypto.randomUUID(),
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { isProduction: config.isProduction });
  await app.register(bodyGuardPlugin);
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
      readTimeoutMs: config.labelReader.timeoutMs,
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

  await app.register(spaPlugin, {
    clientDir: options.clientDir ?? path.join(projectRoot, 'dist', 'client'),
    site: config.site,
  });
  return app;
}
