// The whole HTTP app on an isolated test database, for app.inject() tests.
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** Options for createTestApp. */
export interface TestAppOptions {
  /** Environment variables on top of the test defaults (NODE_ENV=test, LOG_LEVEL=silent, DATA_DIR=<tmp>). */
  env?: Record<string, string>;
  /** A built client folder; by default an empty temporary folder (pages answer without the SPA). */
  clientDir?: string;
  /** A stand-in label reader (the test edge); the real worker-thread reader otherwise. */
  labelReader?: BuildAppOptions['labelReader'];
  /** A stand-in photo store (e.g. one that fails); the configured one otherwise. */
  imageStorage?: BuildAppOptions['imageStorage'];
}

/** A running test app and everything it was built from. */
export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  /** Closes the app and the database and removes the temporary data directory. */
  close(): Promise<void>;
}

/** Builds the app on a fresh migrated database (PGlite, or PostgreSQL when DATABASE_URL is set). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'comic-buylist-test-'));
  const database = await createTestDatabase();
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // Truthful config: code that reads config.database.url sees the database the app really uses.
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      // Test files submit many times as one seller; the per-account bounds have their own test
      // (submission-rate-limit.test.ts), which sets the production values back.
      SUBMISSIONS_PER_MINUTE: '10000',
      SUBMISSIONS_PER_HOUR: '10000',
      ...options.env,
    });
    const app = await buildApp({
      config,
      database,
      clientDir: options.clientDir ?? path.join(dataDir, 'no-client'),
      logger: false,
      ...(options.labelReader ? { labelReader: options.labelReader } : {}),
      ...(options.imageStorage ? { imageStorage: options.imageStorage } : {}),
    });
    await app.ready();
    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      config,
      close: () =>
        (closing ??= (async () => {
          try {
            await app.close();
          } finally {
            await database.close();
            await rm(dataDir, { recursive: true, force: true });
          }
        })()),
    };
  } catch (error) {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
