import { useLocation, useSearch } from 'wouter';
import { lazy, Suspense } from 'react';
import { clsx } from 'clsx';
import { buttonClasses } from '../../ui/button-classes';
import { loginUrl, signUpUrl, useCurrentUser } from './current-user';

const AccountMenu = lazy(() => import('./account-menu'));

function useReturnTo(): string {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

/** The account area's placeholder while the current user loads (also what the prerendered page shows). */
export function LoadingPlaceholder({ wide = false }: { wide?: boolean }) {
  return (
    <div className={clsx('h-10 animate-pulse rounded-lg bg-slate-200', wide ? 'w-full' : 'w-40')}>
      <span className="sr-only">Loading account…</span>
    </div>
  );
}

// Full-page navigations: sign-in is a server redirect flow, not a client route.
export function SignedOutButtons({ stacked }: { stacked: boolean }) {
  const returnTo = useReturnTo();
  return (
    <div className={clsx('flex gap-2', stacked && 'flex-col')}>
      <a href={signUpUrl(returnTo)} className={buttonClasses('outline', stacked ? 'md' : 'sm')}>
        Sign Up
      </a>
      <a href={loginUrl(returnTo)} className={buttonClasses('primary', stacked ? 'md' : 'sm')}>
        Sign In
      </a>
    </div>
  );
}

/** Header account area: a placeholder while loading, Sign Up / Sign In when signed out, the account menu when signed in. */
export function AuthControls() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingPlaceholder />;
  if (!user) return <SignedOutButtons stacked={false} />;
  return (
    <Suspense fallback={<LoadingPlaceholder />}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
