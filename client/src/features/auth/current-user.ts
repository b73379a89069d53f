import { useSyncExternalStore } from 'react';
import { ApiError, apiRequest } from '../../lib/api-request';

/**
 * The signed-in user as GET /api/auth/user returns it. The store account email arrives under a
 * brand-prefixed field (e.g. ampedStoreEmail); read it with storeEmailOf() from features/settings.
 */
export interface CurrentUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  role: string;
  profileImageUrl?: string | null;
  paymentEmail?: string | null;
  username?: string | null;
  [field: string]: unknown;
}

type CurrentUserState = { isLoading: boolean; user: CurrentUser | null };

// The current user lives in this small store rather than in TanStack Query: the header needs it on
// every page, and keeping the query library out of the public pages' first load saves ~12 kB gzip
// (docs/decisions/0016-front-end-budget.md). Pages that change the user call refreshCurrentUser().
const LOADING: CurrentUserState = { isLoading: true, user: null };
const GUEST: CurrentUserState = { isLoading: false, user: null };

/** Who the server rendered the page for: set by entry-server.tsx before each prerender. */
let prerenderedFor: CurrentUserState = LOADING;

/** The prerenderer's switch: 'guest' renders the signed-out header; 'unknown' the loading placeholder. */
export function setPrerenderViewer(viewer: 'guest' | 'unknown'): void {
  prerenderedFor = viewer === 'guest' ? GUEST : LOADING;
}

// A request without a session cookie is certainly a guest's: the server sends the page prerendered in
// that state and marks #root data-viewer="guest", so the header and signed-out pages paint final at once.
const INITIAL: CurrentUserState =
  typeof document !== 'undefined' && document.getElementById('root')?.dataset.viewer === 'guest'
    ? GUEST
    : LOADING;
let state: CurrentUserState = INITIAL;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function setState(next: CurrentUserState): void {
  state = next;
  for (const listener of listeners) listener();
}

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const response = await apiRequest('GET', '/api/auth/user');
    const text = await response.text();
    return text ? (JSON.parse(text) as CurrentUser | null) : null;
  } catch (error) {
    // An ended session (401) is a guest; any other failure shows the signed-out header too (as before:
    // the query neither retried nor reported), and the pages that need an account say so themselves.
    if (!(error instanceof ApiError)) console.warn('could not load the current user', error);
    return null;
  }
}

/** Fetches the signed-in user again (after a sign-in, a settings change...); resolves once the store has it. */
export function refreshCurrentUser(): Promise<void> {
  const request = fetchCurrentUser().then((user) => {
    if (loading === request) setState({ isLoading: false, user });
  });
  loading = request;
  return request;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // The first component that asks starts the request (in the browser only: subscribe never runs on the server).
  if (!loading) void refreshCurrentUser();
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;
// The hydration pass renders what the server rendered (INITIAL in the browser, the prerenderer's
// choice on the server); the fetched user replaces it right after, so the two always agree.
const getServerSnapshot = () => (typeof document === 'undefined' ? prerenderedFor : INITIAL);

/**
 * The signed-in user, or null for a guest (the server answers a visitor without credentials with 200
 * and null, and an ended session with 401; neither is an error here).
 */
export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean } {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** The URL that starts sign-in and brings the visitor back to `returnTo` afterwards. */
export function loginUrl(returnTo: string): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Like loginUrl, but the identity provider opens on its sign-up form (`screen_hint=signup`, as Auth0 reads it). */
export function signUpUrl(returnTo: string): string {
  return `${loginUrl(returnTo)}&screen_hint=signup`;
}

/** What the chrome calls the user: first name, else email. */
export function displayName(user: CurrentUser): string {
  return user.firstName?.trim() || user.email || 'your account';
}
