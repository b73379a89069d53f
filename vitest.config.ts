import { defineConfig } from 'vitest/config';

// Unit and integration tests. Integration tests talk to a real database: PGlite by default,
// PostgreSQL when DATABASE_URL is set (see server/test/).
export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'server/**/*.test.ts',
      'client/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    reporters: ['default', './scripts/reporters/vitest-summary.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
