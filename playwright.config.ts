import { defineConfig, devices } from '@playwright/test';
import { serverLogPath } from './e2e/helpers/server-log.js';

// Browser tests drive Debian's Chromium (/usr/bin/chromium): Playwright never downloads a browser here.
// The web server is the real production build with a throw-away database (scripts/e2e-server.mjs).
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One retry: on two cores shared by two browsers, the server and the label reader, a test can miss a
  // deadline for want of CPU (see expect below). The summary reporter names every test that passed only
  // on its retry, so a test that starts to flake is seen rather than hidden.
  retries: 1,
  // The machines have two cores; the server and the browser share them.
  workers: 2,
  timeout: 30_000,
  // Assertions wait up to 10 s, not Playwright's 5. A page that arrives empty (the staff pages) renders in
  // the browser; with Chromium's CPU throttled 4x on an idle machine its first heading shows after 3.1 to
  // 3.9 s (the same before and after session 5's client changes). In CI, two browsers, the server and the
  // label reader share two cores, and a first render took just over 5 s one run in four
  // (admin.spec 'refusals...': the submission's request left 3.7 s after the user's came back).
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./scripts/reporters/playwright-summary.ts']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    // A first run on a fresh clone builds the app before the server starts.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // ADMIN_EMAILS: the sign-in tests (e2e/auth.spec.ts) sign this address up, confirm it, and
    // expect an admin. E2E_SERVER_LOG: where the tests read the verification links the server logs.
    env: {
      E2E_PORT: String(port),
      ADMIN_EMAILS: [
        'e2e-admin@example.com',
        'e2e-admin-confirm@example.com',
        'e2e-admin-outbox@example.com',
        'e2e-admin-prices@example.com',
        'e2e-admin-submissions@example.com',
        'e2e-admin-refusals@example.com',
        'e2e-admin-axe@example.com',
        'e2e-admin-readings@example.com',
      ].join(','),
      E2E_SERVER_LOG: serverLogPath(String(port)),
    },
  },
});
