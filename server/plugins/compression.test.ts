// Compressed responses: precompressed static assets by Accept-Encoding, dynamic HTML and JSON above
// 1 kB compressed on the fly, images never.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDirectory } from '../../scripts/compress-client.js';
import { createTestApp, type TestApp } from '../test/app.js';

// Repetitive text far above the threshold, like a minified bundle.
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
// Bytes that look like a PNG: an image type is never compressed, whatever its size.
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(4000, 7),
]);

let clientDir: string;
let test: TestApp;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'compression-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    `<!doctype html><html><head><title>x</title><!--site-config--></head><body>${'<p>Sell your comics.</p>'.repeat(100)}</body></html>`,
  );
  await writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), script);
  await writeFile(path.join(clientDir, 'assets', 'slab-abc123.png'), png);
  await compressDirectory(clientDir);
  test = await createTestApp({ clientDir });
});

afterAll(async () => {
  await test?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  test.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compressDirectory (the build step)', () => {
  it('writes .br and .gz beside text assets and leaves images alone', async () => {
    const written = (await compressDirectory(clientDir)).map((file) => path.relative(clientDir, file));
    expect(written).toEqual(
      expect.arrayContaining(['assets/app-abc123.js.br', 'assets/app-abc123.js.gz', 'index.html.br']),
    );
    expect(written.some((file) => file.includes('.png'))).toBe(false);
  });
});

describe('static assets', () => {
  it('sends the brotli file to a browser that accepts br', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is without Accept-Encoding, or with identity', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get('/assets/app-abc123.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(script);
    }
  });

  it('never compresses an image', async () => {
    const response = await get('/assets/slab-abc123.png', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(png)).toBe(true);
  });
});

describe('dynamic responses', () => {
  it('compresses a page above 1 kB with brotli or gzip, and not for identity', async () => {
    const br = await get('/learn-more', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<p>Sell your comics.</p>');

    const gz = await get('/', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('id="site-config"');

    const plain = await get('/', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('id="site-config"');
  });

  it('compresses large JSON but leaves small JSON alone', async () => {
    const large = await get('/api/openapi.json', 'gzip, br');
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('openapi');

    const small = await get('/healthz', 'gzip, br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
