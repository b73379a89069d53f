import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { testFailingOnConsoleErrors } from './helpers/console-errors.js';
import { signUpVerified, uniqueEmail } from './helpers/sign-in.js';

// The public pages arrive prerendered (docs/decisions/0016-front-end-budget.md): their HTML carries
// the content, the browser hydrates it without a mismatch, and the signed-in header still appears.

const screenshotDir = path.join(import.meta.dirname, 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

// A signed-out visitor's GET /api/auth/user may answer 401 (an ended session): by design.
const test = testFailingOnConsoleErrors(
  (text, pathname) => pathname === '/api/auth/user' && text.includes('status of 401'),
);

const PAGES = [
  { path: '/', name: 'home', heading: /Sell your graded comics/i },
  { path: '/learn-more', name: 'learn-more', heading: 'How It Works' },
  { path: '/sell', name: 'sell', heading: 'Sell Your Comics' },
  { path: '/submissions', name: 'submissions', heading: null },
] as const;

/** Collects console warnings and errors, and React's hydration complaints wherever they appear. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') {
      messages.push(`${message.type()}: ${message.text()}`);
    }
  });
  return messages;
}

test.describe('prerendered public pages', () => {
  for (const entry of PAGES) {
    test(`${entry.path} carries its content in the HTML and hydrates without a warning`, async ({
      page,
      request,
    }) => {
      const response = await request.get(entry.path);
      const html = await response.text();
      // No session cookie: prerendered for a guest, signed-out header included.
      expect(html).toContain('<div id="root" data-prerendered="true" data-viewer="guest">');
      expect(html).toMatch(/<a href="\/api\/login\?returnTo=[^"]*"[^>]*>Sign In<\/a>/);
      expect(html).toContain('<link rel="canonical"');
      expect(html).toContain('<meta property="og:site_name" content="Amped Comics" />');
      // The Content-Security-Policy forbids inline script: the prerendered HTML has none.
      expect(html).not.toMatch(/<script>/);
      if (entry.heading) {
        const bodyText = html.replace(/<[^>]+>/g, ' ');
        expect(bodyText).toMatch(entry.heading);
      }

      const messages = watchConsole(page);
      await page.goto(entry.path);
      await page.waitForLoadState('networkidle');
      // Signed out: the header ends on Sign Up / Sign In once the current user has loaded.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
      if (entry.heading) {
        await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      } else {
        await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
      }
      const hydrationProblems = messages.filter((text) => /hydrat|did not match|server rendered/i.test(text));
      expect(hydrationProblems).toEqual([]);
      expect(messages.filter((text) => !text.includes('/api/auth/user'))).toEqual([]);
    });
  }

  test('the page works before and after hydration: FAQ, mobile menu, client navigation', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const messages = watchConsole(page);
    await page.goto('/learn-more');
    const question = page.getByRole('button', { name: 'Do I have to accept all offers?' });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sell Comics' }).click();
    await expect(page).toHaveURL('/sell');
    await expect(page.getByRole('heading', { name: 'Upload Photos' })).toBeVisible();
    expect(messages.filter((text) => /hydrat/i.test(text))).toEqual([]);
  });

  test('a signed-in seller gets the account menu on a prerendered page', async ({ page }) => {
    const messages = watchConsole(page);
    await page.goto('/');
    await signUpVerified(page, { email: uniqueEmail('prerender'), firstName: 'Hydra' });
    for (const entry of PAGES) {
      // With a session cookie the page comes prerendered for an unknown viewer (account placeholder).
      const html = await (await page.request.get(entry.path)).text();
      expect(html).toContain('<div id="root" data-prerendered="true">');
      await page.goto(entry.path);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Hydra' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'My Submissions' })).toBeVisible();
    expect(messages.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
  });

  for (const viewport of [
    { width: 360, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    test(`screenshots at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const entry of PAGES) {
        await page.goto(entry.path);
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${entry.path} overflows sideways`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: path.join(screenshotDir, `prerendered-${entry.name}-${viewport.width}.png`),
          fullPage: false,
        });
      }
    });
  }
});
