import { useDocumentTitle } from '../../app/use-document-title';
import { AdminGate } from './admin-gate';

/** Placeholder for the Admin Dashboard page (lazy-loaded); the feature's owner replaces the body, keeping AdminGate. */
export function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  return (
    <AdminGate>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-950">Admin Dashboard</h1>
      </div>
    </AdminGate>
  );
}
