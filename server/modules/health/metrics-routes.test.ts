// /internal/metrics exists only with METRICS_TOKEN set, and answers only a caller with that token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../../test/app.js';
import { errorsPlugin } from '../../plugins/errors.js';
import { metricsRoutes } from './metrics-routes.js';

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
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses a query it does not know with a 400, uncached', async () => {
    for (const url of ['/internal/metrics?gc=2', '/internal/metrics?reset=yes']) {
      const response = await enabled.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['cache-control']).toBe('no-store');
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

  it("gives each thread's heap: the main thread's, and none for workers the test app does not run", async () => {
    // The test app has in-process PGlite (no database worker) and a stand-in label reader.
    const response = await enabled.app.inject({
      method: 'GET',
      url: '/internal/metrics?gc=1',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { threads } = response.json<{ threads: Record<string, unknown> }>();
    expect(threads.main).toMatchObject({
      heapUsedMb: expect.any(Number),
      heapTotalMb: expect.any(Number),
      externalMb: expect.any(Number),
    });
    expect(threads.database).toBeNull();
    expect(threads.labelReaders).toEqual([]);
  });

  it("passes the workers' figures through, and asks them to collect garbage only on ?gc=1", async () => {
    const asked: boolean[] = [];
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(metricsRoutes, {
      token: TOKEN,
      workerMemory: async ({ gc }) => {
        asked.push(gc);
        return { database: { heapUsedMb: 1, heapTotalMb: 2, externalMb: 160 }, labelReaders: [null] };
      },
    });
    try {
      const headers = { authorization: `Bearer ${TOKEN}` };
      const plainAnswer = await app.inject({ method: 'GET', url: '/internal/metrics', headers });
      expect(plainAnswer.json()).toMatchObject({
        threads: { database: { externalMb: 160 }, labelReaders: [null] },
      });
      await app.inject({ method: 'GET', url: '/internal/metrics?gc=1&reset=1', headers });
      expect(asked).toEqual([false, true]);
      // Without the token the workers are not even asked.
      const refused = await app.inject({ method: 'GET', url: '/internal/metrics?gc=1' });
      expect(refused.statusCode).toBe(401);
      expect(asked).toHaveLength(2);
    } finally {
      await app.close();
    }
  });

  it('refuses a bad query', async () => {
    for (const url of ['/internal/metrics?reset=yes', '/internal/metrics?gc=true']) {
      const response = await enabled.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
