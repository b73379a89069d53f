import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { AuthConfig } from '../../config.js';
import { HttpError } from '../../plugins/errors.js';

/** The scope the app asks for (spec section 6). */
export const SIGN_IN_SCOPE = 'openid profile email offline_access';
/** Allowed clock difference for token time claims (spec section 9: ID token leeway 60 s). */
export const CLOCK_TOLERANCE_SECONDS = 60;

/** What the browser must carry from /api/login to the callback (kept server-side, keyed by state). */
export interface SignInStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The identity and tokens from a completed sign-in. */
export interface SignInResult {
  claims: client.IDToken;
  idToken: string | undefined;
  accessToken: string;
  refreshToken: string | undefined;
  accessTokenExpiresAt: Date | undefined;
}

/** A sign-in that failed for a reason the error page explains; `code` follows the spec's names. */
export class SignInError extends Error {
  override name = 'SignInError';
  constructor(
    readonly code:
      'state_mismatch' | 'missing_transaction' | 'login_failed' | 'access_denied' | 'organization_mismatch',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The app's OpenID Connect client (the "backend for frontend"): authorization code flow with PKCE,
 * state and nonce through openid-client, configured for any issuer by discovery. Discovery happens
 * on first use, over HTTP, even for the built-in provider on the app's own origin.
 */
export class RelyingParty {
  private configuration: Promise<client.Configuration> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(
    private readonly auth: AuthConfig,
    private readonly siteUrl: string,
    /** The client secret, resolved lazily (the built-in provider keeps it in the database). */
    private readonly clientSecret: string | undefined,
  ) {}

  /** Where the provider sends the browser back to. */
  get redirectUri(): string {
    return `${this.siteUrl}/api/callback`;
  }

  /** Discovers the issuer once; a failed discovery is retried on the next call instead of cached. */
  async discover(): Promise<client.Configuration> {
    this.configuration ??= this.runDiscovery().catch((error: unknown) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  private async runDiscovery(): Promise<client.Configuration> {
    const issuer = new URL(this.auth.issuer);
    const metadata: Partial<client.ClientMetadata> = {
      client_secret: this.clientSecret,
      id_token_signed_response_alg: 'RS256',
      [client.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
    };
    const authentication = this.clientSecret ? client.ClientSecretBasic(this.clientSecret) : client.None();
    const configuration = await client.discovery(issuer, this.auth.clientId, metadata, authentication, {
      // Plain http is only possible for loopback issuers; config refuses it elsewhere in production.
      ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      timeout: 10,
    });
    const jwksUri = configuration.serverMetadata().jwks_uri;
    if (jwksUri) this.jwks = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 10_000 });
    return configuration;
  }

  /** Builds the authorization URL with fresh state, nonce and PKCE verifier. */
  async start(options: { screenHint?: 'signup' } = {}): Promise<SignInStart> {
    const configuration = await this.discover();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri,
      scope: SIGN_IN_SCOPE,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    // Auth0 names the API with `audience`; the built-in provider picks its API resource by default.
    if (this.auth.audience && !this.auth.builtInProvider) parameters.audience = this.auth.audience;
    if (this.auth.organization) parameters.organization = this.auth.organization;
    if (options.screenHint) parameters.screen_hint = options.screenHint;
    return { url: client.buildAuthorizationUrl(configuration, parameters).href, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code and validates the ID token: RS256 signature against the issuer's keys,
   * issuer, subject, audience and authorized party, nonce, exp/iat/nbf with 60 s leeway (all done
   * by openid-client), then the organisation when one is required.
   */
  async complete(
    currentUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<SignInResult> {
    const configuration = await this.discover();
    const error = currentUrl.searchParams.get('error');
    if (error) {
      throw new SignInError(
        error === 'access_denied' ? 'access_denied' : 'login_failed',
        currentUrl.searchParams.get('error_description') ?? 'Login failed',
      );
    }
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (cause) {
      throw Object.assign(new SignInError('login_failed', 'Login failed'), { cause });
    }
    const claims = tokens.claims();
    if (!claims) throw new SignInError('login_failed', 'Login failed');
    this.checkOrganization(claims);
    return {
      claims,
      idToken: tokens.id_token,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      accessTokenExpiresAt:
        typeof tokens.expires_in === 'number' ? new Date(Date.now() + tokens.expires_in * 1000) : undefined,
    };
  }

  private checkOrganization(claims: client.IDToken): void {
    const required = this.auth.organization;
    if (!required) return;
    // Auth0 convention: ids start with org_, names are compared case-insensitively.
    const matches = required.startsWith('org_')
      ? claims.org_id === required
      : typeof claims.org_name === 'string' && claims.org_name.toLowerCase() === required.toLowerCase();
    if (!matches)
      throw new SignInError('organization_mismatch', 'Your account is not part of this organisation.');
  }

  /** The provider's sign-out URL returning to the site, or undefined when it offers none. */
  async endSessionUrl(idToken: string | undefined): Promise<string | undefined> {
    const configuration = await this.discover();
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    const parameters: Record<string, string> = {
      post_logout_redirect_uri: `${this.siteUrl}/`,
      client_id: this.auth.clientId,
    };
    if (idToken) parameters.id_token_hint = idToken;
    return client.buildEndSessionUrl(configuration, parameters).href;
  }

  /**
   * Verifies an API client's bearer access token: a JWT signed by the same issuer (keys from its
   * published JWKS), for our audience (or, without one, issued to our client), not expired.
   */
  async verifyAccessToken(token: string): Promise<JWTPayload & { sub: string }> {
    const configuration = await this.discover();
    if (!this.jwks) throw new HttpError(401, 'Invalid access token', 'invalid_token');
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        issuer: configuration.serverMetadata().issuer,
        ...(this.auth.audience ? { audience: this.auth.audience } : {}),
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
      });
      if (
        !this.auth.audience &&
        payload.azp !== this.auth.clientId &&
        payload.client_id !== this.auth.clientId
      ) {
        throw new Error('token was issued to another client');
      }
      return payload as JWTPayload & { sub: string };
    } catch {
      throw new HttpError(401, 'Invalid access token', 'invalid_token');
    }
  }
}
