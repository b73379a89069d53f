import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { testFailingOnConsoleErrors } from './helpers/console-errors.js';

// The public site in a real browser against the production build (spec sections 1 and 2).

const screenshotDir = path.join(import.meta.dirname, 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

const viewports = {
  phone: { width: 360, height: 800 },
  desktop: { width: 1280, height: 900 },
} as const;

/** Paths outside the route table that the tests visit on purpose; the server answers them 404. */
const UNKNOWN_PATHS = ['/no-such-page', '/definitely/not/here', '/submit'];

/**
 * Chromium reports every 4xx resource as a console error. Two are by design: signed-out visitors ask
 * GET /api/auth/user and get 401 (the chrome then shows Sign Up / Sign In), and an unknown page's
 * document answers 404 (the app then shows its not-found page). Any other error fails the test.
 */
function isExpectedHttpError(text: string, pathname: string): boolean {
  if (pathname === '/api/auth/user') return text.includes('status of 401');
  return UNKNOWN_PATHS.includes(pathname) && text.includes('status of 404');
}

const test = testFailingOnConsoleErrors(isExpectedHttpError);

const pages = [
  { name: 'home', path: '/', heading: /Sell your graded comics/i, title: 'Sell Your Graded Comics' },
  { name: 'learn-more', path: '/learn-more', heading: 'How It Works', title: 'How It Works' },
  { name: 'privacy-policy', path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy' },
  {
    name: 'terms-of-service',
    path: '/terms-of-service',
    heading: 'Terms of Service',
    title: 'Terms of Service',
  },
  { name: 'not-found', path: '/no-such-page', heading: '404 Page Not Found', title: 'Page Not Found' },
] as const;

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

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test.describe(`at ${viewportName} width (${viewport.width}px)`, () => {
    test.use({ viewport });

    for (const entry of pages) {
      test(`${entry.name} renders, is accessible and has a screenshot`, async ({ page }) => {
        await page.goto(entry.path);
        await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
        await expect(page).toHaveTitle(`${entry.title} | Amped Comics`);
        // Let the account check finish, so the screenshot shows the settled header.
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: path.join(screenshotDir, `${entry.name}-${viewport.width}x${viewport.height}.png`),
          fullPage: true,
        });
      });
    }
  });
}

test.describe('home page', () => {
  test('shows the hero actions, the marketing figures, three steps, four benefits and the statement', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Selling Now' }).first()).toHaveAttribute(
      'href',
      '/sell',
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Learn More' })).toHaveAttribute(
      'href',
      '/learn-more',
    );
    const main = page.getByRole('main');
    for (const figure of ['$250k+', '100+', '24hr', '99.9%']) {
      await expect(main.getByText(figure, { exact: true })).toBeVisible();
    }
    await expect(main.getByText(/Trusted since 2020/)).toBeVisible();
    await expect(main.getByText(/24-hour offer guarantee/).first()).toBeVisible();
    await expect(main.getByText(/6\+ years of experience/).first()).toBeVisible();
    const steps = main
      .getByRole('list')
      .filter({ has: page.getByRole('heading', { name: 'Upload & Extract' }) });
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Upload & Extract',
      'Professional Review',
      'Get Paid Fast',
    ]);
    for (const tile of ['Secure & Fast', 'Expert Evaluation', 'Fast Turnaround', 'Market Prices']) {
      await expect(main.getByRole('heading', { level: 3, name: tile })).toBeVisible();
    }
    await expect(main.getByText(/offers within 24 hours at most/)).toBeVisible();
  });
});

test.describe('how it works page', () => {
  test('has the five steps, offer tiers, payment, the shipping address and the FAQ', async ({ page }) => {
    await page.goto('/learn-more');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const process = main
      .getByRole('list')
      .filter({ has: page.getByRole('heading', { name: 'Upload Photos' }) });
    await expect(process.getByRole('heading', { level: 3 })).toHaveText([
      'Upload Photos',
      'Professional Review',
      'Receive Offers',
      'Accept & Ship',
      'Get Paid',
    ]);
    for (const tier of ['60-70%', '70%+', 'Under 60%']) {
      await expect(main.getByText(tier, { exact: true })).toBeVisible();
    }
    await expect(main.getByText(/No fees are deducted/)).toBeVisible();
    await expect(main.getByText(/15-20% more/).first()).toBeVisible();
    await expect(main.locator('address')).toContainText('Winter Springs, FL 32765');
    await expect(main.getByText(/within 7 days of acceptance/)).toBeVisible();
    for (const reason of ['Trusted & Secure', 'Fast Turnaround', 'Best Prices']) {
      await expect(main.getByRole('heading', { level: 3, name: reason })).toBeVisible();
    }
    await expect(main.getByRole('link', { name: 'Start Your Submission' })).toHaveAttribute('href', '/sell');
  });

  test('FAQ answers open and close like a disclosure', async ({ page }) => {
    await page.goto('/learn-more');
    const question = page.getByRole('button', { name: 'Do I have to accept all offers?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/You decide comic by comic/)).toBeVisible();
    await question.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(/You decide comic by comic/)).toBeHidden();
    for (const name of [
      'How long does the evaluation take?',
      'What if my comics get damaged during shipping?',
      'How does store credit work?',
    ]) {
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
  });
});

test.describe('legal pages', () => {
  test('privacy policy has 11 sections dated 9/1/2025, including no sale of data and children under 13', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByText('Last updated: 9/1/2025')).toBeVisible();
    await expect(page.locator('article section h2')).toHaveCount(11);
    await expect(page.getByText('We do not sell your personal information.')).toBeVisible();
    await expect(page.getByText(/not intended for children under 13/)).toBeVisible();
  });

  test('terms of service has 14 sections dated 9/1/2025', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByText('Last updated: 9/1/2025')).toBeVisible();
    await expect(page.locator('article section h2')).toHaveCount(14);
    for (const phrase of [
      /at least 18 years old/,
      /more than 30 days/,
      /laws of the State of Florida/,
      /binding arbitration/,
    ]) {
      await expect(page.getByText(phrase)).toBeVisible();
    }
  });
});

test.describe('not-found page', () => {
  test('an unknown URL answers HTTP 404 and shows both sentences', async ({ page }) => {
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('/submit (the empty-state link on My Submissions) falls to the not-found page', async ({ page }) => {
    const response = await page.goto('/submit');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
});

test.describe('header', () => {
  test.use({ viewport: viewports.desktop });

  test('logo and nav links go where the spec says; Submissions is hidden when signed out', async ({
    page,
  }) => {
    await page.goto('/learn-more');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Sell Comics']);
    await nav.getByRole('link', { name: 'Sell Comics' }).click();
    await expect(page).toHaveURL('/sell');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    // Clicked as soon as the page loads, while it may still be hydrating: the home page replaces
    // the prerendered one, with no page error (React's hydration mismatch, 418, before main.tsx
    // gave the router the prerendered path while hydrating).
    await page.goto('/privacy-policy');
    await page.getByRole('banner').getByRole('link', { name: 'Amped Comics' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: /privacy/i })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('Sign Up and Sign In start sign-in and return to the current page', async ({ page }) => {
    await page.goto('/learn-more');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Flearn-more',
    );
    // Sign Up may add a hint for the sign-in page; it still starts sign-in and returns here.
    await expect(banner.getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      /^\/api\/login\?returnTo=%2Flearn-more(&|$)/,
    );
  });
});

test.describe('footer', () => {
  test('links, contact email, dead cookie-policy link and copyright', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Sell Comics' })).toHaveAttribute('href', '/sell');
    await expect(footer.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/learn-more');
    await expect(footer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/learn-more#faq');
    await expect(footer.getByRole('link', { name: 'support@ampedcomics.com' })).toHaveAttribute(
      'href',
      'mailto:support@ampedcomics.com',
    );
    await expect(footer.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(footer).toContainText('© 2024 Amped Comics');

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  });

  test('the FAQ link scrolls to the FAQ, from another page and from How It Works itself', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL('/learn-more#faq');
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeInViewport();

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).not.toBeInViewport();
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeInViewport();
  });

  test('opening /learn-more#faq directly lands on the FAQ', async ({ page }) => {
    await page.goto('/learn-more#faq');
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeInViewport();
  });

  test('navigating to another page starts at its top', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInViewport();
  });
});

test.describe('mobile menu at 360px', () => {
  test.use({ viewport: viewports.phone });

  test('opens as a labelled dialog, traps focus, closes with Escape and navigates', async ({ page }) => {
    // Some 40 steps (an axe pass, a screenshot, twelve Tabs, three openings): on a busy two-core CI
    // machine it ran out of the default 30 s at its very last click.
    test.setTimeout(60_000);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const trigger = page.getByRole('button', { name: 'Open menu' });
    await trigger.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sell Comics' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2F',
    );
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(screenshotDir, 'mobile-menu-open-360x800.png') });

    // Tabbing many times never leaves the dialog.
    for (let index = 0; index < 12; index += 1) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sell Comics' }).click();
    await expect(page).toHaveURL('/sell');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();

    await trigger.click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('pages fit the phone width without sideways scrolling', async ({ page }) => {
    for (const entry of pages) {
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${entry.path} overflows horizontally`).toBeLessThanOrEqual(0);
    }
  });
});
