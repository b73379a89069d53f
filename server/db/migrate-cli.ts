// `npm run db:migrate`: applies pending migrations to the configured database and says what it did.
// The server also migrates at start; this is for deploy pipelines and for checking by hand.
import { runDatabaseCommand } from './database-command.js';
import { runMigrations } from './migrate.js';

await runDatabaseCommand('npm run db:migrate', async (database, config) => {
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  const { applied } = await runMigrations(database);
  if (applied.length === 0) {
    console.log(`Database is up to date (${where}).`);
  } else {
    console.log(`Applied ${applied.length} migration(s) to ${where}:`);
    for (const tag of applied) console.log(`  ${tag}`);
  }
});
