import { useRoute, useSearch } from 'wouter';
import { useDocumentTitle } from '../../app/use-document-title';
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
        <h1 className="mb-6 text-3xl font-bold text-slate-950">Admin Dashboard</h1>
        {isDetail ? (
          <SubmissionDetail id={params.id} backHref={`/admin${search ? `?${search}` : ''}`} />
        ) : (
          <Dashboard />
        )}
      </div>
    </AdminGate>
  );
}
