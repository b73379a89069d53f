import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The React app lives in client/ and builds into dist/client, which the Fastify server serves.
// In development (npm run dev) Vite serves the client with hot reload and proxies /api to the server.
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
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
});
