import { expect, type Page } from '@playwright/test';

/** The password every account made by the browser tests uses. */
export const TEST_PASSWORD = 'correct horse battery staple';

/** The address the e2e server lists in ADMIN_EMAILS (playwright.config.ts), so its sign-up is an admin. */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';

let counter = 0;

/** A fresh email for a new account (tests run in parallel against one server). */
export function uniqueEmail(prefix = 'seller'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

/**
 * Signs a new account up through the real sign-in pages, starting from the header's Sign Up
 * button on the page the browser is on, and waits until the site shows the account menu again.
 */
export async function signUpFromHeader(
  page: Page,
  account: { email: string; firstName?: string; lastName?: string; password?: string },
): Promise<void> {
  const startedAt = new URL(page.url());
  await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  if (account.firstName) await page.getByLabel('First name').fill(account.firstName);
  if (account.lastName) await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password ?? TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.origin === startedAt.origin && url.pathname === startedAt.pathname);
  await expect(
    page.getByRole('banner').getByRole('button', { name: account.firstName ?? account.email }),
  ).toBeVisible();
}

/**
 * Signs the account up, or signs it in when it already exists (a fixed address such as the admin's
 * survives between runs against one PostgreSQL database).
 */
export async function signUpOrSignIn(
  page: Page,
  account: { email: string; firstName: string },
): Promise<void> {
  const startedAt = new URL(page.url());
  await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  const taken = page.getByText('An account with this email already exists.');
  const back = page.getByRole('banner').getByRole('button', { name: account.firstName });
  await expect(taken.or(back)).toBeVisible();
  if (await taken.isVisible()) {
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }
  await page.waitForURL((url) => url.pathname === startedAt.pathname);
  await expect(back).toBeVisible();
}

/** Signs an existing account in from the header's Sign In button. */
export async function signInFromHeader(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
}

/** Opens the header's account menu (whose label reads 'Signed in as ...'). */
export async function openAccountMenu(page: Page, name: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}
