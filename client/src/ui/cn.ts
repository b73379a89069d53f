import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind utilities override earlier ones (e.g. a caller's padding). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * A primitive's own class list with a caller's `className` merged over it, running tailwind-merge only
 * when there is a caller's list. Its first call builds a map of every Tailwind class (115-180 ms of
 * main-thread time on a mid-range phone, docs/decisions/0021-seller-pages-budget.md), so pages that
 * use primitives as they are (the seller's /sell and /submissions) never pay for it. `own` must need no
 * merging itself (ui/own-classes.test.ts checks the primitives' lists).
 */
export function withOverrides(own: string, overrides: string | undefined): string {
  return overrides ? cn(own, overrides) : own;
}
