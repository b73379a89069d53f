import { AlertTriangle } from 'lucide-react';
import { cn } from '../../ui/cn';

/** The words next to a field the reader was unsure of; text as well as colour, so no one depends on the amber. */
export const CHECK_TEXT = 'Please check';

/** A small amber "Please check" marker for a low-confidence field. */
export function CheckMarker({ className, id }: { className?: string; id?: string }) {
  return (
    <span
      id={id}
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset',
        className,
      )}
    >
      <AlertTriangle className="size-3" aria-hidden="true" />
      {CHECK_TEXT}
    </span>
  );
}
