import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';

// What every lazily loaded page needs (routes.tsx, lazyPage). Zod's CSP-safe setting is not here: it
// comes with zod itself (client/src/lib/zod/jitless.ts), so pages that parse nothing load no zod.

/**
 * The TanStack Query provider around the lazily loaded pages. It lives in their chunks, not in the
 * entry: the public pages need no server state but the current user (its own small store), so they
 * load no query library. Every page shares the one client, so the cache survives navigation.
 */
export function PageScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
