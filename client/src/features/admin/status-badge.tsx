import type { BadgeTone } from '../../../../shared/status-labels';
import { comicStatusBadge, submissionStatusBadge } from '../../../../shared/status-labels';
import { cn } from '../../ui/cn';

// Each tone keeps its text at WCAG AA contrast on its background.
const TONES: Record<BadgeTone, string> = {
  grey: 'bg-slate-100 text-slate-800 ring-slate-300',
  amber: 'bg-amber-50 text-amber-900 ring-amber-300',
  orange: 'bg-orange-50 text-orange-900 ring-orange-300',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  indigo: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  purple: 'bg-purple-50 text-purple-800 ring-purple-200',
  green: 'bg-green-50 text-green-800 ring-green-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
};

function Pill({ label, tone, className }: { label: string; tone: BadgeTone; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      {label}
    </span>
  );
}

/** A submission's status with the staff's label (spec section 4; unknown statuses raw and grey). */
export function SubmissionStatusBadge({ status, className }: { status: string; className?: string }) {
  const badge = submissionStatusBadge(status, 'admin');
  return <Pill {...badge} {...(className ? { className } : {})} />;
}

/** A comic's adminStatus badge. */
export function ComicStatusBadge({ status }: { status: string }) {
  return <Pill {...comicStatusBadge(status)} />;
}
