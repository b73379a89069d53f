import { Link, useRoute, useSearch } from 'wouter';
import { useDocumentTitle } from '../../app/use-document-title';
import { buttonClasses } from '../../ui/button';
import { AdminGate } from './admin-gate';
import { Dashboard } from './dashboard';
import { SubmissionDetail } from './submission-detail';

/**
 * The Admin Dashboard (spec section 2), behind AdminGate. A submission's detail opens in place at
 * /admin/submissions/:id (its own URL, so it can be bookmarked or shared); the dashboard's view
 * travels along in the query string so 'Back to Dashboard' returns to the same filters and page.
 */
export function AdminPage() {
  const [isDetail, params] = useRoute('/admin/submissions/:id');
  const search = useSearch();
  useDocumentTitle(isDetail ? 'Submission' : 'Admin Dashboard');
  return (
    <AdminGate>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold text-slate-950">Admin Dashboard</h1>
          {/* The staff's other pages: without these links they were reachable only by typing the URL. */}
          {!isDetail && (
            <nav aria-label="Staff pages" className="flex flex-wrap gap-2">
              <Link href="/admin/price-guide" className={buttonClasses('outline', 'sm')}>
                Price guide and offer settings
              </Link>
              <Link href="/admin/outbox" className={buttonClasses('outline', 'sm')}>
                Outbox
              </Link>
            </nav>
          )}
        </div>
        {isDetail ? (
          <SubmissionDetail id={params.id} backHref={`/admin${search ? `?${search}` : ''}`} />
        ) : (
          <Dashboard />
        )}
      </div>
    </AdminGate>
  );
}
