import { timingSafeEqual, createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors.js';
import { threadMemory, type ThreadMemory } from '../../worker-memory.js';

const metricsQuery = z.object({ reset: z.literal('1').optional(), gc: z.literal('1').optional() });

/** Milliseconds from the histogram's nanoseconds, rounded to 0.01 ms. */
const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;

/** Constant-time comparison of the caller's token with ours (hashes first: equal lengths). */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /internal/metrics: the event loop's delay since the last reset (perf_hooks' histogram, sampled
 * every 10 ms), the process's memory (and each thread's V8 heap) and its CPU time, for the load bench and an operator's monitoring. Registered
 * only when METRICS_TOKEN is set, and answers only callers that send it as a bearer token, so it is
 * never public by default. `?reset=1` starts a new measuring window after answering.
 */
export interface MetricsOptions {
  token: string;
  /**
   * The worker threads' own figures (the embedded database's, the label reader's), asked over their
   * message ports when the route is called; absent: only the main thread's.
   */
  workerMemory?: (options: {
    gc: boolean;
  }) => Promise<{ database: ThreadMemory | null; labelReaders: (ThreadMemory | null)[] }>;
}

export async function metricsRoutes(app: FastifyInstance, options: MetricsOptions) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  app.addHook('onClose', async () => histogram.disable());
  // Every answer, refusals included (401 without the token, 400 for a bad query), is private and live.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/internal/metrics', async (request) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!given || !sameToken(given, options.token)) {
      throw new HttpError(401, 'A valid metrics token is required.', 'unauthorized');
    }
    const query = metricsQuery.parse(request.query);
    // ?gc=1: each thread collects garbage before it is measured, when the server runs with --expose-gc
    // (the load bench's BENCH_GC=1); otherwise ignored. The heap figures are then the live size.
    const gc = query.gc === '1';
    const threads = { main: threadMemory(gc), ...(await options.workerMemory?.({ gc })) };
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
      // Per thread: V8's heap and the memory it knows of outside it (Buffers, WASM). The rss above is the
      // whole process's; what native libraries (libvips, onnxruntime) and glibc's arenas hold is only there.
      threads,
    };
    if (query.reset) histogram.reset();
    return body;
  });
}
