import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { safeString } from '../../../shared/schemas/safe-text.js';
import { queueAlreadyRegisteredMail } from './account-mail.js';
import {
  confirmEmail,
  hasPendingVerification,
  sendVerificationLink,
  VERIFY_EMAIL_PATH,
} from './email-verification.js';
import {
  authenticateLocalAccount,
  createLocalAccount,
  EmailTakenError,
  findLocalAccountByEmail,
} from './local-accounts.js';
import { beginLoginAttempt, loginSucceeded } from './login-throttle.js';
import {
  checkEmailPage,
  messagePage,
  signInPage,
  signUpPage,
  type PageContext,
  type SignUpState,
} from './pages.js';
import { hashPassword } from './password.js';
import { MAX_PASSWORD_LENGTH, passwordProblem } from './password-policy.js';

/** Dependencies of the sign-in, sign-up and cancel pages of the built-in provider. */
export interface InteractionRoutesOptions {
  db: Db;
  provider: Provider;
  page: PageContext;
}

/** The largest sign-in or sign-up form body accepted (bigger ones get 413). */
export const FORM_BODY_LIMIT = 16 * 1024;

/** Shown for a wrong password and for an unknown email alike, so the form does not reveal which. */
export const WRONG_CREDENTIALS_MESSAGE = 'Incorrect email or password. Please try again.';
/** Shown when the sign-in attempts from one address for one email exceed the limit. */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many sign-in attempts. Please wait a few minutes and try again.';

const signInForm = z.object({
  email: safeString().trim().max(254).default(''),
  password: safeString().max(MAX_PASSWORD_LENGTH).default(''),
});

const signUpForm = z.object({
  email: safeString().trim().pipe(z.email('Please enter a valid email address.').max(254)),
  // The strength rule needs the other fields, so it runs after this parse (passwordProblem).
  password: safeString().max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`),
  givenName: safeString().trim().max(100, 'Use at most 100 characters.').default(''),
  familyName: safeString().trim().max(100, 'Use at most 100 characters.').default(''),
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

  // HTML forms post urlencoded bodies; nothing else is accepted here (JSON, text, multipart and XML
  // get 415, and a body over 16 KB gets 413, both as pages from the error handler below).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const mailSite = { businessName: page.businessName, siteUrl: page.siteUrl };

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, 'rate_limited'),
  });
  // Sign-ups counted per client address and email after the body is parsed (in this process; the
  // mail each one sends goes only to the address's owner). Sign-ins have their own shared,
  // database-backed limit (login-throttle.ts).
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
    // What the body parser refuses is the sender's mistake, never a server error.
    if (error.statusCode === 415) {
      return html(
        reply,
        415,
        messagePage(page, {
          title: 'Unsupported Form',
          message: 'This form must be sent from the sign-in page. Please go back and try again.',
        }),
      );
    }
    if (error.statusCode === 413) {
      return html(
        reply,
        413,
        messagePage(page, {
          title: 'Form Too Large',
          message: 'What was sent is too large for this form. Please go back and try again.',
        }),
      );
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return html(
        reply,
        400,
        messagePage(page, { title: 'Sign-in Problem', message: 'Please go back and try again.' }),
      );
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

  app.post<{ Params: Params }>('/oidc/interaction/:uid/login', async (request, reply) => {
    await loginInteraction(request, reply);
    const uid = request.params.uid;
    const parsed = signInForm.safeParse(formBody(request));
    const form = parsed.success ? parsed.data : { email: '', password: '' };
    if (!form.email || !form.password) {
      return html(
        reply,
        400,
        signInPage(page, {
          uid,
          email: parsed.success ? form.email : undefined,
          error: 'Please enter your email and password.',
        }),
      );
    }
    // Counted in the database per account and per address, before the password is checked.
    const attempt = { email: form.email, address: request.ip };
    const throttle = await beginLoginAttempt(db, attempt);
    if (!throttle.allowed) {
      reply.header('Retry-After', String(throttle.retryAfterSeconds));
      return html(reply, 429, signInPage(page, { uid, email: form.email, error: TOO_MANY_ATTEMPTS_MESSAGE }));
    }
    const account = await authenticateLocalAccount(db, form.email, form.password);
    if (!account) {
      return html(reply, 401, signInPage(page, { uid, email: form.email, error: WRONG_CREDENTIALS_MESSAGE }));
    }
    await loginSucceeded(db, attempt);
    // Signing in does not need a confirmed address; staff rights do. Offer a fresh link when the
    // last one has expired (at most one live link per account, so sign-ins do not flood the inbox).
    if (!account.emailVerified && !(await hasPendingVerification(db, account.id))) {
      await sendVerificationLink(db, mailSite, request.log, account);
    }
    return finish(request, reply, account.id);
  });

  app.post<{ Params: Params }>(
    '/oidc/interaction/:uid/signup',
    { config: attemptLimit },
    async (request, reply) => {
      await loginInteraction(request, reply);
      const uid = request.params.uid;
      const raw = formBody(request);
      const values = { email: raw.email, givenName: raw.givenName, familyName: raw.familyName };
      const parsed = signUpForm.safeParse(raw);
      const errors: SignUpState['errors'] = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as keyof NonNullable<SignUpState['errors']>;
          errors[key] ??=
            key === 'email' && !raw.email?.trim() ? 'Please enter your email address.' : issue.message;
        }
      }
      if (!errors.password && typeof raw.password === 'string') {
        const problem = passwordProblem(raw.password, [
          raw.email ?? '',
          raw.givenName ?? '',
          raw.familyName ?? '',
        ]);
        if (problem) errors.password = problem;
      }
      if (!parsed.success || Object.keys(errors).length > 0) {
        return html(reply, 400, signUpPage(page, { uid, values, errors }));
      }
      const input = parsed.data;
      // One answer for a new address and a taken one, so the form cannot be used to learn who has
      // an account: the difference goes to the address's mailbox, which only its owner reads.
      const existing = await findLocalAccountByEmail(db, input.email);
      let created = false;
      if (!existing) {
        try {
          const account = await createLocalAccount(db, input);
          await sendVerificationLink(db, mailSite, request.log, account, uid);
          created = true;
        } catch (error) {
          if (!(error instanceof EmailTakenError)) throw error;
        }
      }
      if (!created) {
        // Spend the same argon2 work as a real sign-up, so timing does not tell the cases apart.
        await hashPassword(input.password);
        await queueAlreadyRegisteredMail(db, mailSite, existing?.email ?? input.email);
        request.log.info({ email: input.email }, 'sign-up for an address that already has an account');
      }
      return html(reply, 200, checkEmailPage(page, { uid, email: input.email }));
    },
  );

  /** The page after a followed verification link, when it cannot also finish a sign-in. */
  function confirmedPage(reply: FastifyReply, confirmed: boolean) {
    if (!confirmed) {
      return html(
        reply,
        400,
        messagePage(page, {
          title: 'Link Expired',
          message:
            'This confirmation link has expired or was already used. Sign in, and a new link will be sent if your address still needs confirming.',
          action: { href: `${page.siteUrl}/api/login`, label: 'Sign In' },
        }),
      );
    }
    return html(
      reply,
      200,
      messagePage(page, {
        title: 'Email Confirmed',
        message: 'Thank you: your email address is confirmed. Sign in to continue.',
        action: { href: `${page.siteUrl}/api/login`, label: 'Sign In' },
      }),
    );
  }

  const verifyQuery = z.object({ token: z.string().max(100).default('') });

  // The link of the sign-up mail. In the browser that signed up (it holds the interaction cookie,
  // scoped to this path) it also finishes that sign-in; anywhere else it only confirms the address.
  app.get<{ Params: Params }>('/oidc/interaction/:uid/verify', async (request, reply) => {
    const query = verifyQuery.safeParse(request.query);
    const accountId = query.success ? await confirmEmail(db, query.data.token) : undefined;
    if (!accountId) return confirmedPage(reply, false);
    let sameBrowser = false;
    try {
      await loginInteraction(request, reply);
      sameBrowser = true;
    } catch {
      // No interaction cookie here (another browser, or the sign-in expired).
    }
    if (sameBrowser) return finish(request, reply, accountId);
    return confirmedPage(reply, true);
  });

  // The link sent after a sign-in with an unconfirmed address (not tied to any sign-in).
  app.get(VERIFY_EMAIL_PATH, async (request, reply) => {
    const query = verifyQuery.safeParse(request.query);
    const accountId = query.success ? await confirmEmail(db, query.data.token) : undefined;
    return confirmedPage(reply, Boolean(accountId));
  });

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
