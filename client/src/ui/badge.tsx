import type { HTMLAttributes } from 'react';
import { clsx } from 'clsx';
import { withOverrides } from './cn';

// Every pairing keeps text at WCAG AA contrast on its background.
const variants = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  info: 'bg-blue-50 text-blue-800 ring-blue-200',
  success: 'bg-green-50 text-green-800 ring-green-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  brand: 'bg-red-600 text-white ring-red-600',
} as const;

const sizes = {
  sm: 'px-2.5 py-0.5 text-xs',
  /** Beside a heading (the /sell comic count). */
  md: 'px-2.5 py-0.5 text-sm',
  /** A status that is the point of its row (the seller's submission status). */
  lg: 'px-3 py-1 text-sm',
} as const;

/** The colour families a Badge can take. */
export type BadgeVariant = keyof typeof variants;
/** The sizes a Badge can take. */
export type BadgeSize = keyof typeof sizes;

/** The class list of a Badge (exported for ui/own-classes.test.ts). */
export function badgeClasses(variant: BadgeVariant = 'neutral', size: BadgeSize = 'sm'): string {
  return clsx(
    'inline-flex items-center gap-1 rounded-full font-semibold ring-1 ring-inset',
    sizes[size],
    variants[variant],
  );
}

/** A small pill label, e.g. a submission status. */
export function Badge({
  variant,
  size,
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant; size?: BadgeSize }) {
  return <span className={withOverrides(badgeClasses(variant, size), className)} {...props} />;
}

/** Every variant and size (for ui/own-classes.test.ts). */
export const BADGE_VARIANTS = Object.keys(variants) as BadgeVariant[];
export const BADGE_SIZES = Object.keys(sizes) as BadgeSize[];
