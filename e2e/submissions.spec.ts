import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { testFailingOnConsoleErrors } from './helpers/console-errors.js';
import { E2E_SPEC_ADMIN_EMAILS, signUpFromHeader, signUpOrSignIn, uniqueEmail } from './helpers/sign-in.js';

// The seller's half of the lifecycle in a real browser against the production build (issue 8; spec
// sections 2 "My Submissions" and "Shipping label", 4, 8): the seller submits three comics, staff (an
// admin session, through the API) offer on two and reject one, the seller answers in the page, downloads
// and prints the label, saves tracking, and later sees Payment Sent with the timeline.

const screenshotDir = path.join(import.meta.dirname, 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

/**
 * Chromium logs every 4xx resource as a console error. Signed-out visitors get 401 from
 * GET /api/auth/user by design, and a missing submission answers 404; anything else fails the test.
 */
function isExpectedHttpError(text: string, pathname: string): boolean {
  if (pathname === '/api/auth/user' && text.includes('status of 401')) return true;
  return /^\/api\/submissions\/[^/]+$/.test(pathname) && text.includes('status of 404');
}

const test = testFailingOnConsoleErrors(isExpectedHttpError);

const CSRF = { 'X-Requested-With': 'fetch' };

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

/** Full-page screenshots at phone and desktop widths, each checked with axe. */
async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A state-changing API call with the session of `request`'s browser context; fails the test unless OK. */
async function call(request: APIRequestContext, method: 'PUT' | 'POST', url: string, data?: unknown) {
  const response = await request.fetch(url, {
    method,
    headers: CSRF,
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/** A small, plain photo uploaded through the real extraction route; returns its image id. */
async function uploadPhoto(request: APIRequestContext, colour: string): Promise<string> {
  const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const response = await request.post('/api/extract-comic-data', {
    headers: CSRF,
    multipart: { image: { name: 'slab.png', mimeType: 'image/png', buffer: png } },
    timeout: 60_000,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: { imageIds: string[] } };
  const id = body.data.imageIds[0];
  if (!id) throw new Error('the extraction route returned no image id');
  return id;
}

interface CreatedComic {
  id: string;
  title: string;
}

/** Creates the seller's submission through the API (payment email first, as the server requires). */
async function submitThreeComics(
  request: APIRequestContext,
): Promise<{ id: string; comics: CreatedComic[] }> {
  await call(request, 'PUT', '/api/user/payment-email', { paymentEmail: 'peter.paypal@example.com' });
  const photo = await uploadPhoto(request, '#c0392b');
  const response = await call(request, 'POST', '/api/submissions', {
    comics: [
      {
        title: 'Amazing Spider-Man',
        issueNumber: '300',
        publisher: 'Marvel Comics',
        cgcGrade: '9.8',
        cgcCertNumber: '1234567001',
        imageIds: [photo],
      },
      {
        title: 'Batman',
        issueNumber: '423',
        publisher: 'DC Comics',
        cgcGrade: '9.6',
        cgcCertNumber: '1234567002',
      },
      {
        title: 'Spawn',
        issueNumber: '1',
        publisher: 'Image Comics',
        cgcGrade: '9.4',
        cgcCertNumber: '1234567003',
      },
    ],
  });
  return (await response.json()) as { id: string; comics: CreatedComic[] };
}

/** Decodes a PNG file's Code 128 barcode with zxing-wasm (the wasm loaded from the installed package). */
async function decodePng(file: string): Promise<string | null> {
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const imageData = {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
    colorSpace: 'srgb',
  } as unknown as Parameters<typeof readBarcodes>[0];
  const results = await readBarcodes(imageData, { formats: ['Code128'], maxNumberOfSymbols: 1 });
  return results.find((result) => result.isValid)?.text ?? null;
}

/** The card of one submission on /submissions. */
function cardOf(page: Page, reference: string) {
  return page.getByRole('article', { name: `Submission #${reference}` });
}

test.describe('My Submissions', () => {
  test('the seller answers offers, ships with the label and sees Payment Sent', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Signed out: Sign In Required, with Sign In starting sign-in.
    await page.goto('/submissions');
    await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      /^\/api\/login/,
    );
    await checkAtBothWidths(page, 'submissions-signed-out');

    // A new seller: the empty state points to /sell.
    await signUpFromHeader(page, { email: uniqueEmail('subs'), firstName: 'Peter' });
    await expect(page.getByRole('heading', { name: 'No Submissions Yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Submit Your First Comic' })).toHaveAttribute(
      'href',
      '/sell',
    );
    await checkAtBothWidths(page, 'submissions-empty');

    const created = await submitThreeComics(page.request);
    const reference = created.id.split('-')[0]!.toUpperCase();
    const [spiderMan, batman, spawn] = created.comics;
    if (!spiderMan || !batman || !spawn) throw new Error('expected three comics');

    // Staff, in their own browser: offers on two comics, a rejection, mark processed.
    const staffContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const staff = await staffContext.newPage();
    await staff.goto('/');
    await signUpOrSignIn(staff, { email: E2E_SPEC_ADMIN_EMAILS.submissions, firstName: 'Staff' });
    await call(staff.request, 'PUT', `/api/admin/comics/${spiderMan.id}/offer`, {
      cashOffer: '$120.50',
      storeCreditOffer: '$150.00',
      adminStatus: 'pending_user_approval',
    });
    await call(staff.request, 'PUT', `/api/admin/comics/${batman.id}/offer`, {
      cashOffer: '80',
      storeCreditOffer: '$96.25',
      adminStatus: 'pending_user_approval',
    });
    await call(staff.request, 'PUT', `/api/admin/comics/${spawn.id}/offer`, { adminStatus: 'rejected' });
    await call(staff.request, 'PUT', `/api/submissions/${created.id}/mark-processed`);

    // The seller: Action Required, the offers, and No Offer Available for the rejected comic.
    await page.goto('/submissions');
    const card = cardOf(page, reference);
    // Two cores shared by the whole team: the first list load may take a while.
    await expect(card.getByTestId('submission-status')).toHaveText('Awaiting Your Response', {
      timeout: 20_000,
    });
    await expect(card.getByText('Action Required')).toBeVisible();
    await expect(card.getByText(/respond to all 2 comic offer\(s\)/)).toBeVisible();
    await expect(card.getByText('No Offer Available')).toBeVisible();
    await expect(page.getByText('Awaiting Response').locator('..')).toContainText('1');
    await checkAtBothWidths(page, 'submissions-offers');

    await card.getByRole('button', { name: 'Accept Cash for Amazing Spider-Man #300' }).click();
    await expect(page.getByText('Response Submitted', { exact: true })).toBeVisible();
    await expect(card.getByText('ACCEPTED CASH OFFER OF $120.50')).toBeVisible();
    await card.getByRole('button', { name: 'Accept Credit for Batman #423' }).click();

    // Every offer answered: the submission moves on to shipping by itself.
    await expect(card.getByTestId('submission-status')).toHaveText('Awaiting Shipment');
    await expect(card.getByText('Ready for Shipment')).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Ship Your Comics' })).toBeVisible();
    const doNotShip = card
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Do Not Ship' }) })
      .last();
    await expect(doNotShip).toContainText('Spawn #1');
    // The comic filter: outside pending the rejected comic leaves the list of comics.
    await expect(card.getByRole('list', { name: /^Comics in submission/ }).getByRole('listitem')).toHaveCount(
      2,
    );

    // The label: the PNG decodes back to 'AC' + the short reference.
    const downloadPromise = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download as PNG' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`barcode-${reference}.png`);
    const pngPath = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(pngPath);
    expect(await decodePng(pngPath)).toBe(`AC${reference}`);

    // Print opens the print-ready label in a new window.
    const popupPromise = page.context().waitForEvent('page');
    await card.getByRole('button', { name: 'Print' }).click();
    const label = await popupPromise;
    await label.waitForLoadState();
    await expect(label).toHaveURL(new RegExp(`/submissions/${created.id}/label$`));
    await expect(label.getByRole('heading', { name: `Shipping Label #${reference}` })).toBeVisible();
    await expect(label.getByText('Cut out the label along the dashed line.')).toBeVisible();
    await expect(label.getByRole('heading', { name: 'Comics to include (2)' })).toBeVisible();
    await expect(label.getByText('Winter Springs, FL 32765').first()).toBeVisible();
    await expect(label.getByRole('img', { name: `Shipping label barcode AC${reference}` })).toBeVisible();
    await checkAtBothWidths(label, 'submissions-label');
    // On paper the label prints alone: no site header, footer or Print button.
    await label.emulateMedia({ media: 'print' });
    await expect(label.getByRole('banner')).toBeHidden();
    await expect(label.getByRole('contentinfo')).toBeHidden();
    await expect(label.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(label.getByRole('img', { name: `Shipping label barcode AC${reference}` })).toBeVisible();
    await label.close();

    // Tracking: the carrier follows the number, a mistyped one is flagged, the real one saves.
    await checkAtBothWidths(page, 'submissions-shipping');
    const tracking = card.getByLabel('Tracking ID');
    await tracking.fill('1Z5R89390357567128');
    await expect(card.getByLabel('Carrier')).toHaveValue('UPS');
    await expect(card.getByText("This doesn't look like a valid UPS number")).toBeVisible();
    await tracking.fill('1Z5R 8939 0357 5671 27');
    await expect(card.getByText('Looks like a valid UPS number.')).toBeVisible();
    await card.getByRole('button', { name: 'Save & Ship' }).click();
    await expect(page.getByText('Tracking ID Updated', { exact: true })).toBeVisible();
    await expect(card.getByTestId('submission-status')).toHaveText('Shipped');
    await expect(card.getByRole('link', { name: /Track package/ })).toHaveAttribute('href', /ups\.com/);

    // Staff receive and pay (cash through PayPal, credit with a store reference).
    await call(staff.request, 'PUT', `/api/submissions/${created.id}/mark-received`);
    await call(staff.request, 'PUT', `/api/submissions/${created.id}/mark-paid`, {
      paypalTransactionId: 'PAYPAL-TX-8842',
      storeCreditReference: 'GIFT-CARD-5521',
    });
    await staffContext.close();

    // Payment Sent, with both amounts, both references, and the history.
    await page.goto(`/submissions/${created.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Submission #${reference}` })).toBeVisible();
    await expect(page.getByTestId('submission-status')).toHaveText('Payment Sent');
    const paid = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Payment Sent' }) })
      .last();
    await expect(paid).toContainText('Cash via PayPal: $120.50');
    await expect(paid).toContainText('PAYPAL-TX-8842');
    await expect(paid).toContainText('Store credit (Amped Store): $96.25');
    await expect(paid).toContainText('GIFT-CARD-5521');
    await expect(paid).toContainText(`submission #${reference}`);
    await page.getByRole('button', { name: /^History/ }).click();
    const history = page.getByRole('list').filter({ hasText: 'Submission created' });
    await expect(history).toContainText('Offer made on Amazing Spider-Man #300');
    await expect(history).toContainText('Cash offer accepted for Amazing Spider-Man #300');
    await expect(history).toContainText('Moved on to Awaiting Shipment');
    await expect(history).toContainText('Tracking ID: 1Z5R89390357567127');
    await expect(history).toContainText('PayPal transaction ID: PAYPAL-TX-8842');
    await checkAtBothWidths(page, 'submissions-paid');

    // A submission that is not there (or not this seller's).
    await page.goto('/submissions/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Submission not found' })).toBeVisible();
  });

  test('the seller cancels a submission awaiting review after confirming', async ({ page }) => {
    // Sign-up with its verification link and a photo through the label reader: more than the default 30 s
    // on two shared cores.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/submissions');
    await signUpFromHeader(page, { email: uniqueEmail('cancel'), firstName: 'Mary' });
    const created = await submitThreeComics(page.request);
    const reference = created.id.split('-')[0]!.toUpperCase();
    await page.reload();
    const card = cardOf(page, reference);
    await expect(card.getByTestId('submission-status')).toHaveText('Awaiting Review');
    await expect(page.getByText('Total Submissions').locator('..')).toContainText('1');

    await card.getByRole('button', { name: 'Cancel Submission' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Submission' });
    await expect(dialog).toContainText(
      'Are you sure you want to cancel this submission? This action cannot be undone.',
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(screenshotDir, 'submissions-cancel-dialog-1280.png') });
    await dialog.getByRole('button', { name: 'Yes, Cancel Submission' }).click();
    await expect(page.getByText('Submission Cancelled', { exact: true })).toBeVisible();
    await expect(card.getByTestId('submission-status')).toHaveText('Cancelled');
    await expect(
      card.getByText(/This submission has been cancelled, please resubmit or contact/),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel Submission' })).toHaveCount(0);
  });
});
