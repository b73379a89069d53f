import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PageLoading } from '../../app/page-loading';
import { toast } from '../../ui/use-toast';
import { loginUrl, useCurrentUser } from '../auth/current-user';
import { AccessDenied } from '../public/access-denied';

/** Spec section 9: a guest is sent to sign-in after 500 ms, a signed-in non-admin home after 1000 ms. */
export const GUEST_REDIRECT_DELAY_MS = 500;
/** See GUEST_REDIRECT_DELAY_MS. */
export const NON_ADMIN_REDIRECT_DELAY_MS = 1000;

/**
 * Shows its children only to admins (spec section 6). A guest gets the 'Unauthorized' toast and is
 * sent to sign-in (returning to /admin); a signed-in non-admin gets 'Access Denied' and is sent home.
 * Both see the Access Denied page meanwhile. The server enforces the same rule on every admin call.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  const status = isLoading ? 'loading' : !user ? 'guest' : user.role === 'admin' ? 'admin' : 'denied';
  // StrictMode runs effects twice in development; one toast per refusal is enough.
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (status === 'guest') {
      if (announced.current !== status) {
        announced.current = status;
        toast({
          title: 'Unauthorized',
          description: 'You must be logged in to access the admin dashboard.',
          variant: 'destructive',
        });
      }
      const timer = setTimeout(() => window.location.assign(loginUrl('/admin')), GUEST_REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (status === 'denied') {
      if (announced.current !== status) {
        announced.current = status;
        toast({
          title: 'Access Denied',
          description: 'You do not have admin privileges to access this page.',
          variant: 'destructive',
        });
      }
      const timer = setTimeout(() => navigate('/'), NON_ADMIN_REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [status, navigate]);

  if (status === 'loading') return <PageLoading />;
  if (status !== 'admin') return <AccessDenied signedIn={status === 'denied'} />;
  return <>{children}</>;
}
