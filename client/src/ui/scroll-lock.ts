import { useEffect } from 'react';

let locks = 0;

/**
 * Stops the page behind a modal from scrolling while the calling component is mounted.
 * Radix's own scroll lock injects a <style> element, which the site's Content-Security-Policy
 * (style-src 'self', no inline styles) refuses; a class on <html> styled in styles.css does the same job.
 */
export function useScrollLock(): void {
  useEffect(() => {
    locks += 1;
    document.documentElement.classList.add('scroll-locked');
    return () => {
      locks -= 1;
      if (locks === 0) document.documentElement.classList.remove('scroll-locked');
    };
  }, []);
}
