// Measures what a test file pays to get its database, for docs/decisions/0002-data-layer.md.
// Run: npx tsx server/test/measure-startup.ts   (add DATABASE_URL=... to include PostgreSQL)
// Prints wall time and this process's CPU time (user+system; less sensitive to a busy machine).
import { sql } from 'drizzle-orm';
import { createPglite, databaseFromPglite } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createTestDatabase } from './database.js';

const ROUNDS = Number(process.env.ROUNDS ?? 5);

async function measure(label: string, run: () => Promise<void>): Promise<void> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await run();
    walls.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `${label.padEnd(52)} wall median ${median(walls).toFixed(0).padStart(6)} ms   cpu median ${median(cpus).toFixed(0).padStart(6)} ms`,
  );
}

// Warm the template caches first, so the figures are the steady state every later file sees.
await (await createTestDatabase()).close();

if (process.env.DATABASE_URL) {
  await measure('PostgreSQL: CREATE DATABASE ... TEMPLATE + query + drop', async () => {
    const database = await createTestDatabase();
    await database.db.execute(sql`select count(*) from users`);
    await database.close();
  });
} else {
  await measure('PGlite: boot from scratch (initdb) + migrate', async () => {
    const database = databaseFromPglite(await createPglite());
    await runMigrations(database);
    await database.close();
  });
  await measure('PGlite: boot from cached migrated tarball (harness)', async () => {
    const database = await createTestDatabase();
    await database.db.execute(sql`select count(*) from users`);
    await database.close();
  });
  const origin = await createPglite();
  await runMigrations(databaseFromPglite(origin));
  await measure('PGlite: clone() of a migrated instance in memory', async () => {
    const copy = await origin.clone();
    await copy.query('select count(*) from users');
    await copy.close();
  });
  await origin.close();
}
