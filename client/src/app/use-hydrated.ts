import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False while the server prerenders the page and while the browser hydrates that HTML, true from the
 * render right after (and at once on client-side navigation). Lets a page show its prerendered shell
 * first and its browser-only content (drafts in localStorage...) without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
