import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E_SPEC_ADMIN_EMAILS, signUpOrSignIn } from './helpers/sign-in.js';
import { testFailingOnConsoleErrors } from './helpers/console-errors.js';
import { readPhoto } from './helpers/read-photo.js';
import { makePhoneVariant, PHONE_SEED, seedFor } from '../scripts/bench/phone-variants.js';

// The dealer's market data in a real browser: staff import the sample price guide on
// /admin/price-guide (a bad file first: its rows are named by line and nothing is written), then a
// seller's photo of one of those books on /sell shows the market value and what it is based on.

const screenshotDir = path.join(import.meta.dirname, 'screenshots');
mkdirSync(screenshotDir, { recursive: true });
const dataDir = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data');
const sampleCsv = readFileSync(path.join(dataDir, 'market-values-sample.csv'), 'utf8');

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

async function chooseCsv(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test('staff import the price guide, and a seller sees the market value with its basis', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await signUpOrSignIn(page, { email: E2E_SPEC_ADMIN_EMAILS.priceGuide, firstName: 'Stan' });
  // Reached from the dashboard, and back.
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Staff pages' })
    .getByRole('link', { name: 'Price guide and offer settings' })
    .click();
  await expect(page).toHaveURL(/\/admin\/price-guide$/);
  await expect(page.getByRole('heading', { name: 'Price Guide', level: 1 })).toBeVisible();

  // A bad row: every error by line, nothing written.
  const broken = sampleCsv.replace(',Tao Variant Cover,1/24,9.8,', ',Tao Variant Cover,1/24,9.7,');
  await chooseCsv(page, 'broken.csv', broken);
  const alert = page.getByRole('alert').filter({ hasText: 'was not imported' });
  await expect(alert).toContainText("Line 3: grade '9.7' is not on the 0.5-10.0 grading scale.");
  await expect(alert).toContainText('nothing was written');

  // The sample: a preview first, then the import.
  await chooseCsv(page, 'market-values-sample.csv', sampleCsv);
  await expect(page.getByText(/Preview \(price guide\):/)).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: /Rows that will change/ })
      .or(page.getByText('Nothing to import').first()),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(screenshotDir, 'price-guide-preview-1280.png'), fullPage: true });
  const importButton = page.getByRole('button', { name: /^Import [\d,]+ changes?$/ });
  if (await importButton.isVisible()) {
    await importButton.click();
    await expect(page.getByText(/Imported \(price guide\):/)).toBeVisible();
  }
  await expect(page.getByText(/124 guide rows/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Offer settings' })).toBeVisible();
  await expect(page.getByLabel('Baseline cash offer (% of market value)')).toHaveValue('65');

  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(screenshotDir, 'price-guide-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A seller's photo of Spider-Boy #1 (Young variant, 9.8), a book of the sample.
  await page.goto('/sell');
  await page
    .getByLabel('Choose Photos')
    .setInputFiles(path.join(dataDir, 'slabs-dev', 'images', 'dev-005.jpg'));
  const card = page.getByRole('group', { name: /Spider-Boy/ }).first();
  await expect(card).toBeVisible({ timeout: 180_000 });
  await expect(
    card.getByText(/^Market value, based on 11 sales in the (last year|year to Aug 2026)$/),
  ).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'sell-market-value-1280.png'), fullPage: true });

  // The seller corrects the grade: the value and its basis follow the corrected book (the guide's
  // 9.6 row: $34, no sales count), not the one the reader read.
  await expect(card.getByText('$33.86')).toBeVisible();
  await card.getByRole('button', { name: /^Edit / }).click();
  const form = page.getByRole('form', { name: /^Edit / });
  await form.getByLabel('CGC Grade').fill('9.6');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('$33.86')).toHaveCount(0);
  await expect(card.getByText(/^Market value, based on /)).toBeVisible();
  await expect(card.getByText('$34.00')).toBeVisible();

  // A phone photo of Poison Ivy #10 (dev-015 as the phone bench makes it): its title and issue are
  // read, its publisher-and-date line ('D.C. Comics, 5/23') is too blurred to read. The guide has
  // the book, so the card shows DC Comics and 2023, marked for the seller to check, and says why.
  const scan = readFileSync(path.join(dataDir, 'slabs-dev', 'images', 'dev-015.jpg'));
  const phonePhoto = await makePhoneVariant(scan, seedFor('images/dev-015.jpg', PHONE_SEED));
  await page
    .getByLabel('Choose Photos')
    .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: phonePhoto });
  const phoneCard = page.getByRole('group', { name: /Poison Ivy/ }).first();
  await expect(phoneCard).toBeVisible({ timeout: 180_000 });
  await expect(phoneCard.getByText(/Publisher taken from the price guide \("DC Comics"\)/)).toBeVisible();
  await expect(phoneCard.getByText(/Year taken from the price guide's cover date \(5\/23\)/)).toBeVisible();
  await expect(phoneCard.getByText(/^Please check .*Publisher, Year/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(screenshotDir, 'sell-guide-filled-1280.png'), fullPage: true });

  // Staff see the same notes beside the submitted comic. The photo goes in through the API (the
  // /sell submit has its own tests) with no cert number, so a retry of this test is not refused as
  // a repeat of the same slab.
  const csrf = { 'X-Requested-With': 'fetch' };
  const read = await readPhoto(page.request, 'IMG_2041.jpg', phonePhoto);
  const paymentEmail = await page.request.put('/api/user/payment-email', {
    headers: csrf,
    data: { paymentEmail: `pay.${E2E_SPEC_ADMIN_EMAILS.priceGuide}` },
  });
  expect(paymentEmail.status()).toBe(200);
  const submitted = await page.request.post('/api/submissions', {
    headers: csrf,
    data: {
      comics: [
        {
          title: read.title,
          issueNumber: read.issueNumber,
          publisher: read.publisher,
          publicationYear: read.publicationYear,
          cgcGrade: 9.8,
          estimatedValue: '',
          notes: '',
          imageIds: read.imageIds,
        },
      ],
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id } = (await submitted.json()) as { id: string };
  await page.goto(`/admin/submissions/${id}`);
  // The seller kept what was filled but the cert number, which the submission above leaves out:
  // the reader read it from the faint print (the digit recogniser, ADR 0069), so that one field,
  // and only that one, shows as changed from the reading, with what was read and why.
  await expect(page.getByRole('heading', { name: 'Poison Ivy #10' })).toBeVisible();
  await expect(page.getByText(/^Edited by seller/)).toHaveCount(1);
  await expect(page.getByText('Edited by seller, read as: 4401613002')).toBeVisible();
  const readerNotes = page.getByRole('list', { name: 'Label reader notes' });
  await expect(readerNotes.getByText(/^The certification number was read from faint print/)).toBeVisible();
  await expect(readerNotes.getByText(/^Publisher taken from the price guide \("DC Comics"\)/)).toBeVisible();
  await expect(
    readerNotes.getByText(/^Year taken from the price guide's cover date \(5\/23\)/),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(screenshotDir, 'admin-reader-notes-1280.png'), fullPage: true });
});
