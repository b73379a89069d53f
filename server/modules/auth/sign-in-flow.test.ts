// The whole authorization code flow against the built-in provider, over real HTTP on a real port,
// with cookies followed like a browser.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { mailOutbox, sessions, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { freePort, HttpBrowser, type Page } from '../../test/http-browser.js';
import { hashToken } from './tokens.js';

let t: TestApp;
let site: string;
let counter = 0;

function uniqueEmail(prefix = 'seller'): string {
  counter += 1;
  return `${prefix}.${counter}.${Date.now()}@example.com`;
}

async function startSignIn(browser: HttpBrowser, path = '/api/login?returnTo=%2Fsell'): Promise<Page> {
  const page = await browser.navigate(`${site}${path}`);
  expect(page.url.pathname).toMatch(/^\/oidc\/interaction\/[^/]+$/);
  return page;
}

/** Submits the sign-up form; the answer is the 'Check Your Email' page (or the form with problems). */
async function submitSignUp(
  browser: HttpBrowser,
  values: { email: string; password?: string; givenName?: string; familyName?: string },
  path?: string,
): Promise<Page> {
  const signInPage = await startSignIn(browser, path);
  const signUpPage = await browser.navigate(`${signInPage.url.href}/signup`);
  expect(signUpPage.body).toContain('Create Account');
  return browser.submit(signUpPage, {
    password: 'correct horse battery',
    givenName: '',
    familyName: '',
    ...values,
  });
}

/** The link of the newest verification mail queued for an address. */
async function verificationLink(email: string): Promise<string> {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt));
  const link = rows.map((row) => /https?:\/\/\S+\?token=[\w-]+/.exec(row.textBody)?.[0]).find(Boolean);
  if (!link) throw new Error(`no verification mail for ${email}`);
  return link;
}

/** Signs up and follows the mail's link in the same browser, which finishes the sign-in. */
async function signUp(
  browser: HttpBrowser,
  values: { email: string; password?: string; givenName?: string; familyName?: string },
  path?: string,
): Promise<Page> {
  const checkEmail = await submitSignUp(browser, values, path);
  expect(checkEmail.status).toBe(200);
  expect(checkEmail.body).toContain('Check Your Email');
  return browser.navigate(await verificationLink(values.email));
}

async function signIn(browser: HttpBrowser, email: string, password: string, path?: string): Promise<Page> {
  const page = await startSignIn(browser, path);
  return browser.submit(page, { email, password });
}

async function currentUser(browser: HttpBrowser) {
  const response = await browser.request(`${site}/api/auth/user`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: site, ADMIN_EMAILS: 'boss@example.com' } });
  await t.app.listen({ host: '127.0.0.1', port });
});
afterAll(() => t?.close());

describe('sign-up, sign-in and sign-out through the built-in provider', () => {
  it('discovers the built-in issuer over HTTP', async () => {
    const response = await fetch(`${site}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${site}/oidc`);
    expect(metadata.end_session_endpoint).toBe(`${site}/oidc/session/end`);
    expect(metadata.code_challenge_methods_supported).toContain('S256');
  });

  it('signs a new user up, returns them where they started, and signs them out everywhere', async () => {
    const browser = new HttpBrowser();
    const email = uniqueEmail();
    const landed = await signUp(browser, { email, givenName: 'Peter', familyName: 'Parker' });
    expect(landed.url.href).toBe(`${site}/sell`);
    expect(landed.visited.some((url) => url.startsWith(`${site}/api/callback?`))).toBe(true);

    const cookie = browser.cookie(site, 'session');
    expect(cookie).toBeTruthy();
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(cookie ?? '')));
    expect(row?.idToken).toBeTruthy();

    const me = await currentUser(browser);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      role: 'user',
      firstName: 'Peter',
      lastName: 'Parker',
      paymentEmail: null,
      ampedStoreEmail: null,
    });

    // Sign-out: GET only asks; the button POSTs. The app session ends, then the provider's (its
    // confirmation form auto-submits in a browser).
    const ask = await browser.navigate(`${site}/api/logout`);
    expect(ask.body).toContain('Do you want to sign out');
    expect((await currentUser(browser)).status).toBe(200);
    const confirm = await browser.submit(ask, {}, '/api/logout');
    expect(confirm.url.pathname).toBe('/oidc/session/end');
    expect(confirm.body).toContain('Signing Out');
    // Signed out is a guest again: answered without an error status (no failed request logged).
    expect(await currentUser(browser)).toEqual({ status: 200, body: null });
    const home = await browser.submit(confirm, {});
    expect(home.url.href).toBe(`${site}/`);

    // The provider forgot the browser too: signing in again asks for the password.
    const again = await startSignIn(browser);
    expect(again.body).toContain('Sign In');
    const back = await browser.submit(again, { email, password: 'correct horse battery' });
    expect(back.url.href).toBe(`${site}/sell`);
    const meAgain = await currentUser(browser);
    expect(meAgain.body.id).toBe(me.body.id);
  });

  it('explains a wrong password and a weak password on the sign-in pages', async () => {
    const email = uniqueEmail();
    await signUp(new HttpBrowser(), { email });

    const wrong = await signIn(new HttpBrowser(), email, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('Incorrect email or password. Please try again.');

    const short = await submitSignUp(new HttpBrowser(), { email: uniqueEmail(), password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toContain('Use at least 10 characters.');
    const common = await submitSignUp(new HttpBrowser(), { email: uniqueEmail(), password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body).toContain('This password is too common or too easy to guess.');
  });

  it('limits sign-in attempts per account with a growing delay', async () => {
    const email = uniqueEmail('target');
    const browser = new HttpBrowser();
    let page = await startSignIn(browser);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      page = await browser.submit(page, { email, password: `guess-${attempt}` });
      statuses.push(page.status);
    }
    // Five free tries and a sixth that starts a 1 s delay; the seventh, at once, waits.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect(page.body).toContain('Too many sign-in attempts. Please wait a few minutes and try again.');
    expect(page.headers.get('retry-after')).toBe('1');
  });

  it('opens on the sign-up form for Sign Up, with a way to the sign-in form', async () => {
    const browser = new HttpBrowser();
    const signUpFirst = await startSignIn(browser, '/api/login?returnTo=%2F&screen_hint=signup');
    expect(signUpFirst.body).toContain('Create Account');
    const signInForm = await browser.navigate(`${signUpFirst.url.href}/login`);
    expect(signInForm.body).toContain('<h1>Sign In</h1>');
  });

  it('makes ADMIN_EMAILS admins on sign-in once the email is verified', async () => {
    const browser = new HttpBrowser();
    await signUp(browser, { email: 'Boss@Example.com' });
    expect((await currentUser(browser)).body.role).toBe('admin');
  });

  it('keeps returnTo on this site', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const browser = new HttpBrowser();
      const page = await signUp(
        browser,
        { email: uniqueEmail() },
        `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
      );
      expect(page.url.href).toBe(`${site}/`);
    }
  });
});

describe('callback and session failures', () => {
  it('answers a state mismatch with the Invalid state page', async () => {
    const browser = new HttpBrowser();
    const started = await browser.request(`${site}/api/login`);
    expect(started.status).toBe(302);
    const page = await browser.navigate(`${site}/api/callback?code=abc&state=someone-elses-state`);
    expect(page.status).toBe(400);
    expect(page.body).toContain('Invalid state');
  });

  it('answers a callback without a sign-in in progress with a clear page', async () => {
    const page = await new HttpBrowser().navigate(`${site}/api/callback?code=abc&state=xyz`);
    expect(page.status).toBe(400);
    expect(page.body).toContain('No sign-in is in progress');
  });

  it('refuses a tampered session cookie', async () => {
    const browser = new HttpBrowser();
    await signUp(browser, { email: uniqueEmail() });
    const cookie = browser.cookie(site, 'session') ?? '';
    browser.setCookie(site, 'session', `${cookie.slice(0, -2)}xy`);
    expect((await currentUser(browser)).status).toBe(401);
  });

  it('refuses an expired session and deletes it', async () => {
    const browser = new HttpBrowser();
    await signUp(browser, { email: uniqueEmail() });
    const id = hashToken(browser.cookie(site, 'session') ?? '');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    expect((await currentUser(browser)).status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });
});

describe('bearer access tokens', () => {
  it('accepts an access token from the issuer and refuses one from another issuer', async () => {
    const browser = new HttpBrowser();
    const email = uniqueEmail();
    await signUp(browser, { email });
    const [row] = await t.database.db
      .select({ accessToken: sessions.accessToken })
      .from(sessions)
      .where(eq(sessions.id, hashToken(browser.cookie(site, 'session') ?? '')));
    const accessToken = row?.accessToken ?? '';
    expect(accessToken.split('.')).toHaveLength(3);

    const accepted = await fetch(`${site}/api/auth/user`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { email: string }).email).toBe(email);

    // Same claims, but signed by someone else's key and naming another issuer.
    const { privateKey } = await generateKeyPair('RS256');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const forged = await new SignJWT({ scope: 'openid' })
      .setProtectedHeader({ alg: 'RS256', kid: 'someone-elses-key' })
      .setIssuer('http://127.0.0.1:1/other-issuer')
      .setAudience(t.config.auth.audience ?? '')
      .setSubject(user?.oidcSubject ?? '')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const refused = await fetch(`${site}/api/auth/user`, { headers: { authorization: `Bearer ${forged}` } });
    expect(refused.status).toBe(401);

    // A bearer request never falls back to the session cookie.
    const mixed = await browser.request(`${site}/api/auth/user`, {
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(mixed.status).toBe(401);
  });
});

describe('settings emails and CSRF', () => {
  it('validates and saves both emails, and refuses cross-site writes', async () => {
    const browser = new HttpBrowser();
    await signUp(browser, { email: uniqueEmail() });
    const put = (path: string, body: unknown, headers: Record<string, string>) =>
      browser.request(`${site}${path}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const sameSite = { origin: site };

    const crossSite = await put(
      '/api/user/payment-email',
      { paymentEmail: 'pay@example.com' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: 'csrf_rejected' });
    const noOrigin = await put('/api/user/payment-email', { paymentEmail: 'pay@example.com' }, {});
    expect(noOrigin.status).toBe(403);

    const empty = await put('/api/user/payment-email', { paymentEmail: '   ' }, sameSite);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'Please enter a payment email address.' });
    const invalid = await put('/api/user/payment-email', { paymentEmail: 'pay @example.com' }, sameSite);
    expect(await invalid.json()).toMatchObject({ message: 'Please enter a valid email address.' });

    const saved = await put(
      '/api/user/payment-email',
      { paymentEmail: ' pay@example.com ' },
      { 'x-requested-with': 'fetch' },
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ paymentEmail: 'pay@example.com' });

    const storeEmpty = await put('/api/user/amped-store-email', { ampedStoreEmail: '' }, sameSite);
    expect(await storeEmpty.json()).toMatchObject({ message: 'Please enter an Amped Store email address.' });
    const store = await put(
      '/api/user/amped-store-email',
      { ampedStoreEmail: 'store@example.com' },
      sameSite,
    );
    expect(store.status).toBe(200);
    expect((await currentUser(browser)).body).toMatchObject({
      paymentEmail: 'pay@example.com',
      ampedStoreEmail: 'store@example.com',
    });

    const signedOut = await fetch(`${site}/api/user/payment-email`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: site },
      body: JSON.stringify({ paymentEmail: 'x@example.com' }),
    });
    expect(signedOut.status).toBe(401);
  });

  it('publishes the sign-in configuration without secrets', async () => {
    const response = await fetch(`${site}/api/auth/config`);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ domain: new URL(site).host, clientId: 'buylist-web', audience: `${site}/api` });
  });
});
