import { useId, useState } from 'react';
import { ChevronDown, ExternalLink } from 'lucide-react';
import type { TimelineEvent } from '../../../../shared/schemas/submission';
import type { StatusAudience } from '../../../../shared/status-labels';
import { cn } from '../../ui/cn';
import { actorLabel, describeTimelineEvent, formatEventTime, type TimelineComic } from './timeline-text';

/** Props of SubmissionTimeline. */
export interface SubmissionTimelineProps {
  /** The submission's history, oldest first (the API's `timeline`). */
  events: readonly TimelineEvent[];
  /** Whose words: the seller's or staff's (names of actors and statuses differ). */
  audience: StatusAudience;
  /** The submission's comics, so entries about one comic can name it. */
  comics: readonly TimelineComic[];
  /** Open at first (staff detail); the seller's card starts closed. */
  defaultOpen?: boolean;
}

/** A collapsible history of a submission: what happened, who did it and when. */
export function SubmissionTimeline({
  events,
  audience,
  comics,
  defaultOpen = false,
}: SubmissionTimelineProps) {
  const [open, setOpen] = useState(defaultOpen);
  const listId = useId();
  return (
    <div className="rounded-xl border border-slate-200">
      <button
        type="button"
        className="flex w-full items-center justify-between gap-2 rounded-xl px-4 py-3 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-blue-600"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>
          History <span className="font-normal text-slate-600">({events.length})</span>
        </span>
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <ol id={listId} hidden={!open} className="space-y-4 border-t border-slate-200 px-4 py-4">
        {events.length === 0 && <li className="text-sm text-slate-600">No history yet.</li>}
        {events.map((event) => {
          const text = describeTimelineEvent(event, audience, comics);
          return (
            <li key={event.id} className="relative border-l-2 border-slate-300 pl-4">
              <p className="text-sm font-semibold text-slate-900">{text.title}</p>
              <p className="text-xs text-slate-600">
                {actorLabel(event, audience)} · <time dateTime={event.at}>{formatEventTime(event.at)}</time>
              </p>
              {text.details.map((line) => (
                <p key={line} className="mt-1 text-sm break-words text-slate-700">
                  {line}
                </p>
              ))}
              {text.link && (
                <a
                  href={text.link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-red-700 underline underline-offset-4"
                >
                  {text.link.label}
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
