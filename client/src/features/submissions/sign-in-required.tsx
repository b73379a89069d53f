import { buttonClasses } from '../../ui/button';
import { loginUrl } from '../auth/current-user';

/** Signed out on a seller page: 'Sign In Required' and a Sign In button that comes back here. */
export function SignInRequired({ returnTo }: { returnTo: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <h1 className="text-3xl font-extrabold text-slate-950">Sign In Required</h1>
      <p className="mt-3 text-slate-700">Please sign in to view your submissions.</p>
      <a href={loginUrl(returnTo)} className={`${buttonClasses('primary')} mt-8`}>
        Sign In
      </a>
    </div>
  );
}
