/**
 * Brand and business details shown on the public pages. The server reads them from the environment
 * (server/config.ts) and embeds them in index.html; the client falls back to the defaults under
 * `npm run dev`, where Vite serves the page. One set of defaults, so the two cannot drift.
 */
export interface SiteConfig {
  businessName: string;
  storeBrand: string;
  contactEmail: string;
  shipTo: { company: string; street: string; unit: string; city: string; state: string; zip: string };
  copyrightYear: number;
}

/** The spec's values; a dealer sets their own through the environment. */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  businessName: 'Amped Comics',
  storeBrand: 'Amped Store',
  contactEmail: 'support@ampedcomics.com',
  shipTo: {
    company: 'Amped Comics',
    street: '123 Main Street',
    unit: 'Suite 100',
    city: 'Winter Springs',
    state: 'FL',
    zip: '32765',
  },
  copyrightYear: 2024,
};
