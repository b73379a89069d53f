// Server-rendered pages of the built-in identity provider. They share the site's look through
// /auth-ui/pages.css and contain no inline script or style (the CSP forbids both).
import { PASSWORD_HINT } from './password-policy.js';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** What every page needs: the brand and where "home" is. */
export interface PageContext {
  businessName: string;
  /** The site's origin, e.g. http://localhost:3000. */
  siteUrl: string;
}

function layout(
  page: PageContext,
  title: string,
  body: string,
  options: { autoSubmit?: boolean } = {},
): string {
  const name = escapeHtml(page.businessName);
  const home = escapeHtml(`${page.siteUrl}/`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - ${name}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="preload" href="/fonts/bangers-latin-400-normal.woff2" as="font" type="font/woff2" crossorigin>
<link rel="stylesheet" href="/auth-ui/pages.css">
${options.autoSubmit ? '<script src="/auth-ui/auto-submit.js"></script>' : ''}
</head>
<body>
<header class="site-header"><div class="inner"><a class="brand" href="${home}"><span class="brand-mark" aria-hidden="true"><svg viewBox="0 0 24 24" width="20" height="20" fill="#dc2626" stroke="#020617" stroke-width="2" stroke-linejoin="round"><path d="M4 14a1 1 0 0 1-.78-1.63l9.9-10.2a.5.5 0 0 1 .86.46l-1.92 6.02A1 1 0 0 0 13 10h7a1 1 0 0 1 .78 1.63l-9.9 10.2a.5.5 0 0 1-.86-.46l1.92-6.02A1 1 0 0 0 11 14z"/></svg></span><span class="brand-name">${name}</span></a></div></header>
<main id="main">
<div class="card">
${body}
</div>
</main>
<footer class="site-footer">&copy; ${name}</footer>
</body>
</html>`;
}

function field(options: {
  id: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  optional?: boolean;
  autofocus?: boolean;
}): string {
  const describedBy = [options.hint ? `${options.id}-hint` : '', options.error ? `${options.id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return `<div class="field">
<label for="${options.id}">${escapeHtml(options.label)}${options.optional ? ' <span class="optional">(optional)</span>' : ''}</label>
<input id="${options.id}" name="${options.id}" type="${options.type}" autocomplete="${options.autocomplete}"${
    options.value ? ` value="${escapeHtml(options.value)}"` : ''
  }${options.required ? ' required' : ''}${options.autofocus ? ' autofocus' : ''}${
    options.error ? ' aria-invalid="true"' : ''
  }${describedBy ? ` aria-describedby="${describedBy}"` : ''}>
${options.hint ? `<p class="hint" id="${options.id}-hint">${escapeHtml(options.hint)}</p>` : ''}
${options.error ? `<p class="field-error" id="${options.id}-error">${escapeHtml(options.error)}</p>` : ''}
</div>`;
}

function alert(message: string | undefined): string {
  return message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : '';
}

/** Sign-in form of an interaction. */
export function signInPage(
  page: PageContext,
  options: { uid: string; email?: string; error?: string },
): string {
  const base = `/oidc/interaction/${encodeURIComponent(options.uid)}`;
  return layout(
    page,
    'Sign In',
    `<h1>Sign In</h1>
<p class="lead">Welcome back. Sign in to submit comics and follow your offers.</p>
${alert(options.error)}
<form method="post" action="${base}/login" novalidate>
${field({ id: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: options.email, required: true, autofocus: !options.email })}
${field({ id: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true, autofocus: Boolean(options.email) })}
<div class="actions"><button class="button" type="submit">Sign In</button></div>
</form>
<p class="switch">New here? <a href="${base}/signup">Create an account</a></p>
<p class="cancel"><a href="${base}/abort">Cancel and return to the site</a></p>`,
  );
}

/** Values and per-field problems of the sign-up form. */
export interface SignUpState {
  uid: string;
  values?: { email?: string; givenName?: string; familyName?: string };
  errors?: Partial<Record<'email' | 'password' | 'givenName' | 'familyName', string>>;
  error?: string;
}

/** Sign-up form of an interaction. */
export function signUpPage(page: PageContext, state: SignUpState): string {
  const base = `/oidc/interaction/${encodeURIComponent(state.uid)}`;
  const values = state.values ?? {};
  const errors = state.errors ?? {};
  return layout(
    page,
    'Create Account',
    `<h1>Create Account</h1>
<p class="lead">Create an account to submit your graded comics and receive offers.</p>
${alert(state.error)}
<form method="post" action="${base}/signup" novalidate>
<div class="row">
${field({ id: 'givenName', label: 'First name', type: 'text', autocomplete: 'given-name', value: values.givenName, error: errors.givenName, optional: true })}
${field({ id: 'familyName', label: 'Last name', type: 'text', autocomplete: 'family-name', value: values.familyName, error: errors.familyName, optional: true })}
</div>
${field({ id: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: values.email, error: errors.email, required: true })}
${field({ id: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password, required: true, hint: PASSWORD_HINT })}
<div class="actions"><button class="button" type="submit">Create Account</button></div>
</form>
<p class="switch">Already have an account? <a href="${base}/login">Sign in</a></p>
<p class="cancel"><a href="${base}/abort">Cancel and return to the site</a></p>`,
  );
}

/** A page explaining why sign-in could not continue, with a way back (or onward, with `action`). */
export function messagePage(
  page: PageContext,
  options: { title: string; message: string; status?: number; action?: { href: string; label: string } },
): string {
  const action = options.action ?? { href: `${page.siteUrl}/`, label: 'Return to Home' };
  return layout(
    page,
    options.title,
    `<h1>${escapeHtml(options.title)}</h1>
<p class="lead">${escapeHtml(options.message)}</p>
<div class="actions"><a class="button" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a></div>`,
  );
}

/**
 * After the sign-up form, for a new address and a taken one alike (so the form never reveals which
 * addresses have accounts): the next step is in the person's mailbox.
 */
export function checkEmailPage(page: PageContext, options: { uid: string; email: string }): string {
  const base = `/oidc/interaction/${encodeURIComponent(options.uid)}`;
  return layout(
    page,
    'Check Your Email',
    `<h1>Check Your Email</h1>
<p class="lead">We sent a message to <strong>${escapeHtml(options.email)}</strong>. Open the link in it to confirm your address and finish signing up.</p>
<p>The link works for 24 hours. If you already have an account, the message says so: sign in with your password instead.</p>
<p class="switch">Already have an account? <a href="${base}/login">Sign in</a></p>
<p class="cancel"><a href="${base}/abort">Cancel and return to the site</a></p>`,
  );
}

/**
 * The sign-out confirmation of the app (GET /api/logout): signing out is a POST from this page's
 * button, so a link or image on another site cannot sign anyone out.
 */
export function appSignOutPage(page: PageContext): string {
  return layout(
    page,
    'Sign Out',
    `<h1>Sign Out</h1>
<p class="lead">Do you want to sign out of ${escapeHtml(page.businessName)}?</p>
<form method="post" action="/api/logout">
<div class="actions"><button class="button" type="submit">Sign Out</button></div>
</form>
<p class="cancel"><a href="${escapeHtml(`${page.siteUrl}/`)}">Stay signed in and return to the site</a></p>`,
  );
}

/**
 * The provider's sign-out confirmation. `form` is the library's own form (with its anti-forgery
 * field); `logout=yes` ends the whole provider session, not only this app's grant.
 */
export function signOutPage(page: PageContext, form: string): string {
  const withLogout = form
    .replace('<form', '<form data-auto-submit')
    .replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return layout(
    page,
    'Signing Out',
    `<h1>Signing Out</h1>
<p class="lead">Signing you out of ${escapeHtml(page.businessName)}...</p>
${withLogout}
<div class="actions"><button class="button" type="submit" form="op.logoutForm">Sign Out</button></div>`,
    { autoSubmit: true },
  );
}
