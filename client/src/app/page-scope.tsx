import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { config as zodConfig } from 'zod';
import { queryClient } from '../lib/query-client';

// What every lazily loaded page needs (routes.tsx, lazyPage), evaluated before the page renders.
// Zod without its compiled fast path: that path probes `new Function`, which the Content-Security-Policy
// (no 'unsafe-eval') refuses, and Chromium reports each refusal as an issue (Lighthouse best practices).
zodConfig({ jitless: true });

/**
 * The TanStack Query provider around the lazily loaded pages. It lives in their chunks, not in the
 * entry: the public pages need no server state but the current user (its own small store), so they
 * load no query library. Every page shares the one client, so the cache survives navigation.
 */
export function PageScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
