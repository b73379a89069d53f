import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { buttonClasses } from '../ui/button-classes';
import type { NavLink } from './nav-links';

const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(loadSheet);

/**
 * The phone navigation: a button that opens a slide-out sheet with the same links and account
 * choices. The sheet (a Radix dialog) loads when the visitor first reaches for the button.
 */
export function MobileMenu({ links }: { links: readonly NavLink[] }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={buttonClasses('ghost', 'icon', 'md:hidden')}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        // Start fetching the sheet as soon as a finger or the keyboard is on the button.
        onPointerDown={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6!" aria-hidden="true" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuSheet links={links} open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      )}
    </>
  );
}
