// Brand and business details. The server embeds them in index.html; under `npm run dev` (Vite serves
// the page) the shared defaults apply. When the server prerenders the public pages (entry-server.tsx)
// there is no document: it sets globalThis.__SITE_CONFIG__ before it loads the app, because some
// modules read the configuration once, at import.
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../../../shared/site-config';

function readEmbedded(): Partial<SiteConfig> {
  if (typeof document === 'undefined') {
    return (globalThis as { __SITE_CONFIG__?: Partial<SiteConfig> }).__SITE_CONFIG__ ?? {};
  }
  const element = document.getElementById('site-config');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as Partial<SiteConfig>;
  } catch {
    return {};
  }
}

/** The site configuration for this page load. */
export const siteConfig: SiteConfig = { ...DEFAULT_SITE_CONFIG, ...readEmbedded() };
