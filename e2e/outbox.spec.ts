import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E_SPEC_ADMIN_EMAILS, signUpOrSignIn } from './helpers/sign-in.js';
import { testFailingOnConsoleErrors } from './helpers/console-errors.js';

// The staff Outbox with no SMTP server (the embedded default): every mail is kept and readable at
// /admin/outbox (here at least the sign-up verification mail), at phone and desktop widths; and the
// reminders opt-out in Settings.

const screenshotDir = path.join(import.meta.dirname, 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

/** Signed-out visitors ask GET /api/auth/user and get 401 by design. */
const test = testFailingOnConsoleErrors(
  (text, pathname) => pathname === '/api/auth/user' && text.includes('status of 401'),
);

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

test('staff read every mail on the Outbox page; sellers can turn reminders off', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await signUpOrSignIn(page, { email: E2E_SPEC_ADMIN_EMAILS.outbox, firstName: 'Stan' });

  await page.goto('/admin/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await expect(page.getByText('No mail server is configured (SMTP_URL)')).toBeVisible();
  const list = page.getByRole('list', { name: 'Mail, newest first' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const verification = list
    .getByRole('listitem')
    .filter({ hasText: `To: ${E2E_SPEC_ADMIN_EMAILS.outbox}` })
    .first();
  await expect(verification).toBeVisible();
  await expect(verification.getByText('Waiting')).toBeVisible();
  await verification.getByRole('button', { name: 'Read message' }).click();
  await expect(verification.locator('pre')).toContainText('http');
  await expect(verification.getByRole('button', { name: 'Hide message' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(screenshotDir, 'outbox-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(screenshotDir, 'outbox-360.png'), fullPage: true });

  // Settings: the reminders opt-out saves at once and stays after a reload.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings');
  const reminders = page.getByRole('checkbox', { name: 'Send me reminder emails' });
  await expect(reminders).toBeChecked();
  await reminders.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Reminder emails are off.' }).first(),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Send me reminder emails' })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: 'Send me reminder emails' }).click();
  await expect(page.getByRole('checkbox', { name: 'Send me reminder emails' })).toBeChecked();
});
