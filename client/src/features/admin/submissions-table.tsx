import { format } from 'date-fns';
import { AlertTriangle, ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link } from 'wouter';
import { formatWholeUsd } from '../../../../shared/money';
import { shortReference } from '../../../../shared/short-reference';
import type { AdminSort, AdminSubmissionRow } from '../../../../shared/schemas/admin-submissions';
import { buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { SubmissionStatusBadge } from './status-badge';
import { waitedText, type ListView } from './list-params';

/** Props of the dashboard table. */
export interface SubmissionsTableProps {
  rows: AdminSubmissionRow[];
  view: ListView;
  /** The query string to carry into the detail, so 'Back to Dashboard' returns to this view. */
  returnSearch: string;
  onSort: (sort: AdminSort) => void;
  now: Date;
}

const ATTENTION_TEXT = {
  review_overdue: 'Over 24h waiting for offers',
  shipment_overdue: 'Not shipped 7 days after accepting',
} as const;

function firstComicText(row: AdminSubmissionRow): string {
  if (!row.firstComic) return 'No comics';
  const { title, issueNumber, cgcGrade } = row.firstComic;
  return `${title}${issueNumber ? ` #${issueNumber}` : ''}${cgcGrade !== null ? ` (${cgcGrade.toFixed(1)})` : ''}`;
}

function Thumbnail({ row }: { row: AdminSubmissionRow }) {
  const url = row.firstComic?.thumbnailUrl;
  return url ? (
    <img src={url} alt="" className="size-12 shrink-0 rounded-md bg-slate-100 object-cover" loading="lazy" />
  ) : (
    <span className="grid size-12 shrink-0 place-items-center rounded-md bg-slate-100 text-center text-[10px] leading-tight text-slate-700">
      No Image
    </span>
  );
}

function Waiting({ row, now }: { row: AdminSubmissionRow; now: Date }) {
  return (
    <span className="flex flex-wrap items-center gap-1 text-xs text-slate-700">
      <span>{waitedText(new Date(row.statusSince), now)} in status</span>
      {row.attention && (
        <span className="inline-flex items-center gap-1 rounded bg-red-50 px-1.5 py-0.5 font-semibold text-red-800 ring-1 ring-red-200">
          <AlertTriangle className="size-3" aria-hidden="true" />
          {ATTENTION_TEXT[row.attention]}
        </span>
      )}
    </span>
  );
}

function SortButton({
  label,
  sort,
  view,
  onSort,
}: {
  label: string;
  sort: AdminSort;
  view: ListView;
  onSort: (sort: AdminSort) => void;
}) {
  const active = view.sort === sort;
  const Icon = !active ? ArrowUpDown : view.order === 'desc' ? ArrowDown : ArrowUp;
  return (
    <button
      type="button"
      onClick={() => onSort(sort)}
      className="inline-flex items-center gap-1 rounded font-semibold hover:text-slate-950 focus-visible:outline-3 focus-visible:outline-blue-600"
    >
      {label}
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">
        {active ? `, sorted ${view.order === 'desc' ? 'descending' : 'ascending'}` : ', sort'}
      </span>
    </button>
  );
}

/**
 * The spec's table (Submission, Comics, Seller, Est. Value, Status, Actions) on wide screens, and the
 * same rows as cards on a phone. Each row shows how long it has waited and whether it is overdue.
 */
export function SubmissionsTable({ rows, view, returnSearch, onSort, now }: SubmissionsTableProps) {
  const detailHref = (row: AdminSubmissionRow) =>
    `/admin/submissions/${row.id}${returnSearch ? `?${returnSearch}` : ''}`;
  const ariaSort = (sort: AdminSort) =>
    view.sort === sort ? (view.order === 'desc' ? 'descending' : 'ascending') : undefined;
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">Submissions</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2" aria-sort={ariaSort('date')}>
              <SortButton label="Submission" sort="date" view={view} onSort={onSort} />
            </th>
            <th scope="col" className="px-3 py-2">
              Comics
            </th>
            <th scope="col" className="px-3 py-2">
              Seller
            </th>
            <th scope="col" className="px-3 py-2 text-right" aria-sort={ariaSort('value')}>
              <SortButton label="Est. Value" sort="value" view={view} onSort={onSort} />
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className={cn(row.attention && 'bg-red-50/40')}>
              <td className="px-3 py-3">
                <div className="flex items-center gap-3">
                  <Thumbnail row={row} />
                  <div>
                    <p className="font-semibold text-slate-950">#{shortReference(row.id)}</p>
                    <p className="text-slate-700">{format(new Date(row.createdAt), 'MMM dd, yyyy')}</p>
                  </div>
                </div>
              </td>
              <td className="px-3 py-3">
                <p className="text-slate-950">{firstComicText(row)}</p>
                {row.comicCount > 1 && <p className="text-slate-700">+ {row.comicCount - 1} others</p>}
              </td>
              <td className="px-3 py-3">
                <p className="text-slate-950">{row.seller.username ?? row.seller.name ?? '—'}</p>
                <p className="break-all text-slate-700">{row.seller.email}</p>
              </td>
              <td className="px-3 py-3 text-right font-semibold text-slate-950">
                {row.totalEstimatedValueCents === null ? '—' : formatWholeUsd(row.totalEstimatedValueCents)}
              </td>
              <td className="px-3 py-3">
                <div className="flex flex-col items-start gap-1">
                  <SubmissionStatusBadge status={row.status} />
                  {row.status === 'shipped' && row.trackingId && (
                    <span className="text-xs text-slate-700">
                      {row.carrier ?? 'Tracking'}: {row.trackingId}
                    </span>
                  )}
                  <Waiting row={row} now={now} />
                </div>
              </td>
              <td className="px-3 py-3">
                <Link
                  href={detailHref(row)}
                  className={buttonClasses('outline', 'sm')}
                  aria-label={`Review submission #${shortReference(row.id)}`}
                >
                  Review
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-slate-100 md:hidden" aria-label="Submissions">
        {rows.map((row) => (
          <li key={row.id} className={cn('flex gap-3 py-3', row.attention && 'bg-red-50/40')}>
            <Thumbnail row={row} />
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-slate-950">
                  #{shortReference(row.id)}{' '}
                  <span className="font-normal text-slate-700">
                    {format(new Date(row.createdAt), 'MMM dd, yyyy')}
                  </span>
                </p>
                <SubmissionStatusBadge status={row.status} />
              </div>
              <p className="text-sm text-slate-950">
                {firstComicText(row)}
                {row.comicCount > 1 && <span className="text-slate-700"> + {row.comicCount - 1} others</span>}
              </p>
              <p className="truncate text-sm text-slate-700">{row.seller.username ?? row.seller.email}</p>
              {row.status === 'shipped' && row.trackingId && (
                <p className="text-xs break-all text-slate-700">
                  {row.carrier ?? 'Tracking'}: {row.trackingId}
                </p>
              )}
              <Waiting row={row} now={now} />
              <div className="flex items-center justify-between">
                <span className="font-semibold text-slate-950">
                  {row.totalEstimatedValueCents === null ? '—' : formatWholeUsd(row.totalEstimatedValueCents)}
                </span>
                <Link
                  href={detailHref(row)}
                  className={buttonClasses('outline', 'sm')}
                  aria-label={`Review submission #${shortReference(row.id)}`}
                >
                  Review
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
