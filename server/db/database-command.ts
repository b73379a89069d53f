// Shared start-up for command-line tools that open the database (migrations now; user and
// price-guide tools later), so each gets the same configuration, lock and error handling for free.
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type AppConfig } from '../config.js';
import { openDatabase, type Database } from './client.js';
import { DataDirLockedError } from './data-dir-lock.js';

/**
 * Loads configuration (and ./.env like the server), opens the database as `holder`, runs `work`, and
 * always closes it. Expected failures (bad configuration, the embedded database held by another
 * process) print one clear message and set exit code 1 instead of a stack trace.
 * @param holder how the tool is named to a process it locks out, e.g. 'npm run db:migrate'.
 */
export async function runDatabaseCommand(
  holder: string,
  work: (database: Database, config: AppConfig) => Promise<void>,
): Promise<void> {
  try {
    if (existsSync('.env')) process.loadEnvFile('.env');
    const config = loadConfig();
    const database = await openDatabase({
      url: config.database.url,
      dataDir: config.dataDir,
      poolSize: 2,
      holder,
    });
    try {
      await work(database, config);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  }
}
