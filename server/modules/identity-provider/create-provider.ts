import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/client.js';
import { DbAdapter } from './db-adapter.js';
import { findLocalAccountById } from './local-accounts.js';
import { messagePage, signOutPage, type PageContext } from './pages.js';
import type { ProviderSecrets } from './provider-secrets.js';

/** Where the built-in provider lives and which single client (the app itself) it serves. */
export interface BuiltInProviderOptions {
  db: Db;
  secrets: ProviderSecrets;
  /** Issuer identifier, PUBLIC_URL + '/oidc'. */
  issuer: string;
  /** The site's origin (redirect and post-logout URIs are derived from it). */
  siteUrl: string;
  clientId: string;
  /** Audience of the JWT access tokens it issues for the app's API. */
  audience: string;
  businessName: string;
}

const SCOPES = 'openid profile email offline_access';
const API_SCOPES = 'openid profile email';

/** The path prefix the provider is mounted under, which is also the issuer's path. */
export const PROVIDER_MOUNT_PATH = '/oidc';

/** Builds the oidc-provider instance of the built-in identity provider. */
export function createBuiltInProvider(options: BuiltInProviderOptions): Provider {
  const page: PageContext = { businessName: options.businessName, siteUrl: options.siteUrl };
  const configuration: Configuration = {
    adapter: (model: string) => new DbAdapter(options.db, model),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.secrets.clientSecret,
        client_name: options.businessName,
        redirect_uris: [`${options.siteUrl}/api/callback`],
        post_logout_redirect_uris: [`${options.siteUrl}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: options.secrets.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: options.secrets.cookieKeys },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // Put the profile and email claims in the ID token: the app reads them there, as it does with
    // Auth0 or Keycloak, and its access token is for its own API, not the userinfo endpoint.
    conformIdTokenClaims: false,
    extraParams: ['screen_hint'],
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const account = await findLocalAccountById(options.db, sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        async claims() {
          const name = [account.givenName, account.familyName].filter(Boolean).join(' ');
          return {
            sub: account.id,
            email: account.email,
            email_verified: account.emailVerified,
            ...(account.givenName ? { given_name: account.givenName } : {}),
            ...(account.familyName ? { family_name: account.familyName } : {}),
            ...(name ? { name } : {}),
          };
        },
      };
    },
    interactions: {
      url: (_ctx, interaction) => `${PROVIDER_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    // The app is the provider's only client and is first-party: consent is implied, so the
    // provider never shows a consent screen (the library's documented first-party recipe).
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (oidc.client.clientId !== options.clientId) return undefined;
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope(SCOPES);
      grant.addResourceScope(options.audience, API_SCOPES);
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = signOutPage(page, form);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage(page, { title: 'Signed Out', message: 'You have been signed out.' });
        },
      },
      // JWT access tokens for the app's API, so API clients can call it with a bearer token that
      // the app verifies against this provider's published keys.
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== options.audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES,
            audience: options.audience,
            accessTokenTTL: 60 * 60,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage(page, {
        title: 'Sign-in Problem',
        message: `Sign-in could not continue: ${String(out.error_description ?? out.error ?? 'unknown error')}. Please start again from the site.`,
      });
    },
  };
  const provider = new Provider(options.issuer, configuration);
  // Host and X-Forwarded-Host/Proto of /oidc requests are overwritten with the issuer's own before
  // they get here (plugin.ts), so reading them yields PUBLIC_URL's scheme and host and nothing else.
  provider.proxy = true;
  return provider;
}
