// The public pages as the server sends them: prerendered by the built entry-server (here a stand-in
// module with the same export), for a guest or an unknown viewer, with their own head tags.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '../modules/auth/auth-plugin.js';
import { createTestApp, type TestApp } from '../test/app.js';

const TEMPLATE = `<!doctype html><html lang="en"><head>
<meta name="description" content="generic" />
<title>x</title>
<!--site-config-->
</head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;

let buildDir: string;
let test: TestApp;

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'prerender-build-'));
  const clientDir = path.join(buildDir, 'client');
  await mkdir(path.join(clientDir, '.vite'), { recursive: true });
  await mkdir(path.join(buildDir, 'ssr'));
  await writeFile(path.join(clientDir, 'index.html'), TEMPLATE);
  await writeFile(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true, assets: ['assets/face-123.woff2'] },
      'src/features/sell/sell-page.tsx': {
        file: 'assets/sell-page-1.js',
        imports: ['index.html', '_zod.js'],
      },
      '_zod.js': { file: 'assets/zod-2.js' },
      'src/app/page-scope.tsx': { file: 'assets/page-scope-3.js', imports: ['_zod.js'] },
    }),
  );
  // Stands in for dist/ssr/entry-server.js: says what it was asked to render, and the brand it saw.
  await writeFile(
    path.join(buildDir, 'ssr', 'entry-server.js'),
    `export async function renderPage(path, viewer) {
       return '<p>' + path + ' for ' + viewer + ' by ' + globalThis.__SITE_CONFIG__.businessName + '</p>';
     }`,
  );
  test = await createTestApp({
    clientDir,
    env: { BUSINESS_NAME: 'Bob & Sons Comics', PUBLIC_URL: 'https://sell.example.com' },
  });
});

afterAll(async () => {
  await test?.close();
  await rm(buildDir, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) =>
  test.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('prerendered public pages', () => {
  it('sends a guest the page rendered for a guest, marked for hydration', async () => {
    const response = await page('/learn-more');
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.body).toContain(
      '<div id="root" data-prerendered="true" data-viewer="guest"><p>/learn-more for guest by Bob & Sons Comics</p></div>',
    );
  });

  it('sends a request with a session cookie the page rendered for an unknown viewer', async () => {
    const cookie = `${sessionCookieName(test.config.auth)}=anything`;
    const response = await page('/', cookie);
    expect(response.body).toContain('<div id="root" data-prerendered="true"><p>/ for unknown by');
  });

  it('gives each public page its title, description, canonical URL and Open Graph tags with the brand', async () => {
    const { body } = await page('/sell');
    expect(body).toContain('<title>Sell Your Comics | Bob &#38; Sons Comics</title>');
    expect(body).toMatch(/<meta name="description" content="Upload photos of your graded slabs[^"]*" \/>/);
    expect(body).not.toContain('content="generic"');
    expect(body).toContain('<link rel="canonical" href="https://sell.example.com/sell" />');
    expect(body).toContain('<meta property="og:site_name" content="Bob &#38; Sons Comics" />');
    expect(body).toContain('<meta property="og:url" content="https://sell.example.com/sell" />');
  });

  it("preloads the entry's font, and not the lazy chunks (they would compete with the first paint)", async () => {
    const { body } = await page('/sell');
    expect(body).not.toContain('modulepreload');
    expect(body).toContain(
      '<link rel="preload" href="/assets/face-123.woff2" as="font" type="font/woff2" crossorigin />',
    );
  });

  it('sends other pages the empty shell, and unknown paths 404', async () => {
    const settings = await page('/settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.body).toContain('<div id="root"></div>');
    expect((await page('/no-such-page')).statusCode).toBe(404);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lets crawlers in except the API and staff pages, and points at the sitemap', async () => {
    const response = await page('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: https://sell.example.com/sitemap.xml');
    expect(response.body).not.toMatch(/Disallow: \/\s*$/m);
  });

  it('lists the public pages with PUBLIC_URL', async () => {
    const response = await page('/sitemap.xml');
    expect(response.headers['content-type']).toContain('application/xml');
    const urls = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(urls).toEqual([
      'https://sell.example.com/',
      'https://sell.example.com/learn-more',
      'https://sell.example.com/sell',
      'https://sell.example.com/privacy-policy',
      'https://sell.example.com/terms-of-service',
    ]);
  });
});
