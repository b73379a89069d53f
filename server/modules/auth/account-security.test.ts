// Regression tests for the account-security findings of issue 7 (items 1, 2 login part, 3, 5, 7):
// each repro of the outside probe, now answered safely. Real HTTP on a real port with a cookie-keeping
// client, on PGlite or PostgreSQL (DATABASE_URL).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authTransactions,
  emailVerificationTokens,
  localAccounts,
  loginThrottle,
  mailOutbox,
  pendingAdminGrants,
  sessions,
  users,
} from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { freePort, HttpBrowser, type Page } from '../../test/http-browser.js';
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  beginLoginAttempt,
  delaySeconds,
  loginSucceeded,
} from '../identity-provider/login-throttle.js';
import { grantAdminByEmail, upsertUserFromSignIn } from '../users/repository.js';
import { redactUrl } from './log-redaction.js';
import { LOGIN_STARTS_PER_MINUTE } from './routes.js';
import { hashToken } from './tokens.js';
import { canOpenTransaction, saveTransaction } from './transactions.js';

const PASSWORD = 'correct horse battery';
let t: TestApp;
let site: string;
let clientDir: string;
let counter = 0;

function uniqueEmail(prefix = 'seller'): string {
  counter += 1;
  return `${prefix}.${counter}.${Date.now()}@example.com`;
}

async function startSignIn(browser: HttpBrowser, query = 'returnTo=%2Fsell'): Promise<Page> {
  const page = await browser.navigate(`${site}/api/login?${query}`);
  expect(page.url.pathname).toMatch(/^\/oidc\/interaction\/[^/]+$/);
  return page;
}

async function submitSignUp(browser: HttpBrowser, email: string, password = PASSWORD): Promise<Page> {
  const start = await startSignIn(browser);
  const form = await browser.navigate(`${start.url.href}/signup`);
  return browser.submit(form, { email, password, givenName: '', familyName: '' });
}

async function signIn(browser: HttpBrowser, email: string, password = PASSWORD): Promise<Page> {
  return browser.submit(await startSignIn(browser), { email, password });
}

async function mailsTo(email: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt));
}

async function verificationLink(email: string): Promise<string> {
  const link = (await mailsTo(email))
    .map((row) => /https?:\/\/\S+\?token=[\w-]+/.exec(row.textBody)?.[0])
    .find(Boolean);
  if (!link) throw new Error(`no verification mail for ${email}`);
  return link;
}

async function currentUser(browser: HttpBrowser) {
  const response = await browser.request(`${site}/api/auth/user`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The claims of the ID token the app stored for the browser's session. */
async function idTokenClaims(browser: HttpBrowser) {
  const [row] = await t.database.db
    .select({ idToken: sessions.idToken })
    .from(sessions)
    .where(eq(sessions.id, hashToken(browser.cookie(site, 'session') ?? '')));
  return decodeJwt(row?.idToken ?? '');
}

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'account-security-client-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>x</title><!--site-config--></head><body></body></html>',
  );
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: { PUBLIC_URL: site, ADMIN_EMAILS: 'chief@example.com, later-chief@example.com' },
    clientDir,
  });
  await t.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe('item 1: an email counts only after its link is followed', () => {
  it('a sign-up with an ADMIN_EMAILS address is not staff until the link is followed', async () => {
    const email = 'chief@example.com';
    const signingUp = new HttpBrowser();
    const checkEmail = await submitSignUp(signingUp, email);
    expect(checkEmail.status).toBe(200);
    expect(checkEmail.body).toContain('Check Your Email');
    expect(signingUp.cookie(site, 'session')).toBeUndefined();

    // The probe's repro: sign in with the password just chosen. Signed in, but not admin, and the
    // provider says so truthfully.
    const attacker = new HttpBrowser();
    expect((await signIn(attacker, email)).url.href).toBe(`${site}/sell`);
    expect((await currentUser(attacker)).body.role).toBe('user');
    expect((await idTokenClaims(attacker)).email_verified).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerified).toBe(false);

    // The link, followed in another browser, confirms the address but signs nobody in there.
    const elsewhere = new HttpBrowser();
    const confirmed = await elsewhere.navigate(await verificationLink(email));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain('Email Confirmed');
    expect(elsewhere.cookie(site, 'session')).toBeUndefined();

    // The next sign-in carries email_verified: true, and ADMIN_EMAILS applies.
    const owner = new HttpBrowser();
    await signIn(owner, email);
    expect((await idTokenClaims(owner)).email_verified).toBe(true);
    expect((await currentUser(owner)).body.role).toBe('admin');
  });

  it('the link followed in the browser that signed up finishes the sign-in', async () => {
    const email = uniqueEmail();
    const browser = new HttpBrowser();
    await submitSignUp(browser, email);
    const landed = await browser.navigate(await verificationLink(email));
    expect(landed.url.href).toBe(`${site}/sell`);
    expect((await currentUser(browser)).body).toMatchObject({ email, role: 'user' });
    expect((await idTokenClaims(browser)).email_verified).toBe(true);
    const [account] = await t.database.db.select().from(localAccounts).where(eq(localAccounts.email, email));
    expect(account?.emailVerified).toBe(true);
  });

  it('stores only the hash of the token, and a link works once and not after 24 hours', async () => {
    const email = uniqueEmail();
    await submitSignUp(new HttpBrowser(), email);
    const link = await verificationLink(email);
    const token = new URL(link).searchParams.get('token') ?? '';
    const stored = await t.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.id, hashToken(token)));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    const expiresAt = stored[0]!.expiresAt.getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);

    expect((await new HttpBrowser().navigate(link)).status).toBe(200);
    const again = await new HttpBrowser().navigate(link);
    expect(again.status).toBe(400);
    expect(again.body).toContain('Link Expired');

    // An expired link: signing in again issues a fresh one; expire it and follow it.
    const other = uniqueEmail();
    await submitSignUp(new HttpBrowser(), other);
    await t.database.db.execute(
      sql`update email_verification_tokens set expires_at = now() - interval '1 second'
          where account_id = (select id from local_accounts where email = ${other})`,
    );
    const expired = await new HttpBrowser().navigate(await verificationLink(other));
    expect(expired.status).toBe(400);
    const [account] = await t.database.db.select().from(localAccounts).where(eq(localAccounts.email, other));
    expect(account?.emailVerified).toBe(false);
    await signIn(new HttpBrowser(), other);
    const fresh = await verificationLink(other);
    expect(new URL(fresh).pathname).toBe('/oidc/verify-email');
    expect((await new HttpBrowser().navigate(fresh)).body).toContain('Email Confirmed');
  });

  it('sign-up answers the same for a taken email and mails its owner instead', async () => {
    const email = uniqueEmail('owner');
    const first = await submitSignUp(new HttpBrowser(), email);
    const second = await submitSignUp(new HttpBrowser(), email.toUpperCase(), 'another long passphrase');
    const normalise = (page: Page) => page.body.replace(/interaction\/[^/"]+/g, 'interaction/UID');
    expect(second.status).toBe(first.status);
    expect(normalise(second)).toBe(normalise(first).replace(email, email.toUpperCase()));

    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'You already have an account at Amped Comics',
      'Confirm your email address for Amped Comics',
    ]);
    expect(mails[0]?.textBody).toContain('sign in with your password instead');
    expect(mails[0]?.htmlBody).toContain('<a href=');
    const accounts = await t.database.db
      .select()
      .from(localAccounts)
      .where(eq(sql`lower(${localAccounts.email})`, email.toLowerCase()));
    expect(accounts).toHaveLength(1);
    expect((await signIn(new HttpBrowser(), email, 'another long passphrase')).status).toBe(401);
  });

  it('grant-admin for an unknown email leaves a pending grant that only a verified sign-in claims', async () => {
    const email = 'pending.staff@example.com';
    expect(await grantAdminByEmail(t.database.db, email)).toEqual({ kind: 'pending' });
    await submitSignUp(new HttpBrowser(), email);
    const early = new HttpBrowser();
    await signIn(early, email);
    expect((await currentUser(early)).body.role).toBe('user');
    expect(await t.database.db.select().from(pendingAdminGrants)).toHaveLength(1);

    await new HttpBrowser().navigate(await verificationLink(email));
    const verified = new HttpBrowser();
    await signIn(verified, email);
    expect((await currentUser(verified)).body.role).toBe('admin');
    expect(await t.database.db.select().from(pendingAdminGrants)).toHaveLength(0);
    // Now that the address is verified, grant-admin promotes at once.
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, user!.id));
    expect((await grantAdminByEmail(t.database.db, email)).kind).toBe('promoted');
  });

  it('an external issuer must say email_verified: true for ADMIN_EMAILS to apply', async () => {
    const identity = {
      issuer: 'https://issuer.example',
      subject: `sub-${Date.now()}`,
      email: 'later-chief@example.com',
    };
    const policy = { adminEmails: ['later-chief@example.com'] };
    const unverified = await upsertUserFromSignIn(
      t.database.db,
      { ...identity, emailVerified: false },
      policy,
    );
    expect(unverified.role).toBe('user');
    const verified = await upsertUserFromSignIn(t.database.db, { ...identity, emailVerified: true }, policy);
    expect(verified).toMatchObject({ id: unverified.id, role: 'admin', emailVerified: true });
  });
});

describe('item 2: sign-in attempts are limited per account, with a growing delay', () => {
  it('the delay grows per account whatever the address, and is capped', async () => {
    const db = t.database.db;
    const email = uniqueEmail('victim');
    let now = new Date('2030-01-01T00:00:00Z');
    const results = [];
    for (let i = 0; i < ACCOUNT_RULE.free + 1; i += 1) {
      results.push(await beginLoginAttempt(db, { email, address: `10.0.0.${i}` }, now));
    }
    expect(results.every((result) => result.allowed)).toBe(true);
    // A new address does not help: the account itself waits.
    expect(await beginLoginAttempt(db, { email, address: '10.0.1.1' }, now)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    now = new Date(now.getTime() + 1000);
    expect((await beginLoginAttempt(db, { email, address: '10.0.1.2' }, now)).allowed).toBe(true);
    expect(await beginLoginAttempt(db, { email, address: '10.0.1.3' }, now)).toEqual({
      allowed: false,
      retryAfterSeconds: 2,
    });
    expect([6, 7, 8, 9, 20, 200].map((n) => delaySeconds(n, ACCOUNT_RULE))).toEqual([1, 2, 4, 8, 60, 60]);
    expect(delaySeconds(200, ADDRESS_RULE)).toBe(15 * 60);

    // The owner, after the (at most one minute) wait, signs in and the account starts from zero.
    now = new Date(now.getTime() + 60_000);
    expect((await beginLoginAttempt(db, { email, address: '192.0.2.1' }, now)).allowed).toBe(true);
    await loginSucceeded(db, { email, address: '192.0.2.1' });
    const [row] = await db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `account:${email}`));
    expect(row).toBeUndefined();
  });

  it('the counters live in the database (shared by every process) and one address is limited too', async () => {
    const db = t.database.db;
    const now = new Date('2030-02-01T00:00:00Z');
    for (let i = 0; i < ADDRESS_RULE.free + 1; i += 1) {
      expect(
        (await beginLoginAttempt(db, { email: uniqueEmail('spray'), address: '198.51.100.7' }, now)).allowed,
      ).toBe(true);
    }
    const blocked = await beginLoginAttempt(
      db,
      { email: uniqueEmail('spray'), address: '198.51.100.7' },
      now,
    );
    expect(blocked.allowed).toBe(false);
    const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, 'address:198.51.100.7'));
    expect(row?.failures).toBe(ADDRESS_RULE.free + 1);
  });
});

describe('item 3: no open redirect through /api/login', () => {
  it.each(['/.//evil.example/phish', '/a/..//evil.example', '/%2F%2Fevil.example', '/\t/evil.example'])(
    'GET /api/login?returnTo=%s stores / as the destination',
    async (returnTo) => {
      const response = await t.app.inject({
        url: `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
        remoteAddress: '203.0.113.3',
      });
      expect(response.statusCode).toBe(302);
      const [row] = await t.database.db
        .select()
        .from(authTransactions)
        .orderBy(desc(authTransactions.createdAt))
        .limit(1);
      expect(row?.returnTo).toBe('/');
    },
  );
});

describe('item 5: the sign-in and sign-up forms refuse odd bodies with a page, never a 500', () => {
  const forms = ['/oidc/interaction/some-uid/login', '/oidc/interaction/some-uid/signup'];
  it.each(
    forms.flatMap((url) =>
      ['text/plain', 'application/json', 'multipart/form-data; boundary=x', 'application/xml'].map(
        (type) => [url, type] as const,
      ),
    ),
  )('%s with %s answers 415', async (url, type) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': type, origin: site },
      payload: type.includes('json') ? '{"email":"a@example.com","password":["x"]}' : 'email=a',
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Unsupported Form');
  });

  it.each(forms)('%s with a body over 16 KB answers 413', async (url) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site },
      payload: `email=a@example.com&password=${'x'.repeat(17 * 1024)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Form Too Large');
  });
});

describe('item 7: sign-out, sign-in transactions, issuer, headers', () => {
  it('GET /api/logout only asks; a cross-site POST is refused; our own POST signs out', async () => {
    const browser = new HttpBrowser();
    const email = uniqueEmail();
    await submitSignUp(browser, email);
    await browser.navigate(await verificationLink(email));
    const asked = await browser.navigate(`${site}/api/logout`);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('cache-control')).toBe('no-store');
    expect(asked.body).toContain('<form method="post" action="/api/logout">');
    expect((await currentUser(browser)).status).toBe(200);

    const forged = await browser.request(`${site}/api/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(forged.status).toBe(403);
    expect((await currentUser(browser)).status).toBe(200);

    const own = await browser.request(`${site}/api/logout`, {
      method: 'POST',
      headers: { origin: site, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(own.status).toBe(303);
    // Signed out: the cookie is gone, and without credentials the answer is a guest (null).
    expect(browser.cookie(site, 'session')).toBeUndefined();
    expect((await currentUser(browser)).body).toBeNull();
  });

  it('limits GET /api/login per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_STARTS_PER_MINUTE; i += 1) {
      const response = await t.app.inject({ url: '/api/login', remoteAddress: '203.0.113.99' });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, LOGIN_STARTS_PER_MINUTE).every((status) => status === 302)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const other = await t.app.inject({ url: '/api/login', remoteAddress: '203.0.113.100' });
    expect(other.statusCode).toBe(302);
  });

  it('caps the open sign-in transactions', async () => {
    const [row] = await t.database.db
      .select({ open: sql<number>`count(*)::int` })
      .from(authTransactions)
      .where(sql`${authTransactions.expiresAt} > now()`);
    const open = row?.open ?? 0;
    expect(await canOpenTransaction(t.database.db, open + 1)).toBe(true);
    await saveTransaction(t.database.db, `state-${Date.now()}`, 'binding', {
      nonce: 'n',
      codeVerifier: 'v',
      returnTo: '/',
    });
    expect(await canOpenTransaction(t.database.db, open + 1)).toBe(false);
  });

  it('an unused callback URL is worthless without the browser cookie that started it', async () => {
    const owner = new HttpBrowser();
    const email = uniqueEmail();
    await submitSignUp(owner, email);
    await new HttpBrowser().navigate(await verificationLink(email));

    // The owner signs in, but the callback URL is intercepted before their browser uses it.
    const form = await startSignIn(owner);
    let response = await owner.request(new URL(findAction(form.body), form.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site },
      body: new URLSearchParams({ email, password: PASSWORD }),
    });
    let location = new URL(response.headers.get('location') ?? '', site);
    while (!location.pathname.startsWith('/api/callback')) {
      response = await owner.request(location);
      location = new URL(response.headers.get('location') ?? '', location);
    }
    const state = location.searchParams.get('state') ?? '';
    expect(owner.cookie(site, 'auth_state')).not.toBe(state);

    // The thief sends the URL with the state as the cookie (what used to work), and without any.
    const thief = new HttpBrowser();
    thief.setCookie(site, 'auth_state', state, '/api/callback');
    const stolen = await thief.navigate(location);
    expect(stolen.status).toBe(400);
    expect(thief.cookie(site, 'session')).toBeUndefined();
    const bare = await new HttpBrowser().navigate(location);
    expect(bare.status).toBe(400);

    // The owner's browser still finishes its sign-in.
    const landed = await owner.navigate(location);
    expect(landed.url.href).toBe(`${site}/sell`);
    expect((await currentUser(owner)).body.email).toBe(email);
  });

  it('never logs callback URLs with their code and state, nor verification tokens', () => {
    expect(redactUrl('/api/callback?code=abc&state=def')).toBe('/api/callback?[redacted]');
    expect(redactUrl('/oidc/interaction/u/verify?token=t')).toBe('/oidc/interaction/u/verify?[redacted]');
    expect(redactUrl('/oidc/auth?state=s&nonce=n')).toBe('/oidc/auth?[redacted]');
    expect(redactUrl('/api/submissions?cursor=x')).toBe('/api/submissions?cursor=x');
  });

  it('X-Forwarded-Host and Host never change the discovery document', async () => {
    const response = await t.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    const metadata = response.json<Record<string, string>>();
    expect(metadata.issuer).toBe(`${site}/oidc`);
    expect(metadata.authorization_endpoint).toBe(`${site}/oidc/auth`);
    expect(metadata.jwks_uri).toBe(`${site}/oidc/jwks`);
    expect(JSON.stringify(metadata)).not.toContain('evil.example');
  });

  it('auth and account responses are no-store', async () => {
    const browser = new HttpBrowser();
    const email = uniqueEmail();
    await submitSignUp(browser, email);
    await browser.navigate(await verificationLink(email));
    expect((await browser.request(`${site}/api/auth/user`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${site}/api/auth/user`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${site}/api/auth/config`)).headers.get('cache-control')).toBe('no-store');
    const put = await browser.request(`${site}/api/user/payment-email`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: site },
      body: JSON.stringify({ paymentEmail: 'pay@example.com' }),
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('cache-control')).toBe('no-store');
  });

  it('serves /index.html as the app, never the raw template', async () => {
    const response = await fetch(`${site}/index.html`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toContain('<!--site-config-->');
    expect(body).toContain('id="site-config"');
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    const overHttp = await t.app.inject({ url: '/healthz' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    const production = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3999' },
    });
    try {
      expect(
        (await production.app.inject({ url: '/healthz' })).headers['strict-transport-security'],
      ).toBeUndefined();
    } finally {
      await production.close();
    }
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
    try {
      expect((await https.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toContain(
        'max-age=31536000',
      );
    } finally {
      await https.close();
    }
  });
});

/** The action of the first form on a page. */
function findAction(html: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form');
  return action.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
}
