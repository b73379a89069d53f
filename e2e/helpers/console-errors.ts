import { expect, test as base } from '@playwright/test';

/**
 * Says whether a console error is one the page produces by design. Chromium logs every 4xx resource
 * as a console error (e.g. the signed-out GET /api/auth/user answering 401), so each spec lists its own.
 */
export type ExpectedConsoleError = (text: string, pathname: string) => boolean;

/**
 * A Playwright `test` whose every test fails on a console error or an uncaught exception that
 * `isExpected` does not allow. CSP violations arrive as console errors, so they fail too.
 */
export function testFailingOnConsoleErrors(isExpected: ExpectedConsoleError) {
  return base.extend<{ consoleErrors: string[] }>({
    consoleErrors: [
      async ({ page }, use) => {
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          const url = message.location().url;
          if (isExpected(message.text(), url ? new URL(url).pathname : '')) return;
          errors.push(`${message.text()} (${url})`);
        });
        page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
        await use(errors);
        expect(errors, 'console errors').toEqual([]);
      },
      { auto: true },
    ],
  });
}
