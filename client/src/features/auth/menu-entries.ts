// The signed-in menu's entries, apart from current-user.ts so their icons load with the menus
// (lazy chunks), not with every public page.
import type { ComponentType, SVGProps } from 'react';
import { LayoutDashboard, ListChecks, Settings, ShoppingBag } from 'lucide-react';
import type { CurrentUser } from './current-user';

/** One entry of the signed-in account menu. */
export interface MenuEntry {
  label: string;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The account menu's entries for a user; Admin Dashboard only for role admin. */
export function menuEntries(user: CurrentUser): MenuEntry[] {
  const entries: MenuEntry[] = [
    { label: 'Sell Comics', href: '/sell', icon: ShoppingBag },
    { label: 'My Submissions', href: '/submissions', icon: ListChecks },
    { label: 'Settings', href: '/settings', icon: Settings },
  ];
  if (user.role === 'admin')
    entries.push({ label: 'Admin Dashboard', href: '/admin', icon: LayoutDashboard });
  return entries;
}
