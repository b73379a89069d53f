import { existsSync } from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { startupWarnings } from './startup-warnings.js';

/** Starts the server: validate config, open the database, migrate, listen, and shut down cleanly. */
async function main(): Promise<void> {
  // A .env file in the working directory fills in variables the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    url: config.database.url,
    dataDir: config.dataDir,
    poolSize: config.database.poolSize,
  });
  await runMigrations(database);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let in-flight ones finish, then release the database
    // (PGlite holds its data directory and keeps Node alive until closed).
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const database_label = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\n  Comic buylist is running at ${config.publicUrl}  (database: ${database_label})\n`);
  for (const warning of startupWarnings(config.site)) console.warn(`  Warning: ${warning}\n`);
}

main().catch((error: unknown) => {
  // A held data directory is an expected situation with a message written for the terminal, not a crash.
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
