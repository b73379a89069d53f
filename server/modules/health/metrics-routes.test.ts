// /internal/metrics exists only with METRICS_TOKEN set, and answers only a caller with that token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe('/internal/metrics', () => {
  let plain: TestApp;
  let enabled: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    enabled = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await plain?.close();
    await enabled?.close();
  });

  it('does not exist unless METRICS_TOKEN is set', async () => {
    const response = await plain.app.inject({
      method: 'GET',
      url: '/internal/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    // No such route: the request falls through to the site's pages, which know nothing of metrics.
    expect(plain.app.hasRoute({ method: 'GET', url: '/internal/metrics' })).toBe(false);
    expect(response.statusCode).not.toBe(200);
    expect(response.body).not.toContain('eventLoopDelayMs');
  });

  it('refuses a caller without the token or with another one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: TOKEN }]) {
      const response = await enabled.app.inject({ method: 'GET', url: '/internal/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('gives the token holder the event-loop delay, memory and CPU time, uncached', async () => {
    const response = await enabled.app.inject({
      method: 'GET',
      url: '/internal/metrics?reset=1',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{
      eventLoopDelayMs: Record<string, number>;
      memoryMb: Record<string, number>;
      cpuMs: number;
    }>();
    expect(Object.keys(body.eventLoopDelayMs).sort()).toEqual(['max', 'mean', 'p50', 'p99']);
    expect(body.memoryMb.rss).toBeGreaterThan(0);
    expect(body.cpuMs).toBeGreaterThan(0);
  });

  it('refuses a bad query', async () => {
    const response = await enabled.app.inject({
      method: 'GET',
      url: '/internal/metrics?reset=yes',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(400);
  });
});
