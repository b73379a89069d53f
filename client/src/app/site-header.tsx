import { Link, useLocation } from 'wouter';
import { AuthControls } from '../features/auth/auth-controls';
import { useCurrentUser } from '../features/auth/current-user';
import { clsx } from 'clsx';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NAV_LINKS } from './nav-links';

/** The sticky site header: logo, navigation, account controls; a menu button replaces them on phones. */
export function SiteHeader() {
  const [location] = useLocation();
  const { user } = useCurrentUser();
  const links = NAV_LINKS.filter((link) => !link.signedInOnly || user);
  return (
    <header className="sticky top-0 z-30 border-b-4 border-slate-950 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => {
              const current = location === link.href;
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={current ? 'page' : undefined}
                    className={clsx(
                      'rounded-lg px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-blue-600',
                      current ? 'bg-slate-950 text-white' : 'text-slate-800 hover:bg-slate-100',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="hidden md:block">
          <AuthControls />
        </div>
        <MobileMenu links={links} />
      </div>
    </header>
  );
}
