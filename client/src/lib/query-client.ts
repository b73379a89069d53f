// Server-state cache with the spec's data-fetching rules (section 9): no retry for queries or
// mutations, no refetch on window focus, no interval refetch, data never stale. Fresh data comes
// from explicit invalidation after each mutation, not from timers.
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-request';

/** A new QueryClient with the spec's defaults; the default query GETs the joined query key and throws on 401. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The application's one QueryClient. */
export const queryClient = createQueryClient();
