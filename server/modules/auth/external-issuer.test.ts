// The same build against an issuer that is not its own: a second, independent oidc-provider on
// another port, configured through the OIDC_* variables as Auth0 or Keycloak would be.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { sessions } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { freePort, HttpBrowser } from '../../test/http-browser.js';
import { hashToken } from './tokens.js';

const CLIENT_ID = 'comic-buylist';
const CLIENT_SECRET = 'external-issuer-test-secret-0123456789';
const AUDIENCE = 'https://api.comic-buylist.test';

let t: TestApp;
let site: string;
let issuer: string;
let issuerServer: http.Server;

beforeAll(async () => {
  const [sitePort, issuerPort] = [await freePort(), await freePort()];
  site = `http://127.0.0.1:${sitePort}`;
  issuer = `http://127.0.0.1:${issuerPort}`;
  // A foreign provider with the library's development sign-in pages (any login, any password) and
  // its in-memory storage: it stands in for someone else's identity service.
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${site}/api/callback`],
        post_logout_redirect_uris: [`${site}/`],
        grant_types: ['authorization_code', 'refresh_token'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Grant: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: `${sub}@foreign.example`,
        email_verified: true,
        given_name: 'Gwen',
        family_name: 'Stacy',
      }),
    }),
    features: {
      resourceIndicators: {
        enabled: true,
        defaultResource: () => AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'openid profile email',
          audience: AUDIENCE,
          accessTokenFormat: 'jwt',
        }),
      },
    },
  });
  issuerServer = http.createServer(provider.callback());
  await new Promise<void>((resolve) => issuerServer.listen(issuerPort, '127.0.0.1', resolve));

  t = await createTestApp({
    env: {
      PUBLIC_URL: site,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_AUDIENCE: AUDIENCE,
      ADMIN_EMAILS: 'staff@foreign.example',
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: sitePort });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => issuerServer?.close(resolve));
});

describe('an external OIDC issuer', () => {
  it('does not mount the built-in provider', async () => {
    const response = await fetch(`${site}/oidc/.well-known/openid-configuration`);
    expect(response.status).not.toBe(200);
    expect(await response.text()).not.toContain('issuer');
  });

  it('signs in through the foreign issuer, accepts its access tokens and signs out there', async () => {
    const browser = new HttpBrowser();
    const login = await browser.navigate(`${site}/api/login?returnTo=%2Fsubmissions`);
    expect(login.url.origin).toBe(issuer);
    const consent = await browser.submit(login, { login: 'staff', password: 'anything' });
    const landed = consent.url.origin === issuer ? await browser.submit(consent, {}) : consent;
    expect(landed.url.href).toBe(`${site}/submissions`);

    const me = await browser.request(`${site}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: 'staff@foreign.example',
      firstName: 'Gwen',
      lastName: 'Stacy',
      role: 'admin',
    });

    const config = (await (await fetch(`${site}/api/auth/config`)).json()) as Record<string, unknown>;
    expect(config).toEqual({ domain: new URL(issuer).host, clientId: CLIENT_ID, audience: AUDIENCE });

    // An API client presenting the foreign issuer's access token (the one the sign-in obtained).
    const [row] = await t.database.db
      .select({ accessToken: sessions.accessToken })
      .from(sessions)
      .where(eq(sessions.id, hashToken(browser.cookie(site, 'session') ?? '')));
    const bearer = await fetch(`${site}/api/auth/user`, {
      headers: { authorization: `Bearer ${row?.accessToken ?? ''}` },
    });
    expect(bearer.status).toBe(200);
    expect(await bearer.json()).toMatchObject({ email: 'staff@foreign.example' });

    const ask = await browser.navigate(`${site}/api/logout`);
    const logout = await browser.submit(ask, {}, '/api/logout');
    expect(logout.url.origin).toBe(issuer);
    const signedOut = await browser.request(`${site}/api/auth/user`);
    expect(signedOut.status).toBe(200);
    expect(await signedOut.json()).toBeNull();
  });
});
