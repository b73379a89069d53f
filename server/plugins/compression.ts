import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';
import { constants } from 'node:zlib';

/**
 * Compresses dynamic responses (HTML pages, JSON) above 1 kB with brotli or gzip by Accept-Encoding,
 * adding Vary: Accept-Encoding. Types that are already compressed (JPEG, PNG, WebP, woff2...) are
 * never recompressed: @fastify/compress only touches types mime-db marks compressible. Static
 * assets come precompressed from the build (scripts/compress-client.ts) and pass through untouched,
 * since they already carry a Content-Encoding.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      // Quality 4: close to gzip's speed for per-request work, still smaller than gzip -9.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
