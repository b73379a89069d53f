/** Shown while a lazily loaded page's code arrives. */
export function PageLoading() {
  return (
    <div role="status" className="mx-auto flex max-w-6xl justify-center px-4 py-24 text-slate-700">
      Loading...
    </div>
  );
}
