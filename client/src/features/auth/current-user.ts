import { useQuery } from '@tanstack/react-query';
import type { ComponentType, SVGProps } from 'react';
import { LayoutDashboard, ListChecks, Settings, ShoppingBag } from 'lucide-react';
import { getQueryFn } from '../../lib/api-request';

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

/** The query key of the current user (refetch or update it after the user changes). */
export const CURRENT_USER_QUERY_KEY = ['/api/auth/user'] as const;

/**
 * The signed-in user, or null for a guest (the server answers a visitor without credentials with 200
 * and null, and an ended session with 401; neither is an error here).
 */
export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean } {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
  });
  return { user: data ?? null, isLoading };
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

/** One entry of the signed-in account menu. */
export interface MenuEntry {
  label: string;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The account menu's entries for a user; Admin Dashboard only for role admin. */
export function menuEntries(user: CurrentUser): MenuEntry[] {
  const entries: MenuEntry[] = [
    { label: 'Sell Comics', href: '/sell', icon: ShoppingBag },
    { label: 'My Submissions', href: '/submissions', icon: ListChecks },
    { label: 'Settings', href: '/settings', icon: Settings },
  ];
  if (user.role === 'admin')
    entries.push({ label: 'Admin Dashboard', href: '/admin', icon: LayoutDashboard });
  return entries;
}
