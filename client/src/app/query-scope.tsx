import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';

/**
 * The TanStack Query provider around the lazily loaded pages (routes.tsx). It lives in their chunks,
 * not in the entry: the public pages need no server state but the current user (its own small store),
 * so they load no query library. Every page shares the one client, so the cache survives navigation.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
