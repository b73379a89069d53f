import { startTransition, useEffect, useState } from 'react';

/** Set once the first page has hydrated: pages mounted after that (client-side navigation) start hydrated. */
let hydrationDone = false;

/**
 * False while the server prerenders the page and while the browser hydrates that HTML, true from a
 * render right after (and at once on client-side navigation). Lets a page show its prerendered shell
 * first and its browser-only content (drafts in localStorage...) without a hydration mismatch.
 *
 * The switch is a transition, not the synchronous re-render a useSyncExternalStore mismatch forces:
 * React renders the page in slices that leave the main thread free, and, when the page's code is
 * still loading, keeps showing the shell instead of replacing it with a fallback copy of itself.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydrationDone);
  useEffect(() => {
    if (hydrated) return;
    hydrationDone = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
