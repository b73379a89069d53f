import type { RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '../ui/cn';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';
import { MobileAuthControls } from '../features/auth/mobile-auth-controls';
import { Logo } from './logo';
import type { NavLink } from './nav-links';

/**
 * The phone menu's slide-out sheet: the same links and the account choices in a modal dialog.
 * Loaded on the first tap of the menu button (mobile-menu.tsx), so the dialog code is not part of
 * every page's first load.
 */
export default function MobileMenuSheet({
  links,
  open,
  onOpenChange,
  trigger,
}: {
  links: readonly NavLink[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: focus goes back to it when the sheet closes (it is not a Radix Trigger). */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const [location] = useLocation();
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        placement="sheet-right"
        closeLabel="Close menu"
        className="flex flex-col gap-6"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <div>
          <Logo onNavigate={close} />
          <DialogTitle className="sr-only">Menu</DialogTitle>
          <DialogDescription className="sr-only">Site navigation and account</DialogDescription>
        </div>
        <nav aria-label="Mobile">
          <ul className="grid gap-1">
            {links.map((link) => {
              const current = location === link.href;
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    onClick={close}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'block rounded-lg px-3 py-3 text-lg font-semibold focus-visible:outline-3 focus-visible:outline-blue-600',
                      current ? 'bg-slate-950 text-white' : 'text-slate-900 hover:bg-slate-100',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="border-t border-slate-200 pt-6">
          <MobileAuthControls onNavigate={close} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
