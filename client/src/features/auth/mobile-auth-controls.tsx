import { Link } from 'wouter';
import { LogOut } from 'lucide-react';
import { clsx } from 'clsx';
import { LoadingPlaceholder, SignedOutButtons } from './auth-controls';
import { displayName, useCurrentUser } from './current-user';
import { menuEntries } from './menu-entries';

/** The account choices laid out for the mobile menu; `onNavigate` lets the menu close itself. */
export function MobileAuthControls({ onNavigate }: { onNavigate: () => void }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingPlaceholder wide />;
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
            <button type="submit" className={clsx(linkClass, 'w-full')}>
              <LogOut className="size-5" aria-hidden="true" />
              Sign Out
            </button>
          </form>
        </li>
      </ul>
    </div>
  );
}
