import os from 'node:os';
import path from 'node:path';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';

// A stand-in for the Vite build: just enough of index.html and one hashed asset to exercise the SPA plugin.
async function makeClientBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'comic-buylist-client-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>t</title><!--site-config--></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  return dir;
}

describe('the HTTP app', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await makeClientBuild();
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('answers /healthz', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends a strict Content-Security-Policy with no inline script, and no framework fingerprint', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // No JavaScript eval; 'wasm-unsafe-eval' (WebAssembly only) is allowed for the check-in scanner.
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // HSTS only in production (see the production test below).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the app with the site configuration embedded for client routes', async () => {
    const res = await t.app.inject({ url: '/learn-more' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<script type="application/json" id="site-config">');
    expect(res.body).toContain('"storeBrand":"Amped Store"');
    expect(res.body).toContain('"zip":"32765"');
  });

  it('serves the app with status 404 for unknown pages (the app shows its not-found page)', async () => {
    const res = await t.app.inject({ url: '/no-such-page?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('answers unknown /api paths with the JSON error shape', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({
      message: expect.stringContaining('/api/nothing-here'),
      code: 'not_found',
    });
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers malformed JSON with a 400 in the JSON error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nothing-here',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'fetch',
        origin: t.config.publicUrl,
      },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('the HTTP app in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://sell.example.com' } });
  });
  afterAll(() => t.close());

  it('sends HSTS', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});
