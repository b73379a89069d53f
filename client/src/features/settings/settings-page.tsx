import { useDocumentTitle } from '../../app/use-document-title';

/** Placeholder for the Account Settings page (lazy-loaded); the feature's owner replaces it. */
export function SettingsPage() {
  useDocumentTitle('Account Settings');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-950">Account Settings</h1>
    </div>
  );
}
