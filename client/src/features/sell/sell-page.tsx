import { useDocumentTitle } from '../../app/use-document-title';

/** Placeholder for the Sell Your Comics page (lazy-loaded); the feature's owner replaces it. */
export function SellPage() {
  useDocumentTitle('Sell Your Comics');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-950">Sell Your Comics</h1>
    </div>
  );
}
