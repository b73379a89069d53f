// Brand and business details. The server embeds them in index.html; under `npm run dev` (Vite serves
// the page) the shared defaults apply.
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../../../shared/site-config';

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
export const siteConfig: SiteConfig = { ...DEFAULT_SITE_CONFIG, ...readEmbedded() };
