/** A header navigation entry; `signedInOnly` entries appear only for signed-in users (spec: Submissions). */
export interface NavLink {
  label: string;
  href: string;
  signedInOnly?: boolean;
}

/** The header's navigation, shared by the desktop bar and the mobile menu. */
export const NAV_LINKS: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'Sell Comics', href: '/sell' },
  { label: 'Submissions', href: '/submissions', signedInOnly: true },
];
