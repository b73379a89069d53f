/** Brand and business details. The server embeds them in index.html; the defaults serve `npm run dev`. */
export interface SiteConfig {
  businessName: string;
  storeBrand: string;
  contactEmail: string;
  shipTo: { company: string; street: string; unit: string; city: string; state: string; zip: string };
  copyrightYear: number;
}

const defaults: SiteConfig = {
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

function readEmbedded(): Partial<SiteConfig> {
  const element = typeof document === 'undefined' ? null : document.getElementById('site-config');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as Partial<SiteConfig>;
  } catch {
    return {};
  }
}

/** The site configuration for this page load. */
export const siteConfig: SiteConfig = { ...defaults, ...readEmbedded() };
