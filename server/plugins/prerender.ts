import { access } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteConfig } from '../../shared/site-config.js';

/** Renders the app's HTML at a path (the built client/src/entry-server.tsx). */
export type RenderPage = (path: string, viewer: Viewer) => Promise<string>;

/** 'guest' when the request has no session cookie; 'unknown' otherwise (the browser asks who). */
export type Viewer = 'guest' | 'unknown';

/**
 * Loads the prerenderer that `npm run build:client` builds into dist/ssr, or undefined when there is
 * none (tests, a partial build): the pages then go out as the empty shell and render in the browser.
 * It is a built file loaded by path, not a source import, so the server still never imports the React
 * app's sources (docs/decisions/0001, 0016). The site configuration goes in through a global first,
 * because some of the app's modules read it once, at import; one configuration per process.
 */
export async function loadPrerenderer(
  entryPath: string,
  site: SiteConfig,
  log: FastifyBaseLogger,
): Promise<RenderPage | undefined> {
  try {
    await access(entryPath);
  } catch {
    return undefined;
  }
  try {
    (globalThis as { __SITE_CONFIG__?: SiteConfig }).__SITE_CONFIG__ = site;
    const module = (await import(pathToFileURL(entryPath).href)) as { renderPage?: RenderPage };
    if (typeof module.renderPage !== 'function') throw new Error('entry-server has no renderPage export');
    return module.renderPage;
  } catch (error) {
    log.error({ err: error, entryPath }, 'could not load the page prerenderer; pages render in the browser');
    return undefined;
  }
}
