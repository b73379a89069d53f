import { useEffect, useId, useState, type FormEvent } from 'react';
import { Download, ListChecks, Loader2, Search } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { SUBMISSION_STATUSES } from '../../../../shared/domain-values';
import type { AdminSort } from '../../../../shared/schemas/admin-submissions';
import { submissionStatusLabel } from '../../../../shared/status-labels';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { exportUrl, useAdminPublishers, useAdminSubmissions } from './admin-api';
import { CheckInBox } from './check-in-box';
import {
  DASHBOARD_PAGE_SIZE,
  searchFromView,
  showingText,
  viewFromSearch,
  type ListView,
} from './list-params';
import { StatCards } from './stat-cards';
import { SubmissionsTable } from './submissions-table';

const selectClasses =
  'h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:border-blue-600 focus-visible:outline-3 focus-visible:outline-blue-600/40';

/** The staff dashboard (spec section 2): stats, check-in, filters in the URL, the paged table. */
export function Dashboard() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const view = viewFromSearch(search);
  const list = useAdminSubmissions(view);
  const publishers = useAdminPublishers();
  const ids = { status: useId(), publisher: useId(), search: useId() };
  // The clock for "waited" times; ticks each minute so the queue stays honest on an open tab.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const go = (next: Partial<ListView>) => {
    const merged = { ...view, page: 1, ...next };
    const qs = searchFromView(merged);
    navigate(`/admin${qs ? `?${qs}` : ''}`);
  };
  const onSort = (sort: AdminSort) =>
    go({ sort, order: view.sort === sort && view.order === 'desc' ? 'asc' : 'desc' });

  const data = list.data;
  const total = data?.total ?? 0;
  const shown = data?.items.length ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / DASHBOARD_PAGE_SIZE));
  const queueActive = view.status === 'awaiting_review' && view.sort === 'date' && view.order === 'asc';
  const returnSearch = searchFromView(view);

  return (
    <div className="space-y-6">
      <StatCards />
      <CheckInBox />

      <Card className="p-4 sm:p-6">
        <h2 className="sr-only">Submissions</h2>
        <div className="grid gap-3 md:grid-cols-[12rem_12rem_1fr]">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.status}>Status</Label>
            <select
              id={ids.status}
              className={selectClasses}
              value={view.status ?? 'all'}
              onChange={(event) =>
                go({
                  status: event.target.value === 'all' ? null : (event.target.value as ListView['status']),
                })
              }
            >
              <option value="all">All statuses</option>
              {SUBMISSION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {submissionStatusLabel(status, 'admin') ?? status}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.publisher}>Publisher</Label>
            <select
              id={ids.publisher}
              className={selectClasses}
              value={view.publisher ?? ''}
              onChange={(event) => go({ publisher: event.target.value || null })}
            >
              <option value="">All publishers</option>
              {(publishers.data ?? []).map((publisher) => (
                <option key={publisher} value={publisher}>
                  {publisher}
                </option>
              ))}
              {view.publisher && !(publishers.data ?? []).includes(view.publisher) && (
                <option value={view.publisher}>{view.publisher}</option>
              )}
            </select>
          </div>
          {/* Keyed by the URL's search: the back button resets the box to what the URL says. */}
          <SearchForm key={view.q} id={ids.search} initial={view.q} onSearch={(q) => go({ q })} />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant={queueActive ? 'secondary' : 'outline'}
            size="sm"
            aria-pressed={queueActive}
            onClick={() =>
              queueActive
                ? go({ status: null, sort: 'date', order: 'desc' })
                : go({ status: 'awaiting_review', sort: 'date', order: 'asc' })
            }
          >
            <ListChecks aria-hidden="true" />
            Review queue (oldest first)
          </Button>
          <a href={exportUrl(view)} className={buttonClasses('outline', 'sm')} download>
            <Download aria-hidden="true" />
            Export
          </a>
        </div>

        <div className="mt-4" aria-busy={list.isFetching}>
          {list.isPending ? (
            <p className="flex items-center gap-2 py-8 text-slate-700">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading submissions...
            </p>
          ) : list.isError ? (
            <p className="py-8 text-red-800" role="alert">
              The submissions could not be loaded. Please try again.
            </p>
          ) : shown === 0 ? (
            <p className="py-8 text-center text-slate-700">No submissions found matching your criteria.</p>
          ) : (
            <SubmissionsTable
              rows={data!.items}
              view={view}
              returnSearch={returnSearch}
              onSort={onSort}
              now={now}
            />
          )}
        </div>

        <nav
          className="mt-4 flex flex-col items-center justify-between gap-3 border-t border-slate-200 pt-4 sm:flex-row"
          aria-label="Pages"
        >
          <p className="text-sm text-slate-700" aria-live="polite">
            {showingText(view.page, DASHBOARD_PAGE_SIZE, shown, total)}
          </p>
          <div className="flex items-center gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={view.page <= 1}
              onClick={() => go({ page: view.page - 1 })}
            >
              Previous
            </Button>
            <span className="text-sm text-slate-700">
              Page {view.page.toLocaleString('en-US')} of {lastPage.toLocaleString('en-US')}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={view.page >= lastPage}
              onClick={() => go({ page: view.page + 1 })}
            >
              Next
            </Button>
          </div>
        </nav>
      </Card>
    </div>
  );
}

/** The search box: typed text is applied on Enter or the Search button. */
function SearchForm({
  id,
  initial,
  onSearch,
}: {
  id: string;
  initial: string;
  onSearch: (q: string) => void;
}) {
  const [query, setQuery] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(query);
  };
  return (
    <form role="search" onSubmit={submit} className="grid gap-1.5">
      <Label htmlFor={id}>Search</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          value={query}
          maxLength={200}
          placeholder="Title, publisher, seller, email or #REF"
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" variant="secondary" aria-label="Search submissions">
          <Search aria-hidden="true" />
          <span className="hidden sm:inline">Search</span>
        </Button>
      </div>
    </form>
  );
}
