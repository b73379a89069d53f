import { useRef } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'wouter';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { displayName, type CurrentUser } from './current-user';
import { menuEntries } from './menu-entries';

/**
 * The signed-in account menu. Loaded on demand (see auth-controls.tsx): the menu and its positioning
 * code are only needed by signed-in users, so anonymous visitors to the marketing pages never download them.
 */
export default function AccountMenu({ user }: { user: CurrentUser }) {
  const signOutForm = useRef<HTMLFormElement>(null);
  const itemClass =
    'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';
  return (
    // modal={false}: Radix's modal menu locks scrolling with an inline <style>, which the CSP refuses.
    <DropdownMenu.Root modal={false}>
      {/* Signing out is a POST (a GET link could be triggered from another site). */}
      <form ref={signOutForm} method="post" action="/api/logout" hidden />
      <DropdownMenu.Trigger className={cn(buttonClasses('outline', 'sm'), 'max-w-56')}>
        <UserRound aria-hidden="true" />
        <span className="truncate">{displayName(user)}</span>
        <ChevronDown aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600">
            Signed in as <span className="font-semibold text-slate-900">{displayName(user)}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {menuEntries(user).map(({ label, href, icon: Icon }) => (
            <DropdownMenu.Item key={href} asChild className={itemClass}>
              <Link href={href}>
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {/* The menu closes (and unmounts) on select, so the item submits the form kept outside it. */}
          <DropdownMenu.Item className={itemClass} onSelect={() => signOutForm.current?.requestSubmit()}>
            <LogOut className="size-4" aria-hidden="true" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
