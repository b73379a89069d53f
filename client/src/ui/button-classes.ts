import { clsx } from 'clsx';

// The button look as plain class strings, without tailwind-merge: public pages use it on links, so
// their JavaScript stays small (the Button component merges a caller's overrides; this does not).

const variants = {
  primary: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800',
  secondary: 'bg-slate-900 text-white shadow-sm hover:bg-slate-800',
  accent: 'bg-amber-400 text-slate-950 shadow-sm hover:bg-amber-300',
  outline: 'border-2 border-slate-300 bg-white text-slate-900 hover:border-slate-900 hover:bg-slate-50',
  /** Outline on a dark background (the home hero). */
  'outline-dark': 'border-2 border-white/70 bg-transparent text-white hover:border-white hover:bg-white/10',
  ghost: 'text-slate-800 hover:bg-slate-100',
  /** Ghost on a dark background (the How It Works banner). */
  'ghost-dark': 'text-white hover:bg-white/10',
  link: 'text-red-700 underline-offset-4 hover:underline',
  destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm whitespace-nowrap',
  md: 'h-11 px-5 text-sm whitespace-nowrap',
  lg: 'h-13 px-7 text-base whitespace-nowrap',
  /** Large, the width of its column, and the words may wrap on a narrow phone (the /sell submit button). */
  'lg-block': 'h-13 w-full px-4 text-base whitespace-normal sm:px-5',
  icon: 'size-11 whitespace-nowrap',
} as const;

/** The visual styles a Button can take. */
export type ButtonVariant = keyof typeof variants;
/** The sizes a Button can take. */
export type ButtonSize = keyof typeof sizes;

/**
 * The class list of a button, for elements that must look like one without being a Button.
 * `extra` is appended as is: only classes the button does not set itself (margins, widths...).
 */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    variant === 'link' ? 'h-auto px-0 whitespace-nowrap' : sizes[size],
    extra,
  );
}

/** Every variant and size (for ui/own-classes.test.ts). */
export const BUTTON_VARIANTS = Object.keys(variants) as ButtonVariant[];
export const BUTTON_SIZES = Object.keys(sizes) as ButtonSize[];
