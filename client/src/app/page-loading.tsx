/**
 * Shown while a lazily loaded page's code arrives. At least a screen tall, so the footer starts below
 * the fold and does not jump when the page replaces it (a layout shift Lighthouse counts).
 */
export function PageLoading() {
  return (
    <div
      role="status"
      className="mx-auto flex min-h-screen max-w-6xl justify-center px-4 py-24 text-slate-700"
    >
      Loading...
    </div>
  );
}
