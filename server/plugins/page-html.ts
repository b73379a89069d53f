import type { PublicPage } from '../../shared/public-pages.js';
import { documentTitle } from '../../shared/public-pages.js';
import type { SiteConfig } from '../../shared/site-config.js';

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Embeds the site configuration as a non-executable JSON block, so the CSP can forbid inline script. */
function siteConfigBlock(site: SiteConfig): string {
  const json = JSON.stringify(site).replace(/</g, '\\u003c');
  return `<script type="application/json" id="site-config">${json}</script>`;
}

/** The generic page: the app's shell with the site configuration (pages the server does not prerender). */
export function renderIndexHtml(template: string, site: SiteConfig): string {
  return template
    .replace('<!--site-config-->', siteConfigBlock(site))
    .replace(
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(site.businessName)} - Sell Your Graded Comics</title>`,
    );
}

export interface PublicPageHtmlOptions {
  site: SiteConfig;
  /** The site's public origin (PUBLIC_URL): canonical and Open Graph URLs are absolute. */
  publicUrl: string;
  page: PublicPage;
  /** The prerendered app (entry-server.tsx), or undefined to send the empty shell. */
  appHtml: string | undefined;
  /** Who the page was rendered for (see prerender.ts); marked on #root for the client's first render. */
  viewer: 'guest' | 'unknown';
}

/**
 * A public page: its own title and description, canonical URL and Open Graph tags with the brand,
 * and, when prerendered, its content inside #root (marked so main.tsx hydrates it).
 */
export function renderPublicPageHtml(template: string, options: PublicPageHtmlOptions): string {
  const { site, page, appHtml } = options;
  const url = new URL(page.path, `${options.publicUrl.replace(/\/+$/, '')}/`).href;
  const title = escapeHtml(documentTitle(page.title, site.businessName));
  const description = escapeHtml(page.description);
  const head = [
    siteConfigBlock(site),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.businessName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  let html = template
    .replace('<!--site-config-->', head)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${description}" />`,
    );
  if (appHtml !== undefined) {
    const viewer = options.viewer === 'guest' ? ' data-viewer="guest"' : '';
    html = html.replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="true"${viewer}>${appHtml}</div>`,
    );
  }
  return html;
}
