import { Link } from 'wouter';
import { ShieldAlert } from 'lucide-react';
import { useDocumentTitle } from '../../app/use-document-title';
import { loginUrl } from '../auth/current-user';
import { buttonClasses } from '../../ui/button';

/**
 * The admin area's refusal (spec section 2, Access denied). `signedIn` false adds a Sign In link that
 * returns to `returnTo` (default /admin) afterwards.
 */
export function AccessDenied({ signedIn, returnTo = '/admin' }: { signedIn: boolean; returnTo?: string }) {
  useDocumentTitle('Access Denied');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <ShieldAlert className="size-14 text-red-600" aria-hidden="true" />
      <h1 className="mt-6 text-3xl font-extrabold text-slate-950">Access Denied</h1>
      <p className="mt-3 text-slate-700">You don&apos;t have permission to access the admin dashboard.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link href="/" className={buttonClasses('outline')}>
          Return to Home
        </Link>
        {!signedIn && (
          <a href={loginUrl(returnTo)} className={buttonClasses('primary')}>
            Sign In
          </a>
        )}
      </div>
    </div>
  );
}
