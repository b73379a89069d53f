import { expect, test as base } from '@playwright/test';
import { E2E_ADMIN_EMAIL, openAccountMenu, signUpFromHeader, uniqueEmail } from './helpers/sign-in.js';

// Sign-in, settings and the admin gate in a real browser, through the built-in identity provider's
// real pages (spec sections 2, 4, 5, 6 and 8).

/**
 * Expected 4xx resources that Chromium logs as console errors: the signed-out GET /api/auth/user
 * (401). Anything else — CSP violations included — fails the test.
 */
const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const url = message.location().url;
        if (url && new URL(url).pathname === '/api/auth/user' && message.text().includes('401')) return;
        errors.push(`${message.text()} (${url})`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

test('a new seller signs up, lands back where they started, edits both emails and signs out', async ({
  page,
}) => {
  const email = uniqueEmail();
  await page.goto('/learn-more');
  await signUpFromHeader(page, { email, firstName: 'Peter' });
  await expect(page).toHaveURL(/\/learn-more$/);

  await openAccountMenu(page, 'Peter');
  await expect(page.getByRole('menu')).toContainText('Signed in as Peter');
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const account = page.locator('dl');
  await expect(account).toContainText(email);
  await expect(account).toContainText('user');
  await expect(account).toContainText('Peter');
  await expect(account).toContainText('Not provided');

  const payment = page.getByLabel('PayPal Email');
  const paymentSave = page.getByRole('button', { name: 'Save' }).first();
  await payment.fill('   ');
  await paymentSave.click();
  await expect(page.getByRole('status').filter({ hasText: 'Email Required' })).toContainText(
    'Please enter a payment email address.',
  );
  await payment.fill('not an email');
  await paymentSave.click();
  await expect(page.getByRole('status').filter({ hasText: 'Invalid Email' })).toContainText(
    'Please enter a valid email address.',
  );
  await payment.fill('peter.pay@example.com');
  await paymentSave.click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment Email Updated' })).toBeVisible();
  await expect(page.getByTestId('paymentEmail-current')).toHaveText('peter.pay@example.com');

  const store = page.getByLabel('Amped Store Email');
  const storeSave = page.getByRole('button', { name: 'Save' }).nth(1);
  await store.fill('');
  await storeSave.click();
  await expect(page.getByRole('status').filter({ hasText: 'Email Required' })).toContainText(
    'Please enter an Amped Store email address.',
  );
  await store.fill('peter@store');
  await storeSave.click();
  await expect(page.getByRole('status').filter({ hasText: 'Invalid Email' })).toContainText(
    'Please enter a valid email address.',
  );
  await store.fill('peter.store@example.com');
  await storeSave.click();
  await expect(page.getByRole('status').filter({ hasText: 'Amped Store Email Updated' })).toBeVisible();
  await expect(page.getByTestId('ampedStoreEmail-current')).toHaveText('peter.store@example.com');

  // Saved on the server, not only on the page.
  await page.reload();
  await expect(page.getByLabel('PayPal Email')).toHaveValue('peter.pay@example.com');
  await expect(page.getByLabel('Amped Store Email')).toHaveValue('peter.store@example.com');

  await openAccountMenu(page, 'Peter');
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.port === new URL(page.url()).port);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a guest is turned away from /admin to sign-in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Unauthorized' })).toContainText(
    'You must be logged in to access the admin dashboard.',
  );
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/oidc\/interaction\//);
});

test('a signed-in seller is turned away from /admin to the home page', async ({ page }) => {
  await page.goto('/');
  await signUpFromHeader(page, { email: uniqueEmail(), firstName: 'Mary' });
  await page.goto('/admin');
  await expect(page.getByRole('status').filter({ hasText: 'Access Denied' })).toContainText(
    'You do not have admin privileges to access this page.',
  );
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Sell your graded comics/i);
});

test('an admin sees the Admin Dashboard link and the dashboard', async ({ page }) => {
  await page.goto('/');
  await signUpFromHeader(page, { email: E2E_ADMIN_EMAIL, firstName: 'Stan' });
  await openAccountMenu(page, 'Stan');
  await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
});
