import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { exitOnSignals, startServer } from './server-lifecycle.js';
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

  const server = await startServer({ config });
  exitOnSignals(server, config);
  const database_label =
    server.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\n  Comic buylist is running at ${config.publicUrl}  (database: ${database_label})\n`);
  for (const warning of startupWarnings(config.site)) console.warn(`  Warning: ${warning}\n`);
}

main().catch((error: unknown) => {
  // A held data directory is an expected situation with a message written for the terminal, not a crash.
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
