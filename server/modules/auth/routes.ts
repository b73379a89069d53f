import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { appSignOutPage, messagePage, type PageContext } from '../identity-provider/pages.js';
import { AUTO_SUBMIT_JS, PAGES_CSS } from '../identity-provider/page-assets.js';
import { presentUser } from '../users/present-user.js';
import { AccountConflictError, upsertUserFromSignIn } from '../users/repository.js';
import { sessionCookieName, sessionCookieOptions } from './auth-plugin.js';
import { SignInError, type RelyingParty } from './relying-party.js';
import { safeReturnTo } from './return-to.js';
import { createSession, deleteSession } from './session-store.js';
import { randomToken } from './tokens.js';
import {
  canOpenTransaction,
  saveTransaction,
  takeTransaction,
  TRANSACTION_TTL_SECONDS,
} from './transactions.js';

/** Options of the sign-in routes. */
export interface AuthRoutesOptions {
  db: Db;
  config: AppConfig;
  relyingParty: RelyingParty;
}

// The browser half of a sign-in in progress: a random secret, scoped to the callback path and never
// part of any URL. The callback needs both the URL's state and this cookie's secret, whose hash the
// transaction holds: a callback URL crafted by someone else (login CSRF) cannot sign this browser
// into their account, and someone who gets hold of an unused callback URL cannot finish its sign-in.
const STATE_COOKIE = 'auth_state';
const STATE_COOKIE_PATH = '/api/callback';

/** GET /api/login per client address per minute (each one writes a transaction row). */
export const LOGIN_STARTS_PER_MINUTE = 30;

const loginQuery = z.object({
  returnTo: z.string().optional(),
  screen_hint: z.enum(['signup', 'login']).optional(),
});

/** The error page's title and message for each failure, worded like the spec's error names. */
function describe(error: SignInError | AccountConflictError): {
  title: string;
  message: string;
  status: number;
} {
  if (error instanceof AccountConflictError) {
    return {
      title: 'Sign-in Problem',
      message: 'An account with this email already exists. Sign in the way you signed in before.',
      status: 409,
    };
  }
  switch (error.code) {
    case 'state_mismatch':
      return {
        title: 'Invalid state',
        message:
          'This sign-in response does not match the sign-in this browser started. Please sign in again.',
        status: 400,
      };
    case 'missing_transaction':
      return {
        title: 'Sign-in Expired',
        message: 'No sign-in is in progress in this browser (it may have expired). Please sign in again.',
        status: 400,
      };
    case 'access_denied':
      return { title: 'Sign-in Cancelled', message: 'Sign-in was cancelled.', status: 400 };
    case 'organization_mismatch':
      return { title: 'Access Denied', message: error.message, status: 403 };
    default:
      return {
        title: 'Login failed',
        message: 'Sign-in could not be completed. Please try again.',
        status: 400,
      };
  }
}

/** GET /api/login, the callback, GET /api/logout, GET /api/auth/config, GET /api/auth/user. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { db, config, relyingParty } = options;
  const auth = config.auth;
  const page: PageContext = { businessName: config.site.businessName, siteUrl: config.publicUrl };
  const cookieName = sessionCookieName(auth);

  // Sign-in and account responses are private: never stored by the browser or a shared cache.
  // (The two page assets below set their own public caching first.)
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  // The sign-out form (GET /api/logout's page) posts an empty urlencoded body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  await app.register(rateLimit, { global: false });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error.statusCode === 429 && request.url.startsWith('/api/login')) {
      return errorPage(reply, {
        title: 'Too Many Requests',
        message: 'Too many sign-ins were started from your address. Please wait a minute and try again.',
        status: 429,
      });
    }
    throw error;
  });

  function errorPage(reply: FastifyReply, problem: { title: string; message: string; status: number }) {
    return reply
      .status(problem.status)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(messagePage(page, problem));
  }

  // Stylesheet and the sign-out auto-submit script of the server-rendered sign-in pages.
  app.get('/auth-ui/pages.css', async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/css; charset=utf-8').send(PAGES_CSS),
  );
  app.get('/auth-ui/auto-submit.js', async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(AUTO_SUBMIT_JS),
  );

  app.openapi.add({
    method: 'GET',
    path: '/api/login',
    summary: 'Browser navigation: start signing in (or signing up with screen_hint=signup)',
    description:
      "Not a JSON call: the browser navigates here and gets a 302 redirect to the identity provider's sign-in page (setting a short-lived auth_state cookie). returnTo (a path on this site) is where the callback sends the browser afterwards. Failures answer an HTML page: 429 when too many sign-ins start from one address, 503 when sign-in is unavailable.",
    tags: ['auth'],
    access: 'public',
    query: loginQuery,
    successStatus: 302,
    errors: [429, 503],
  });
  app.get(
    '/api/login',
    { config: { rateLimit: { max: LOGIN_STARTS_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const query = loginQuery.safeParse(request.query);
      const returnTo = safeReturnTo(query.success ? query.data.returnTo : undefined);
      const screenHint = query.success && query.data.screen_hint === 'signup' ? 'signup' : undefined;
      if (!(await canOpenTransaction(db))) {
        request.log.warn('too many open sign-ins; refusing new ones until some expire');
        return errorPage(reply, {
          title: 'Sign-in Unavailable',
          message: 'Sign-in is temporarily unavailable. Please try again in a moment.',
          status: 503,
        });
      }
      let start;
      try {
        start = await relyingParty.start({ screenHint });
      } catch (error) {
        request.log.error({ err: error }, 'sign-in could not start (issuer discovery failed)');
        return errorPage(reply, {
          title: 'Sign-in Unavailable',
          message: 'Sign-in is temporarily unavailable. Please try again in a moment.',
          status: 503,
        });
      }
      const binding = randomToken();
      await saveTransaction(db, start.state, binding, {
        nonce: start.nonce,
        codeVerifier: start.codeVerifier,
        returnTo,
      });
      return reply
        .setCookie(STATE_COOKIE, binding, {
          path: STATE_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: auth.secureCookies,
          maxAge: TRANSACTION_TTL_SECONDS,
        })
        .header('Cache-Control', 'no-store')
        .redirect(start.url, 302);
    },
  );

  app.openapi.add({
    method: 'GET',
    path: '/api/callback',
    summary: "Browser navigation: the identity provider's redirect back after sign-in",
    description:
      "Not a JSON call: takes the provider's code and state from the query string (and the auth_state cookie /api/login set), signs the browser in with a session cookie and answers a 302 redirect to the returnTo path. A refused sign-in answers an HTML error page (400, 403 or 409).",
    tags: ['auth'],
    access: 'public',
    successStatus: 302,
    errors: [400, 403, 409],
  });
  app.get('/api/callback', async (request: FastifyRequest, reply) => {
    const binding = request.cookies[STATE_COOKIE];
    const query = request.query as Record<string, unknown>;
    const urlState = typeof query.state === 'string' && query.state.length <= 512 ? query.state : undefined;
    reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
    try {
      if (!binding) throw new SignInError('missing_transaction', 'missing_transaction');
      if (!urlState) throw new SignInError('state_mismatch', 'Invalid state');
      const taken = await takeTransaction(db, urlState, binding);
      if (taken.kind === 'mismatch') throw new SignInError('state_mismatch', 'Invalid state');
      if (taken.kind === 'missing') throw new SignInError('missing_transaction', 'missing_transaction');
      const { transaction } = taken;
      // Build the URL from PUBLIC_URL, not the Host header, so it matches the registered redirect URI.
      const currentUrl = new URL(request.url, config.publicUrl);
      const result = await relyingParty.complete(currentUrl, { state: urlState, ...transaction });
      const { claims } = result;
      if (typeof claims.email !== 'string' || claims.email.length === 0) {
        throw new SignInError('login_failed', 'The identity provider did not share an email address.');
      }
      const user = await upsertUserFromSignIn(
        db,
        {
          issuer: auth.identityIssuer,
          subject: claims.sub,
          email: claims.email,
          emailVerified: claims.email_verified === true,
          givenName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
          familyName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
          picture: typeof claims.picture === 'string' ? claims.picture : undefined,
        },
        { adminEmails: auth.adminEmails },
      );
      // A fresh token on every sign-in (never reuse one the browser already had: session fixation).
      const previous = request.cookies[cookieName];
      if (previous) await deleteSession(db, previous);
      const token = await createSession(db, {
        userId: user.id,
        maxAgeSeconds: auth.sessionMaxAgeSeconds,
        userAgent: request.headers['user-agent'],
        tokens: result,
      });
      return reply
        .setCookie(cookieName, token, { ...sessionCookieOptions(auth), maxAge: auth.sessionMaxAgeSeconds })
        .header('Cache-Control', 'no-store')
        .redirect(transaction.returnTo, 302);
    } catch (error) {
      if (error instanceof SignInError || error instanceof AccountConflictError) {
        request.log.warn({ err: error, cause: (error as Error).cause }, 'sign-in refused');
        return errorPage(reply, describe(error));
      }
      throw error;
    }
  });

  // A link or image elsewhere must not sign anyone out: GET only shows a page whose button POSTs
  // (and the POST passes the CSRF check of every /api write: our Origin, or X-Requested-With).
  app.openapi.add({
    method: 'GET',
    path: '/api/logout',
    summary: 'Browser navigation: the sign-out page (text/html), whose button posts to POST /api/logout',
    description: 'Answers an HTML page, not JSON; a GET never signs anyone out.',
    tags: ['auth'],
    access: 'public',
  });
  app.get('/api/logout', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(appSignOutPage(page)),
  );

  app.openapi.add({
    method: 'POST',
    path: '/api/logout',
    summary: 'Browser form post: sign out',
    description:
      "Ends this browser's session, clears the session cookie and answers a 303 redirect to the identity provider's end-session page, or to the home page. Passes the CSRF check of every /api write (our Origin, or X-Requested-With).",
    tags: ['auth'],
    access: 'public',
    successStatus: 303,
  });
  app.post('/api/logout', async (request, reply) => {
    const token = request.cookies[cookieName];
    const session = token ? await deleteSession(db, token) : undefined;
    reply.clearCookie(cookieName, sessionCookieOptions(auth)).header('Cache-Control', 'no-store');
    let target = '/';
    if (session) {
      try {
        target = (await relyingParty.endSessionUrl(session.idToken ?? undefined)) ?? '/';
      } catch (error) {
        // The local session is gone either way; the provider's session simply outlives it.
        request.log.warn({ err: error }, 'could not reach the issuer to end its session');
      }
    }
    // 303: the browser follows with a GET (the issuer's end-session page, or the home page).
    return reply.redirect(target, 303);
  });

  app.openapi.add({
    method: 'GET',
    path: '/api/auth/config',
    summary:
      'The sign-in settings the client needs: { domain, clientId, audience } (audience null when unset)',
    tags: ['auth'],
    access: 'public',
  });
  app.get('/api/auth/config', async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({
      domain: new URL(auth.issuer).host,
      clientId: auth.clientId,
      audience: auth.audience ?? null,
    }),
  );

  app.openapi.add({
    method: 'GET',
    path: '/api/auth/user',
    summary: 'The signed-in user, or null for a guest',
    description:
      'Answers { id, email, role, firstName, lastName, profileImageUrl, paymentEmail, <brand>StoreEmail, username } (the store email field is named after STORE_BRAND), or null when no credentials were presented; 401 when a session cookie or bearer token was presented but no longer holds.',
    tags: ['auth'],
    access: 'public',
    errors: [401],
  });
  app.get('/api/auth/user', async (request, reply) => {
    if (!request.user) {
      // A visitor presenting no credentials is a guest, not an error: 200 with null, so guest pages do
      // not log a failed request on every load. A credential that did not hold (an ended or forged
      // session, a bad bearer token) still gets 401, so a client learns its sign-in is over.
      const presented =
        request.headers.authorization !== undefined || request.cookies[cookieName] !== undefined;
      if (presented) throw new HttpError(401, 'Unauthorized', 'unauthenticated');
      return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send('null');
    }
    return reply.header('Cache-Control', 'no-store').send(presentUser(request.user, config.site.storeBrand));
  });
}
