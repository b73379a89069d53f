// The staff screens' server calls: the dashboard's reads (list, stats, publishers, check-in lookup)
// and every staff action on a submission or comic (spec section 7), each with the spec's success and
// failure toasts (section 8). Which actions are offered is decided by the server (`allowedActions`).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPublishersSchema,
  adminSubmissionPageSchema,
  checkInResultSchema,
  type AdminSubmissionPage,
  type CheckInResult,
} from '../../../../shared/schemas/admin-submissions';
import { adminStatsSchema, type AdminStats } from '../../../../shared/schemas/admin-stats';
import { submissionSchema, type Submission } from '../../../../shared/schemas/submission';
import { apiRequestJson, errorToastMessage } from '../../lib/api-request';
import { toast } from '../../ui/use-toast';
import { apiSearchFromView, type ListView } from './list-params';

/** Every staff query key starts with this, so one invalidation refreshes list, stats and publishers. */
export const ADMIN_KEY = 'admin';

/** The cache key of one submission (shared with the seller's screens: spec "the submission query"). */
export function submissionKey(id: string) {
  return ['/api/submissions', id] as const;
}

/** One page of the dashboard's list for a view. */
export function useAdminSubmissions(view: ListView) {
  const search = apiSearchFromView(view, { paged: true });
  return useQuery({
    queryKey: [ADMIN_KEY, 'submissions', search],
    queryFn: async (): Promise<AdminSubmissionPage> =>
      adminSubmissionPageSchema.parse(await apiRequestJson('GET', `/api/admin/submissions?${search}`)),
    placeholderData: (previous) => previous,
  });
}

/** The four stat cards. */
export function useAdminStats() {
  return useQuery({
    queryKey: [ADMIN_KEY, 'stats'],
    queryFn: async (): Promise<AdminStats> =>
      adminStatsSchema.parse(await apiRequestJson('GET', '/api/admin/stats')),
  });
}

/** The publishers present in the data, for the filter. */
export function useAdminPublishers() {
  return useQuery({
    queryKey: [ADMIN_KEY, 'publishers'],
    queryFn: async () =>
      adminPublishersSchema.parse(await apiRequestJson('GET', '/api/admin/publishers')).publishers,
  });
}

/** One submission with its comics, allowed actions and timeline. */
export function useSubmission(id: string) {
  return useQuery({
    queryKey: submissionKey(id),
    queryFn: async (): Promise<Submission> =>
      submissionSchema.parse(await apiRequestJson('GET', `/api/submissions/${encodeURIComponent(id)}`)),
  });
}

/** Looks up what the check-in box was given (label code or tracking number). */
export async function lookUpCheckIn(code: string): Promise<CheckInResult> {
  return checkInResultSchema.parse(
    await apiRequestJson('GET', `/api/admin/check-in?code=${encodeURIComponent(code)}`),
  );
}

/** The URL of the CSV export for a view (all pages). */
export function exportUrl(view: ListView): string {
  const search = apiSearchFromView(view, { paged: false });
  return `/api/admin/submissions/export${search ? `?${search}` : ''}`;
}

/** A staff action: how it is sent and what the toasts say (spec section 8, word for word). */
interface ActionSpec<Input> {
  request: (input: Input) => { method: 'PUT' | 'POST'; url: string; body?: unknown };
  success: { title: string; description?: string };
  failureTitle: string;
}

const submissionUrl = (id: string, action: string) => `/api/submissions/${encodeURIComponent(id)}/${action}`;

/** Inputs of the actions that carry data. */
export interface OfferInput {
  comicId: string;
  cashOffer: string;
  storeCreditOffer: string;
}
/** Mark-paid input: the PayPal transaction and, when credit was accepted, the store-credit reference. */
export interface MarkPaidInput {
  id: string;
  paypalTransactionId?: string;
  storeCreditReference?: string;
}

/** Every staff action the detail screen can take. */
export const ADMIN_ACTIONS = {
  makeOffer: {
    request: ({ comicId, cashOffer, storeCreditOffer }: OfferInput) => ({
      method: 'PUT',
      url: `/api/admin/comics/${encodeURIComponent(comicId)}/offer`,
      body: { cashOffer, storeCreditOffer, adminStatus: 'pending_user_approval' },
    }),
    success: { title: 'Offer Made' },
    failureTitle: 'Failed to make offer',
  } satisfies ActionSpec<OfferInput>,
  reject: {
    request: ({ comicId }: { comicId: string }) => ({
      method: 'PUT',
      url: `/api/admin/comics/${encodeURIComponent(comicId)}/offer`,
      body: { adminStatus: 'rejected' },
    }),
    success: { title: 'Comic Rejected' },
    failureTitle: 'Failed to reject comic',
  } satisfies ActionSpec<{ comicId: string }>,
  markProcessed: {
    request: ({ id }: { id: string }) => ({ method: 'PUT', url: submissionUrl(id, 'mark-processed') }),
    success: { title: 'Submission Processed' },
    failureTitle: 'Failed to mark submission as processed',
  } satisfies ActionSpec<{ id: string }>,
  markDeclined: {
    request: ({ id }: { id: string }) => ({ method: 'PUT', url: submissionUrl(id, 'mark-declined') }),
    success: { title: 'Submission Declined', description: 'All comics were rejected.' },
    failureTitle: 'Failed to mark submission as declined',
  } satisfies ActionSpec<{ id: string }>,
  cancel: {
    request: ({ id }: { id: string }) => ({ method: 'PUT', url: submissionUrl(id, 'cancel') }),
    success: { title: 'Submission Cancelled' },
    failureTitle: 'Failed to cancel submission',
  } satisfies ActionSpec<{ id: string }>,
  markReceived: {
    request: ({ id }: { id: string }) => ({ method: 'PUT', url: submissionUrl(id, 'mark-received') }),
    success: { title: 'Submission Received', description: 'Now inspecting comics.' },
    failureTitle: 'Failed to mark submission as received',
  } satisfies ActionSpec<{ id: string }>,
  markPaid: {
    request: ({ id, ...body }: MarkPaidInput) => ({
      method: 'PUT',
      url: submissionUrl(id, 'mark-paid'),
      body,
    }),
    success: { title: 'Payment Sent' },
    failureTitle: 'Failed to mark submission as paid',
  } satisfies ActionSpec<MarkPaidInput>,
  openDispute: {
    request: ({ id, disputeMessage }: { id: string; disputeMessage: string }) => ({
      method: 'PUT',
      url: submissionUrl(id, 'open-dispute'),
      body: { disputeMessage },
    }),
    success: { title: 'Dispute Opened', description: 'The user has been notified...' },
    failureTitle: 'Failed to open dispute',
  } satisfies ActionSpec<{ id: string; disputeMessage: string }>,
  resolveDispute: {
    request: ({ id }: { id: string }) => ({ method: 'PUT', url: submissionUrl(id, 'resolve-dispute') }),
    success: { title: 'Dispute Resolved' },
    failureTitle: 'Failed to resolve dispute',
  } satisfies ActionSpec<{ id: string }>,
  resumeInspection: {
    request: ({ id }: { id: string }) => ({ method: 'PUT', url: submissionUrl(id, 'resume-inspection') }),
    success: { title: 'Inspection Resumed' },
    failureTitle: 'Failed to resume inspection',
  } satisfies ActionSpec<{ id: string }>,
} as const;

/** The fallback a failure toast shows when the server gave no message fit to show. */
export const ACTION_FAILURE_FALLBACK = 'Please try again.';

/**
 * A mutation for one staff action on a submission: sends it, toasts the outcome, and refetches the
 * submission and the dashboard's list and stats (spec section 7: "after each admin mutation...").
 */
export function useAdminAction<Input>(action: ActionSpec<Input>, submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      const { method, url, body } = action.request(input);
      return apiRequestJson<unknown>(method, url, body);
    },
    onSuccess: () => {
      toast(action.success);
    },
    onError: (error) => {
      toast({
        title: action.failureTitle,
        description: errorToastMessage(error, ACTION_FAILURE_FALLBACK),
        variant: 'destructive',
      });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: submissionKey(submissionId) }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] }),
        queryClient.invalidateQueries({ queryKey: ['/api/submissions'] }),
      ]);
    },
  });
}
