import type { HTMLAttributes } from 'react';
import { cn } from './cn';

// Every pairing keeps text at WCAG AA contrast on its background.
const variants = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  info: 'bg-blue-50 text-blue-800 ring-blue-200',
  success: 'bg-green-50 text-green-800 ring-green-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  brand: 'bg-red-600 text-white ring-red-600',
} as const;

/** The colour families a Badge can take. */
export type BadgeVariant = keyof typeof variants;

/** A small pill label, e.g. a submission status. */
export function Badge({
  variant = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
