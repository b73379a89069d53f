import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { scrollToHash } from './scroll-to-hash';

/**
 * On every route change: scroll to the URL's hash target when there is one, otherwise to the top, and
 * move focus to the main region so screen-reader users hear the new page (not on the first load).
 */
export function ScrollManager() {
  const [location] = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    const isFirst = firstRender.current;
    firstRender.current = false;
    // Wait a frame so the new page has rendered the element the hash points at.
    const frame = requestAnimationFrame(() => {
      if (scrollToHash(window.location.hash)) return;
      if (isFirst) return;
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      document.getElementById('main')?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [location]);

  return null;
}
