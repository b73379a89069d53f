import { Link } from 'wouter';
import { AlertCircle } from 'lucide-react';
import { useDocumentTitle } from '../../app/use-document-title';
import { buttonClasses } from '../../ui/button-classes';

/** The not-found page for every path outside the route table (spec section 2). */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <AlertCircle className="size-14 text-red-600" aria-hidden="true" />
      <h1 className="mt-6 text-3xl font-extrabold text-slate-950">404 Page Not Found</h1>
      <p className="mt-3 text-slate-700">Did you forget to add the page to the router?</p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Go to Home
      </Link>
    </div>
  );
}
