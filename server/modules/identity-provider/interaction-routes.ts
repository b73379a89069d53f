import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { authenticateLocalAccount, createLocalAccount, EmailTakenError } from './local-accounts.js';
import { messagePage, signInPage, signUpPage, type PageContext, type SignUpState } from './pages.js';

/** Dependencies of the sign-in, sign-up and cancel pages of the built-in provider. */
export interface InteractionRoutesOptions {
  db: Db;
  provider: Provider;
  page: PageContext;
}

/** Shown for a wrong password and for an unknown email alike, so the form does not reveal which. */
export const WRONG_CREDENTIALS_MESSAGE = 'Incorrect email or password. Please try again.';
/** Shown when sign-up uses an email that already has an account. */
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Sign in instead.';
/** Shown when the sign-in attempts from one address for one email exceed the limit. */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many sign-in attempts. Please wait a few minutes and try again.';

const signInForm = z.object({
  email: z.string().trim().max(254).default(''),
  password: z.string().max(1024).default(''),
});

const signUpForm = z.object({
  email: z.string().trim().pipe(z.email('Please enter a valid email address.').max(254)),
  password: z.string().min(8, 'Use at least 8 characters.').max(1024, 'Use at most 1024 characters.'),
  givenName: z.string().trim().max(100, 'Use at most 100 characters.').default(''),
  familyName: z.string().trim().max(100, 'Use at most 100 characters.').default(''),
});

type Params = { uid: string };

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
}

function formBody(request: FastifyRequest): Record<string, string> {
  return (request.body ?? {}) as Record<string, string>;
}

/**
 * The interaction pages the provider sends the browser to (its `interactions.url`). They are
 * Fastify routes, more specific than the provider's own /oidc/* mount, and talk to the provider
 * through its interaction API.
 */
export async function interactionRoutes(app: FastifyInstance, options: InteractionRoutesOptions) {
  const { provider, page, db } = options;

  // HTML forms post urlencoded bodies; nothing else is accepted here.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, 'rate_limited'),
  });
  // Counted per client address and email after the body is parsed: guessing one account's password
  // is slowed down, while people behind one shared address can still sign in to their own accounts.
  const attemptLimit = {
    rateLimit: {
      max: 10,
      timeWindow: '10 minutes',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) =>
        `${request.ip}|${String(formBody(request).email ?? '')
          .trim()
          .toLowerCase()}`,
    },
  };

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const { uid } = request.params as Partial<Params>;
    if (error instanceof HttpError && error.statusCode === 429 && uid) {
      return html(reply, 429, signInPage(page, { uid, error: TOO_MANY_ATTEMPTS_MESSAGE }));
    }
    // The interaction cookie is missing or expired (a stale tab, or a bookmark of this page).
    if (error.name === 'SessionNotFound' || error.name === 'InvalidRequest') {
      return html(
        reply,
        400,
        messagePage(page, {
          title: 'Sign-in Expired',
          message: 'This sign-in page has expired. Please go back to the site and sign in again.',
        }),
      );
    }
    request.log.error({ err: error }, 'sign-in page failed');
    return html(
      reply,
      500,
      messagePage(page, { title: 'Something Went Wrong', message: 'Sign-in failed. Please try again.' }),
    );
  });

  /** Loads the interaction the browser's cookie points at and checks it is the one in the URL. */
  async function loginInteraction(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.uid !== request.params.uid || details.prompt.name !== 'login') {
      throw Object.assign(new Error('interaction mismatch'), { name: 'SessionNotFound' });
    }
    return details;
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    const target = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return reply.header('Cache-Control', 'no-store').redirect(target, 303);
  }

  app.get<{ Params: Params }>('/oidc/interaction/:uid', async (request, reply) => {
    const details = await loginInteraction(request, reply);
    const uid = request.params.uid;
    if (details.params.screen_hint === 'signup') return html(reply, 200, signUpPage(page, { uid }));
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
    return html(reply, 200, signInPage(page, { uid, email: hint }));
  });

  // The sign-in form even when the sign-in began as a sign-up (the sign-up page links here).
  app.get<{ Params: Params }>('/oidc/interaction/:uid/login', async (request, reply) => {
    await loginInteraction(request, reply);
    return html(reply, 200, signInPage(page, { uid: request.params.uid }));
  });

  app.get<{ Params: Params }>('/oidc/interaction/:uid/signup', async (request, reply) => {
    await loginInteraction(request, reply);
    return html(reply, 200, signUpPage(page, { uid: request.params.uid }));
  });

  app.post<{ Params: Params }>(
    '/oidc/interaction/:uid/login',
    { config: attemptLimit },
    async (request, reply) => {
      await loginInteraction(request, reply);
      const uid = request.params.uid;
      const form = signInForm.parse(formBody(request));
      if (!form.email || !form.password) {
        return html(
          reply,
          400,
          signInPage(page, { uid, email: form.email, error: 'Please enter your email and password.' }),
        );
      }
      const account = await authenticateLocalAccount(db, form.email, form.password);
      if (!account) {
        return html(
          reply,
          401,
          signInPage(page, { uid, email: form.email, error: WRONG_CREDENTIALS_MESSAGE }),
        );
      }
      return finish(request, reply, account.id);
    },
  );

  app.post<{ Params: Params }>(
    '/oidc/interaction/:uid/signup',
    { config: attemptLimit },
    async (request, reply) => {
      await loginInteraction(request, reply);
      const uid = request.params.uid;
      const raw = formBody(request);
      const values = { email: raw.email, givenName: raw.givenName, familyName: raw.familyName };
      const parsed = signUpForm.safeParse(raw);
      if (!parsed.success) {
        const errors: SignUpState['errors'] = {};
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as keyof NonNullable<SignUpState['errors']>;
          errors[key] ??=
            key === 'email' && !raw.email?.trim() ? 'Please enter your email address.' : issue.message;
        }
        return html(reply, 400, signUpPage(page, { uid, values, errors }));
      }
      try {
        const account = await createLocalAccount(db, parsed.data);
        return await finish(request, reply, account.id);
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        return html(reply, 409, signUpPage(page, { uid, values, errors: { email: EMAIL_TAKEN_MESSAGE } }));
      }
    },
  );

  app.get<{ Params: Params }>('/oidc/interaction/:uid/abort', async (request, reply) => {
    await provider.interactionDetails(request.raw, reply.raw);
    const target = await provider.interactionResult(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'The user cancelled sign-in.' },
      { mergeWithLastSubmission: false },
    );
    return reply.header('Cache-Control', 'no-store').redirect(target, 303);
  });
}
