import { Link, useLocation, useSearch } from 'wouter';
import { lazy, Suspense } from 'react';
import { LogOut } from 'lucide-react';
import { buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { displayName, loginUrl, menuEntries, signUpUrl, useCurrentUser } from './current-user';

const AccountMenu = lazy(() => import('./account-menu'));

function useReturnTo(): string {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

function LoadingPlaceholder({ className }: { className?: string }) {
  return (
    <div className={cn('h-10 w-40 animate-pulse rounded-lg bg-slate-200', className)}>
      <span className="sr-only">Loading account…</span>
    </div>
  );
}

// Full-page navigations: sign-in is a server redirect flow, not a client route.
function SignedOutButtons({ stacked }: { stacked: boolean }) {
  const returnTo = useReturnTo();
  return (
    <div className={cn('flex gap-2', stacked && 'flex-col')}>
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

/** The same account choices laid out for the mobile menu; `onNavigate` lets the menu close itself. */
export function MobileAuthControls({ onNavigate }: { onNavigate: () => void }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingPlaceholder className="w-full" />;
  if (!user) return <SignedOutButtons stacked />;
  const linkClass =
    'flex items-center gap-3 rounded-lg px-3 py-3 font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-blue-600';
  return (
    <div>
      <p className="px-3 pb-2 text-sm text-slate-600">
        Signed in as <span className="font-semibold text-slate-900">{displayName(user)}</span>
      </p>
      <ul className="grid gap-1">
        {menuEntries(user).map(({ label, href, icon: Icon }) => (
          <li key={href}>
            <Link href={href} className={linkClass} onClick={onNavigate}>
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
        <li>
          {/* Signing out is a POST (a GET link could be triggered from another site). */}
          <form method="post" action="/api/logout">
            <button type="submit" className={cn(linkClass, 'w-full')}>
              <LogOut className="size-5" aria-hidden="true" />
              Sign Out
            </button>
          </form>
        </li>
      </ul>
    </div>
  );
}
