// The staff Outbox's two endpoints: GET /api/admin/outbox (pages) and GET /api/admin/outbox/:id.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  outboxListSchema,
  outboxMessageSchema,
  type OutboxList,
  type OutboxMessage,
} from '../../../../shared/schemas/outbox';
import { apiRequestJson } from '../../lib/api-request';

/** The outbox, page by page (newest first); `fetchNextPage` loads older mail. */
export function useOutboxPages() {
  return useInfiniteQuery({
    queryKey: ['/api/admin/outbox', 'pages'],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<OutboxList> =>
      outboxListSchema.parse(
        await apiRequestJson<unknown>(
          'GET',
          `/api/admin/outbox?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        ),
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** One mail with its text and HTML parts, fetched when `id` is set. */
export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: ['/api/admin/outbox', id ?? ''],
    enabled: id !== null,
    queryFn: async (): Promise<OutboxMessage> =>
      outboxMessageSchema.parse(await apiRequestJson<unknown>('GET', `/api/admin/outbox/${id}`)),
  });
}
