import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import path from 'node:path';

// The React app lives in client/ and builds into dist/client, which the Fastify server serves.
// In development (npm run dev) Vite serves the client with hot reload and proxies /api to the server.
// ANALYZE=1 npm run build:client also writes dist/bundle-stats.html (what each chunk holds).
const analyze: PluginOption[] = process.env.ANALYZE
  ? [
      visualizer({
        filename: path.resolve(import.meta.dirname, 'dist/bundle-stats.html'),
        template: process.env.ANALYZE === 'json' ? 'raw-data' : 'treemap',
        gzipSize: true,
        brotliSize: true,
      }),
    ]
  : [];

export default defineConfig(({ isSsrBuild }) => ({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), ...analyze],
  resolve: {
    // zod with its CSP-safe setting applied before any schema is defined (client/src/lib/zod/jitless.ts).
    // Only the exact `zod`: the wrapper itself imports zod/v4.
    alias: [
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'client/src/lib/zod/classic.ts') },
    ],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // The prerenderer's build (dist/ssr, see client/src/entry-server.tsx) needs no copy of public/.
    copyPublicDir: !isSsrBuild,
    sourcemap: true,
    // dist/client/.vite/manifest.json: which chunks each entry and lazy route loads (scripts/check-budget.ts reads it).
    manifest: true,
    // Keep the marketing pages' JavaScript small: seller and admin code is split into lazy chunks.
    chunkSizeWarningLimit: 300,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // /oidc is the built-in sign-in provider: proxied too, so sign-in stays on the page's own origin.
    proxy: Object.fromEntries(
      ['/api', '/oidc'].map((prefix) => [
        prefix,
        // Keep the browser's Host header: the provider builds its own URLs from it.
        { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false },
      ]),
    ),
  },
}));
