import { useEffect, useState, type RefObject } from 'react';
import { ArrowDown } from 'lucide-react';
import { buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { scrollIntoViewGently } from './gentle-scroll';

/**
 * The floating button that takes the seller to the submit area (spec section 2). It hides while the
 * submit area is on screen, and moves focus there so keyboard users land where they were sent.
 */
export function ScrollToSubmitButton({
  target,
  comicCount,
}: {
  target: RefObject<HTMLElement | null>;
  comicCount: number;
}) {
  const [targetVisible, setTargetVisible] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setTargetVisible(entry?.isIntersecting ?? false), {
      threshold: 0.2,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);

  if (comicCount === 0 || targetVisible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const element = target.current;
        if (!element) return;
        scrollIntoViewGently(element, 'center');
        element.focus({ preventScroll: true });
      }}
      className={cn(
        buttonClasses('secondary', 'md'),
        'fixed right-4 bottom-4 z-20 rounded-full shadow-lg ring-2 ring-white sm:right-6 sm:bottom-6',
      )}
    >
      <ArrowDown aria-hidden="true" />
      Review &amp; Submit ({comicCount})
    </button>
  );
}
