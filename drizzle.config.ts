import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration from changes to server/db/schema.ts.
// The same migrations run on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
