import { expect, type Page } from '@playwright/test';
import { serverLogOffset, waitForLogLine, type LogLine } from './server-log.js';

/** The password every account made by the browser tests uses. */
export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * The address the e2e server lists in ADMIN_EMAILS (playwright.config.ts): an admin once its
 * email is confirmed (signUpOrSignIn does that).
 */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';

/**
 * A second ADMIN_EMAILS address, used only by the auth spec's unconfirmed-then-confirmed test, so
 * that test never shares an account with specs signing the admin in at the same time.
 */
export const E2E_CONFIRM_ADMIN_EMAIL = 'e2e-admin-confirm@example.com';

/**
 * One more ADMIN_EMAILS address per spec that needs a staff account, so specs running in parallel
 * never sign up the same address under different names (the header shows the first name).
 */
export const E2E_SPEC_ADMIN_EMAILS = {
  outbox: 'e2e-admin-outbox@example.com',
  priceGuide: 'e2e-admin-prices@example.com',
  submissions: 'e2e-admin-submissions@example.com',
  adminRefusals: 'e2e-admin-refusals@example.com',
  adminAxe: 'e2e-admin-axe@example.com',
  adminReadings: 'e2e-admin-readings@example.com',
} as const;

let counter = 0;

/** A fresh email for a new account (tests run in parallel against one server). */
export function uniqueEmail(prefix = 'seller'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

/**
 * The verification link the server issued for `email` after `offset` (from serverLogOffset()),
 * read from the server's log line (the same line an operator would read).
 */
export async function verificationLinkFor(email: string, offset: number): Promise<string> {
  const line = await waitForLogLine(
    (entry) => entry.msg === 'email verification link issued' && entry.email === email,
    offset,
  );
  return String(line.verificationLink);
}

/**
 * When another test (running in parallel) created the account in this server run, waits until
 * that test has followed its verification link, so a sign-in now carries a verified email. The
 * request log shows the link's path (its query is redacted) and when that request completed.
 */
export async function waitUntilConfirmedElsewhere(email: string): Promise<void> {
  let issued: LogLine;
  try {
    issued = await waitForLogLine(
      (entry) => entry.msg === 'email verification link issued' && entry.email === email,
      0,
      1_000,
    );
  } catch {
    return; // Created in an earlier run (PostgreSQL reused): confirmed back then.
  }
  const linkPath = new URL(String(issued.verificationLink)).pathname;
  const followed = await waitForLogLine(
    (entry) =>
      entry.msg === 'incoming request' &&
      String((entry.req as { url?: string } | undefined)?.url ?? '').startsWith(`${linkPath}?`),
    0,
  );
  await waitForLogLine((entry) => entry.msg === 'request completed' && entry.reqId === followed.reqId, 0);
}

/**
 * Submits the sign-up form the page shows, then follows the verification link in this browser,
 * which confirms the email and finishes the sign-in: the browser lands where sign-in started,
 * signed in with a verified email. Use it wherever a test reaches the 'Create Account' form.
 */
export async function submitSignUpAndVerify(
  page: Page,
  account: { email: string; firstName?: string; lastName?: string; password?: string },
): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  if (account.firstName) await page.getByLabel('First name').fill(account.firstName);
  if (account.lastName) await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password ?? TEST_PASSWORD);
  const offset = serverLogOffset();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await page.goto(await verificationLinkFor(account.email, offset));
}

/**
 * Signs a new account up through the real sign-in pages, starting from the header's Sign Up
 * button on the page the browser is on, confirms its email through the verification link, and
 * waits until the site shows the account menu again (back on the page it started from).
 */
export async function signUpFromHeader(
  page: Page,
  account: { email: string; firstName?: string; lastName?: string; password?: string },
): Promise<void> {
  const startedAt = new URL(page.url());
  await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
  await submitSignUpAndVerify(page, account);
  await page.waitForURL((url) => url.origin === startedAt.origin && url.pathname === startedAt.pathname);
  await expect(
    page.getByRole('banner').getByRole('button', { name: account.firstName ?? account.email }),
  ).toBeVisible();
}

/** signUpFromHeader under the name that says what it gives: a signed-in, verified account. */
export const signUpVerified = signUpFromHeader;

/**
 * Signs the account up and confirms it, or signs it in when it already exists (a fixed address
 * such as the admin's survives between runs against one PostgreSQL database). Sign-up answers
 * the same either way; the server's log says which happened.
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
  const offset = serverLogOffset();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  const outcome = await waitForLogLine(
    (entry) =>
      entry.email === account.email &&
      (entry.msg === 'email verification link issued' ||
        entry.msg === 'sign-up for an address that already has an account'),
    offset,
  );
  if (outcome.msg === 'email verification link issued') {
    await page.goto(String(outcome.verificationLink));
  } else {
    await waitUntilConfirmedElsewhere(account.email);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }
  const back = page.getByRole('banner').getByRole('button', { name: account.firstName });
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
