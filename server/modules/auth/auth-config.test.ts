import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('sign-in configuration', () => {
  it('defaults to the built-in provider on the site origin', () => {
    const { auth } = loadConfig({ PUBLIC_URL: 'http://localhost:3000' });
    expect(auth).toMatchObject({
      builtInProvider: true,
      issuer: 'http://localhost:3000/oidc',
      // Stored with users: independent of PUBLIC_URL, so moving the site keeps every account.
      identityIssuer: 'built-in',
      clientId: 'buylist-web',
      clientSecret: undefined,
      audience: 'http://localhost:3000/api',
      secureCookies: false,
    });
  });

  it('uses an external issuer from the OIDC_* variables and parses ADMIN_EMAILS', () => {
    const { auth } = loadConfig({
      PUBLIC_URL: 'https://buy.example.com',
      OIDC_ISSUER: 'https://tenant.auth0.com/',
      OIDC_CLIENT_ID: 'abc',
      OIDC_CLIENT_SECRET: 's3cret',
      ADMIN_EMAILS: ' Boss@Example.com, ,staff@example.com',
    });
    expect(auth).toMatchObject({
      builtInProvider: false,
      issuer: 'https://tenant.auth0.com',
      identityIssuer: 'https://tenant.auth0.com',
      clientId: 'abc',
      clientSecret: 's3cret',
      audience: undefined,
      adminEmails: ['boss@example.com', 'staff@example.com'],
      secureCookies: true,
    });
  });

  it('requires OIDC_CLIENT_ID with OIDC_ISSUER', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/OIDC_CLIENT_ID/);
  });

  it('refuses insecure production settings but allows http on localhost', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://buy.example.com' })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://buy.example.com',
        OIDC_ISSUER: 'http://id.example.com',
        OIDC_CLIENT_ID: 'abc',
      }),
    ).toThrow(/OIDC_ISSUER: must be https/);
    expect(loadConfig({ NODE_ENV: 'production' }).auth.secureCookies).toBe(false);
  });
});
