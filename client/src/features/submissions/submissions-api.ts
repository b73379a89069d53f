// The seller's submission calls (spec section 7): the paged list, one submission, and the three things a
// seller does to one (answer an offer, cancel, save tracking). Responses are parsed with the shared zod
// schemas, so a server that drifts from the contract fails loudly here instead of drawing a wrong page.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Submission, SubmissionList } from '../../../../shared/schemas/submission';
import type { OfferResponseBody, TrackingBody } from '../../../../shared/schemas/submission-actions';
import { apiRequest, apiRequestJson, errorToastMessage } from '../../lib/api-request';
import { toast } from '../../ui/use-toast';

/** The query-key prefix of every submission query; invalidating it refetches the list and each detail. */
export const SUBMISSIONS_QUERY_KEY = ['/api/submissions'] as const;

/**
 * The schemas (and zod with them, about 26 kB gzip) load beside the request, not before the page: its
 * first paint and a guest's whole visit need none, and the request takes longer than the chunk anyway
 * (docs/decisions/0021-seller-pages-budget.md).
 */
const loadSchemas = () => import('../../../../shared/schemas/submission');

/** GETs one page of the caller's submissions (newest first). */
async function fetchSubmissionPage(cursor: string | null, signal: AbortSignal): Promise<SubmissionList> {
  const url = cursor ? `/api/submissions?cursor=${encodeURIComponent(cursor)}` : '/api/submissions';
  const [schemas, response] = await Promise.all([
    loadSchemas(),
    apiRequest('GET', url, undefined, { signal }),
  ]);
  return schemas.submissionListSchema.parse(await response.json());
}

/** The caller's submissions, one page at a time ('Load more' fetches the next with nextCursor). */
export function useSubmissionList(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...SUBMISSIONS_QUERY_KEY, 'list'],
    queryFn: ({ pageParam, signal }) => fetchSubmissionPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

/** One submission by id (the caller's own; another seller's answers 404 like a missing one). */
export function useSubmission(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...SUBMISSIONS_QUERY_KEY, id],
    queryFn: async ({ signal }) => {
      const [schemas, response] = await Promise.all([
        loadSchemas(),
        apiRequest('GET', `/api/submissions/${encodeURIComponent(id)}`, undefined, { signal }),
      ]);
      return schemas.submissionSchema.parse(await response.json());
    },
    enabled,
  });
}

/** Refetches every cached submission query (list pages and details). */
function useRefreshSubmissions(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SUBMISSIONS_QUERY_KEY });
}

/** PUT /api/comics/{id}/offer-response: the seller's answer to one comic's offer. */
export function useOfferResponse() {
  const refresh = useRefreshSubmissions();
  return useMutation({
    mutationFn: ({ comicId, userResponse }: { comicId: string } & OfferResponseBody) =>
      apiRequestJson<unknown>('PUT', `/api/comics/${encodeURIComponent(comicId)}/offer-response`, {
        userResponse,
      }),
    onSuccess: async () => {
      toast({ title: 'Response Submitted', description: 'Your response to the offer has been recorded.' });
      await refresh();
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to submit offer response'),
        variant: 'destructive',
      });
    },
  });
}

/** PUT /api/submissions/{id}/cancel, by the seller. */
export function useCancelSubmission() {
  const refresh = useRefreshSubmissions();
  return useMutation({
    mutationFn: (submissionId: string) =>
      apiRequestJson<unknown>('PUT', `/api/submissions/${encodeURIComponent(submissionId)}/cancel`),
    onSuccess: async () => {
      toast({ title: 'Submission Cancelled', description: 'Your submission has been cancelled.' });
      await refresh();
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to cancel submission'),
        variant: 'destructive',
      });
    },
  });
}

/** PUT /api/submissions/{id}/tracking: the seller's tracking number and carrier. */
export function useSaveTracking() {
  const refresh = useRefreshSubmissions();
  return useMutation({
    mutationFn: ({ submissionId, ...body }: { submissionId: string } & TrackingBody) =>
      apiRequestJson<unknown>('PUT', `/api/submissions/${encodeURIComponent(submissionId)}/tracking`, body),
    onSuccess: async () => {
      toast({ title: 'Tracking ID Updated', description: 'Your tracking ID has been saved.' });
      await refresh();
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to update tracking ID'),
        variant: 'destructive',
      });
    },
  });
}

/** Every submission of the loaded pages, in order. */
export function submissionsOfPages(pages: readonly SubmissionList[] | undefined): Submission[] {
  return pages?.flatMap((page) => page.items) ?? [];
}
