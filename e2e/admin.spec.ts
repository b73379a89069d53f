import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { labelBarcodeValue, shortReference } from '../shared/short-reference.js';
import { testFailingOnConsoleErrors } from './helpers/console-errors.js';
import { readPhoto } from './helpers/read-photo.js';
import {
  E2E_ADMIN_EMAIL,
  E2E_SPEC_ADMIN_EMAILS,
  signUpFromHeader,
  signUpOrSignIn,
  uniqueEmail,
} from './helpers/sign-in.js';

// The staff half of the journey in a real browser (spec sections 2, 4, 6, 8; issue 9): a seller submits,
// staff make offers and reject one, mark it processed; after the seller's answers and tracking (through
// the API), staff check the package in by typing its label code and mark it paid; the seller sees
// Payment Sent. Plus refusal toasts, axe at 360 and 1280 px, and keyboard-only use.

const screenshotDir = path.join(import.meta.dirname, 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

/**
 * Chromium logs every 4xx resource as a console error. Signed-out pages ask GET /api/auth/user (401 by
 * design); the refusal tests provoke 404/409 answers on purpose and check the toasts they produce.
 */
function isExpectedHttpError(text: string, pathname: string): boolean {
  if (pathname === '/api/auth/user' && text.includes('status of 401')) return true;
  if (pathname === '/api/admin/check-in' && text.includes('status of 404')) return true;
  return /^\/api\/(submissions|admin\/comics)\//.test(pathname) && /status of 40[09]/.test(text);
}

const test = testFailingOnConsoleErrors(isExpectedHttpError);
const csrf = { 'X-Requested-With': 'fetch' };

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, name), fullPage });
}

/**
 * A toast with this title (and description, when given) is showing. Located by its list item, not by
 * role: while a modal dialog is open the rest of the page (toasts included) is hidden from the
 * accessibility tree.
 */
async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.locator('li').filter({ has: page.getByText(title, { exact: true }) });
  await expect(toast.first()).toBeVisible();
  if (description) await expect(toast.first().getByText(description, { exact: true })).toBeVisible();
}

interface Seller {
  page: Page;
  request: APIRequestContext;
  email: string;
}

/** A new seller, signed up in their own browser (as Peter Parker), with a payment email on file. */
async function newSeller(browser: Browser): Promise<Seller> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail('staff-journey');
  await page.goto('/');
  await signUpFromHeader(page, { email, firstName: 'Peter', lastName: 'Parker' });
  const saved = await page.request.put('/api/user/payment-email', {
    headers: csrf,
    data: { paymentEmail: `pay.${email}` },
  });
  expect(saved.status()).toBe(200);
  return { page, request: page.request, email };
}

/** The seller submits comics through the API (the /sell screen has its own tests); returns the id. */
async function submitComics(seller: Seller, titles: string[]): Promise<{ id: string; comicIds: string[] }> {
  const response = await seller.request.post('/api/submissions', {
    headers: csrf,
    data: {
      comics: titles.map((title, index) => ({
        title,
        issueNumber: String(index + 1),
        publisher: 'Marvel Comics',
        cgcGrade: 9.8,
        cgcCertNumber: `${4000000001 + index}`,
        estimatedValue: '$1,500.00',
        notes: '',
      })),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: string; comics: { id: string }[] };
  return { id: body.id, comicIds: body.comics.map((comic) => comic.id) };
}

/**
 * Signs a staff member in (the address is in the e2e server's ADMIN_EMAILS) in a fresh browser. Each
 * test has its own address: tests running in parallel must not race to sign up the same one.
 */
async function adminPage(browser: Browser, email: string = E2E_ADMIN_EMAIL): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signUpOrSignIn(page, { email, firstName: 'Admin' });
  return page;
}

/** Opens a submission from the dashboard by searching its reference and pressing Review. */
async function openFromDashboard(page: Page, id: string): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('searchbox', { name: 'Search' }).fill(shortReference(id));
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${shortReference(id)}`));
  await page
    .getByRole('link', { name: `Review submission #${shortReference(id)}` })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: `Submission #${shortReference(id)}` })).toBeVisible();
}

async function offer(page: Page, comicName: string, cash: string, credit: string): Promise<void> {
  await page.getByRole('button', { name: `Make an Offer on ${comicName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Make an Offer' });
  await dialog.getByLabel('Cash Offer').fill(cash);
  await dialog.getByLabel('Store Credit Offer').fill(credit);
  await dialog.getByRole('button', { name: 'Make Offer' }).click();
  await expectToast(page, 'Offer Made');
  await expect(dialog).toBeHidden();
}

test.describe('staff dashboard', () => {
  test("staff see which fields the seller changed from the label reader's reading", async ({ browser }) => {
    test.setTimeout(180_000);
    const seller = await newSeller(browser);
    // The seller's photo goes through the real upload route and label reader.
    const read = await readPhoto(
      seller.request,
      'dev-005.jpg',
      readFileSync(
        path.join(import.meta.dirname, '..', '..', 'shared', 'data', 'slabs-dev', 'images', 'dev-005.jpg'),
      ),
    );
    // The seller keeps the title and changes the grade.
    const grade = read.cgcGrade === 9.6 ? 9.8 : 9.6;
    const created = await seller.request.post('/api/submissions', {
      headers: csrf,
      data: {
        comics: [
          {
            title: read.title || 'Spider-Boy',
            issueNumber: read.issueNumber || '1',
            publisher: read.publisher,
            cgcGrade: grade,
            estimatedValue: '',
            notes: '',
            imageIds: read.imageIds,
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const page = await adminPage(browser, E2E_SPEC_ADMIN_EMAILS.adminReadings);
    await openFromDashboard(page, id);
    await expect(
      page.getByText(
        `Edited by seller, read as: ${read.cgcGrade === null ? 'nothing' : read.cgcGrade.toFixed(1)}`,
      ),
    ).toBeVisible();
  });

  test('staff work a submission from arrival to paid', async ({ browser }) => {
    test.setTimeout(120_000);
    const seller = await newSeller(browser);
    const { id, comicIds } = await submitComics(seller, ['Amazing Spider-Man', 'Venom', 'Carnage']);
    const page = await adminPage(browser);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The dashboard shows it, the detail opens in place with the seller's details.
    await openFromDashboard(page, id);
    const information = page.getByRole('region', { name: 'Submission Information' });
    await expect(information.getByText(`pay.${seller.email}`)).toBeVisible();
    await expect(information.getByText('Peter Parker')).toBeVisible();
    // No store email saved yet: the one field that says so.
    await expect(information.getByText('Not provided')).toHaveCount(1);
    const storeSaved = await seller.request.put('/api/user/amped-store-email', {
      headers: csrf,
      data: { ampedStoreEmail: `store.${seller.email}` },
    });
    expect(storeSaved.status(), await storeSaved.text()).toBe(200);
    await page.reload();
    await expect(information.getByText(`store.${seller.email}`)).toBeVisible();
    await expect(information.getByText('Not provided')).toHaveCount(0);
    const certLink = page.getByRole('link', { name: /4000000001/ });
    await expect(certLink).toHaveAttribute('href', 'https://www.cgccomics.com/certlookup/4000000001/');

    // Offers on two comics, a rejection on the third, then processed.
    await offer(page, 'Amazing Spider-Man #1', '$1,200.50', '$1,380');
    await offer(page, 'Venom #2', '', '900');
    await page.getByRole('button', { name: 'Reject Carnage #3' }).click();
    await expectToast(page, 'Comic Rejected');
    await expect(page.getByRole('button', { name: 'Edit Offer on Amazing Spider-Man #1' })).toBeVisible();
    await shot(page, 'admin-detail-review-1280.png');
    await page.getByRole('button', { name: 'Mark as Processed' }).click();
    await expectToast(page, 'Submission Processed');
    await expect(page.getByText('Pending Response')).toBeVisible();

    // The seller answers (cash for one, credit for the other) and ships, through the API.
    const answer = async (comicId: string, userResponse: string) =>
      expect(
        (
          await seller.request.put(`/api/comics/${comicId}/offer-response`, {
            headers: csrf,
            data: { userResponse },
          })
        ).status(),
      ).toBe(200);
    await answer(comicIds[0]!, 'accepted_cash');
    await answer(comicIds[1]!, 'accepted_credit');
    const afterAnswers = (await (await seller.request.get(`/api/submissions/${id}`)).json()) as {
      status: string;
      allowedActions: string[];
    };
    if (afterAnswers.allowedActions.includes('user_responded')) {
      await seller.request.put(`/api/submissions/${id}/user-responded`, { headers: csrf });
    }
    const tracking = await seller.request.put(`/api/submissions/${id}/tracking`, {
      headers: csrf,
      data: { trackingId: '1Z999AA10123456784', carrier: 'UPS' },
    });
    expect(tracking.status(), await tracking.text()).toBe(200);

    // Check-in at the counter: the label code typed like a scanner, what should be in the box, Enter.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Check in a package' })).toBeVisible();
    await page.keyboard.press('c');
    const box = page.getByRole('textbox', { name: /Scan the label/ });
    await expect(box).toBeFocused();
    await box.pressSequentially(labelBarcodeValue(id));
    await box.press('Enter');
    await expect(page.getByText('Should contain 2 comic(s):')).toBeVisible();
    await expect(page.getByText('Amazing Spider-Man #1 (9.8), cert 4000000001')).toBeVisible();
    await expect(page.getByText('Carnage #3')).toHaveCount(0);
    await shot(page, 'admin-check-in-1280.png');
    await box.press('Enter');
    await expectToast(page, 'Submission Received', 'Now inspecting comics.');
    await expect(page.getByText(`#${shortReference(id)} checked in: now inspecting comics.`)).toBeVisible();

    // Paid: the PayPal transaction id and the store-credit reference.
    await openFromDashboard(page, id);
    await expect(page.getByText('Inspecting Comics').first()).toBeVisible();
    const trackingLink = page.getByRole('link', { name: /1Z999AA10123456784/ });
    await expect(trackingLink).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    await page.getByRole('button', { name: 'Mark as Paid' }).click();
    const paid = page.getByRole('dialog', { name: 'Mark as Paid' });
    await paid.getByLabel('PayPal transaction ID').fill('8XY12345AB6789012');
    await paid.getByLabel(/Store credit reference/).fill('GC-2026-0042');
    await paid.getByRole('button', { name: 'Mark as Paid' }).click();
    await expectToast(page, 'Payment Sent');
    await expect(page.getByText('Payment Sent via PayPal')).toBeVisible();
    await expect(page.getByText('Transaction ID: 8XY12345AB6789012', { exact: true })).toBeVisible();

    // The seller sees Payment Sent.
    await seller.page.goto('/submissions');
    await expect(seller.page.getByText('Payment Sent').first()).toBeVisible();
    const final = (await (await seller.request.get(`/api/submissions/${id}`)).json()) as { status: string };
    expect(final.status).toBe('paid');
  });

  test('refusals show the spec toasts and change nothing', async ({ browser }) => {
    test.setTimeout(90_000);
    const seller = await newSeller(browser);
    const { id, comicIds } = await submitComics(seller, ['Hulk']);
    const page = await adminPage(browser, E2E_SPEC_ADMIN_EMAILS.adminRefusals);
    await page.goto(`/admin/submissions/${id}`);
    await expect(page.getByRole('heading', { name: `Submission #${shortReference(id)}` })).toBeVisible();

    // An offer with no amount, and one that is not money: refused before sending, with the spec's title.
    await page.getByRole('button', { name: 'Make an Offer on Hulk #1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make an Offer' });
    await dialog.getByRole('button', { name: 'Make Offer' }).click();
    await expectToast(page, 'Failed to make offer', 'Please enter a cash offer or a store credit offer.');
    await dialog.getByLabel('Cash Offer').fill('twelve dollars');
    await dialog.getByRole('button', { name: 'Make Offer' }).click();
    await expectToast(page, 'Failed to make offer');
    await expect(dialog.getByLabel('Cash Offer')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A stale screen: the comic is rejected elsewhere, then this screen's offer is refused (409).
    const rejected = await page.request.put(`/api/admin/comics/${comicIds[0]}/offer`, {
      headers: csrf,
      data: { adminStatus: 'rejected' },
    });
    expect(rejected.status()).toBe(200);
    const declined = await page.request.put(`/api/submissions/${id}/mark-declined`, { headers: csrf });
    expect(declined.status()).toBe(200);
    await page.getByRole('button', { name: 'Make an Offer on Hulk #1' }).click();
    await dialog.getByLabel('Cash Offer').fill('$50');
    await dialog.getByRole('button', { name: 'Make Offer' }).click();
    await expectToast(page, 'Failed to make offer');
    await expect(page.getByText('declined', { exact: true }).first()).toBeVisible();

    // The check-in box: an unknown code and a submission not waiting for its package change nothing.
    await page.goto('/admin');
    const box = page.getByRole('textbox', { name: /Scan the label/ });
    await box.fill('AC00000000');
    await box.press('Enter');
    await expect(page.getByText('No submission matches "AC00000000". Nothing was changed.')).toBeVisible();
    await box.fill(labelBarcodeValue(id));
    await box.press('Enter');
    await expect(
      page.getByText(/This submission is not waiting for its package \(status declined\)/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Received' })).toHaveCount(0);
  });

  test('dashboard, detail and dialogs pass axe at 360 and 1280 px and work by keyboard', async ({
    browser,
  }) => {
    // Six axe runs and two viewports: slow on a shared two-core machine.
    test.setTimeout(180_000);
    const seller = await newSeller(browser);
    const { id } = await submitComics(seller, ['Saga', 'Spawn']);
    const page = await adminPage(browser, E2E_SPEC_ADMIN_EMAILS.adminAxe);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin');
      await expect(page.getByText(/^Showing 1 to \d+ of \d+ submissions$/)).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `admin-dashboard-${width}.png`);
      await page.goto(`/admin/submissions/${id}`);
      await expect(page.getByRole('heading', { name: 'Offer Summary' })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `admin-detail-${width}.png`);
      await page.getByRole('button', { name: 'Make an Offer on Saga #1' }).click();
      await expect(page.getByRole('dialog', { name: 'Make an Offer' })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `admin-offer-dialog-${width}.png`, false);
      await page.keyboard.press('Escape');
    }

    // Keyboard only: filter by status from the keyboard, then search and open the detail.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.focus();
    await status.selectOption('awaiting_review');
    await expect(page).toHaveURL(/status=awaiting_review/);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Publisher' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
    await page.keyboard.type(shortReference(id));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Showing 1 to 1 of 1 submissions')).toBeVisible();
    const review = page.getByRole('link', { name: `Review submission #${shortReference(id)}` });
    await review.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Submission #${shortReference(id)}` })).toBeVisible();
    // Back returns to the same filtered view.
    await page.getByRole('link', { name: 'Back to Dashboard' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/status=awaiting_review/);
    await expect(page.getByText('Showing 1 to 1 of 1 submissions')).toBeVisible();

    // The offer dialog by keyboard: open, type, Tab, type, Enter; focus returns to the page.
    await page.goto(`/admin/submissions/${id}`);
    await page.getByRole('button', { name: 'Make an Offer on Spawn #2' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Make an Offer' });
    await expect(dialog.getByLabel('Cash Offer')).toBeFocused();
    await page.keyboard.type('$75');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Store Credit Offer')).toBeFocused();
    await page.keyboard.type('$90.25');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Offer Made');
    await expect(dialog).toBeHidden();
  });
});
