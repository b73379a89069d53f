import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Menu } from 'lucide-react';
import { MobileAuthControls } from '../features/auth/auth-controls';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../ui/dialog';
import { Logo } from './logo';
import type { NavLink } from './nav-links';

/** The phone navigation: a button that opens a slide-out sheet with the same links and account choices. */
export function MobileMenu({ links }: { links: readonly NavLink[] }) {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu className="size-6!" aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent placement="sheet-right" closeLabel="Close menu" className="flex flex-col gap-6">
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
