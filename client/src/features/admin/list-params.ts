// The dashboard's view (filters, sort, page) lives in the URL's query string, so a view can be
// bookmarked and the back button steps through filter changes. This file converts both ways and keeps
// defaults out of the URL.
import { ADMIN_SORTS, type AdminSort } from '../../../../shared/schemas/admin-submissions';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../../../../shared/domain-values';

/** The dashboard's view as the screen uses it. */
export interface ListView {
  status: SubmissionStatus | null;
  publisher: string | null;
  q: string;
  sort: AdminSort;
  order: 'asc' | 'desc';
  page: number;
}

/** The view with nothing chosen: every submission, newest first, page 1. */
export const DEFAULT_VIEW: ListView = {
  status: null,
  publisher: null,
  q: '',
  sort: 'date',
  order: 'desc',
  page: 1,
};

/** Rows per page on the dashboard. */
export const DASHBOARD_PAGE_SIZE = 50;

/** Reads a view from a query string; anything unknown or malformed falls back to the default. */
export function viewFromSearch(search: string | URLSearchParams): ListView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const status = params.get('status');
  const sort = params.get('sort');
  const order = params.get('order');
  const page = Number(params.get('page'));
  return {
    status:
      status && (SUBMISSION_STATUSES as readonly string[]).includes(status)
        ? (status as SubmissionStatus)
        : null,
    publisher: params.get('publisher')?.trim() || null,
    q: params.get('q')?.slice(0, 200) ?? '',
    sort: sort && (ADMIN_SORTS as readonly string[]).includes(sort) ? (sort as AdminSort) : 'date',
    order: order === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** The query string of a view (no leading '?'), defaults left out. */
export function searchFromView(view: ListView): string {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.publisher) params.set('publisher', view.publisher);
  if (view.q.trim()) params.set('q', view.q.trim());
  if (view.sort !== DEFAULT_VIEW.sort) params.set('sort', view.sort);
  if (view.order !== DEFAULT_VIEW.order) params.set('order', view.order);
  if (view.page !== 1) params.set('page', String(view.page));
  return params.toString();
}

/** The API query string for a view (the same parameters, plus the page size). */
export function apiSearchFromView(view: ListView, options: { paged: boolean }): string {
  const params = new URLSearchParams(searchFromView(view));
  if (options.paged) params.set('pageSize', String(DASHBOARD_PAGE_SIZE));
  else params.delete('page');
  return params.toString();
}

/** 'Showing 51 to 100 of 2,314 submissions' (spec's footer wording), or the empty case. */
export function showingText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${total.toLocaleString('en-US')} submissions`;
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  return `Showing ${first.toLocaleString('en-US')} to ${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} submissions`;
}

/** How long something has waited, briefly: '45m', '5h', '3d'. */
export function waitedText(since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h`;
  return `${Math.floor(hours / 24)}d`;
}
