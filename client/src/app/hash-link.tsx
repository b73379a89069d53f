import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { scrollToHash } from './scroll-to-hash';

/**
 * A client-side link to a section of a page ('/learn-more#faq'). The router ignores hashes, so when the
 * visitor is already on that page nothing would move; this scrolls to the section itself.
 */
export function HashLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  const [location] = useLocation();
  const [path = '/', hash = ''] = href.split('#');
  return (
    <Link
      href={href}
      className={className}
      onClick={() => {
        if (path === location) requestAnimationFrame(() => scrollToHash(hash));
      }}
    >
      {children}
    </Link>
  );
}
