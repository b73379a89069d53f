import { timingSafeEqual, createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors.js';

const metricsQuery = z.object({ reset: z.literal('1').optional() });

/** Milliseconds from the histogram's nanoseconds, rounded to 0.01 ms. */
const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;

/** Constant-time comparison of the caller's token with ours (hashes first: equal lengths). */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /internal/metrics: the event loop's delay since the last reset (perf_hooks' histogram, sampled
 * every 10 ms), the process's memory and its CPU time, for the load bench and an operator's monitoring. Registered
 * only when METRICS_TOKEN is set, and answers only callers that send it as a bearer token, so it is
 * never public by default. `?reset=1` starts a new measuring window after answering.
 */
export async function metricsRoutes(app: FastifyInstance, options: { token: string }) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  app.addHook('onClose', async () => histogram.disable());

  app.get('/internal/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!given || !sameToken(given, options.token)) {
      throw new HttpError(401, 'A valid metrics token is required.', 'unauthorized');
    }
    const memory = process.memoryUsage();
    const body = {
      eventLoopDelayMs: {
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        mean: ms(histogram.mean),
      },
      memoryMb: {
        rss: Math.round(memory.rss / 2 ** 20),
        heapUsed: Math.round(memory.heapUsed / 2 ** 20),
        external: Math.round(memory.external / 2 ** 20),
      },
      // CPU time the whole process has used (all threads: the label reader's workers too), so a
      // caller can divide a window's difference by the requests it served: load-independent cost.
      cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
      uptimeSeconds: Math.round(process.uptime()),
    };
    if (metricsQuery.parse(request.query).reset) histogram.reset();
    reply.header('Cache-Control', 'no-store');
    return body;
  });
}
