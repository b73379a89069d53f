import { useDocumentTitle } from '../../app/use-document-title';

/** Placeholder for the My Submissions page (lazy-loaded); the feature's owner replaces it. */
export function SubmissionsPage() {
  useDocumentTitle('My Submissions');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-950">My Submissions</h1>
    </div>
  );
}
