/**
 * The public pages: what search engines and link previews see of each (title, description), which the
 * server prerenders into their HTML, and which go into /sitemap.xml (docs/decisions/0016-front-end-budget.md).
 */
export interface PublicPage {
  path: string;
  /** The page's own title; the tab shows documentTitle(title, businessName). */
  title: string;
  description: string;
  /** Listed in /sitemap.xml (pages worth finding from a search engine). */
  inSitemap: boolean;
  /**
   * The page's lazily loaded modules as Vite's manifest names them (client/src/app/routes.tsx): the
   * budget (scripts/check-budget.ts) counts their chunks as part of what the page loads.
   */
  lazyModules: readonly string[];
}

// Every lazy seller page loads with the query provider and zod's settings (client/src/app/routes.tsx, lazyPage).
const PAGE_SCOPE = 'src/app/page-scope.tsx';

export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: '/',
    title: 'Sell Your Graded Comics',
    description:
      'Sell your CGC, CBCS and PGX graded comics to a trusted dealer. Upload photos, get cash and store-credit offers within 24 hours, and get paid fast.',
    inSitemap: true,
    lazyModules: [],
  },
  {
    path: '/learn-more',
    title: 'How It Works',
    description:
      'How selling graded comics works: upload photos of your slabs, get cash and store-credit offers within 24 hours, ship the comics you accept, and get paid.',
    inSitemap: true,
    lazyModules: [],
  },
  {
    path: '/sell',
    title: 'Sell Your Comics',
    description:
      'Upload photos of your graded slabs: we read each label, you check the details, and our team sends cash and store-credit offers within 24 hours.',
    inSitemap: true,
    lazyModules: ['src/features/sell/sell-page.tsx', PAGE_SCOPE],
  },
  {
    path: '/submissions',
    title: 'My Submissions',
    description: 'Track the graded comics you sent in, from offer to payment.',
    inSitemap: false,
    lazyModules: ['src/features/submissions/submissions-page.tsx', PAGE_SCOPE],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description: 'What we collect when you sell your graded comics to us, why, and the choices you have.',
    inSitemap: true,
    lazyModules: ['src/features/public/privacy-policy-page.tsx'],
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    description:
      'The terms for selling your graded comics to us: offers, shipping, payment and store credit.',
    inSitemap: true,
    lazyModules: ['src/features/public/terms-of-service-page.tsx'],
  },
];

/** The browser tab's title of a page, the same on the server's HTML and after client navigation. */
export function documentTitle(pageTitle: string, businessName: string): string {
  return `${pageTitle} | ${businessName}`;
}

/** The public page at a path (without query; a trailing slash is ignored), if it is one. */
export function publicPageAt(pathname: string): PublicPage | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PAGES.find((page) => page.path === normalised);
}
