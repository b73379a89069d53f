// The server's prerenderer (docs/decisions/0016-front-end-budget.md): `npm run build:client` builds this
// module for Node (dist/ssr/entry-server.js); the server loads it once at start, after setting
// globalThis.__SITE_CONFIG__, and renders each public page's HTML with its brand, so a visitor sees the
// page before any JavaScript runs. The browser then hydrates it (main.tsx).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app/app';
import { setPrerenderViewer } from './features/auth/current-user';

/**
 * The HTML of the app at `path`, every lazy part resolved (React's static prerender waits for them),
 * for a guest (no session cookie: the signed-out header and pages) or an unknown viewer (placeholders).
 */
export async function renderPage(path: string, viewer: 'guest' | 'unknown'): Promise<string> {
  // One render at a time (the server awaits each): the viewer is module state of the current-user store.
  setPrerenderViewer(viewer);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App ssrPath={path} />
    </StrictMode>,
    // One piece: React would otherwise move large Suspense contents to the end of the document and
    // reveal them with an inline script, which the Content-Security-Policy (no inline script) blocks.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude as AsyncIterable<Uint8Array>)
    html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}
