import type { ButtonHTMLAttributes, Ref } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './cn';

const variants = {
  primary: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800',
  secondary: 'bg-slate-900 text-white shadow-sm hover:bg-slate-800',
  accent: 'bg-amber-400 text-slate-950 shadow-sm hover:bg-amber-300',
  outline: 'border-2 border-slate-300 bg-white text-slate-900 hover:border-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-800 hover:bg-slate-100',
  link: 'text-red-700 underline-offset-4 hover:underline',
  destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-13 px-7 text-base',
  icon: 'size-11',
} as const;

/** The visual styles a Button can take. */
export type ButtonVariant = keyof typeof variants;

/** Props of Button: native button props plus variant, size and `asChild` (render the child element, e.g. a link). */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** The class list of a button, for elements that must look like one without being a Button. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'md'): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    variant === 'link' ? 'h-auto px-0' : sizes[size],
  );
}

/** A button; with `asChild` it styles its single child instead (a wouter Link or an anchor). */
export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={cn(buttonClasses(variant, size), className)}
      // A bare <button> inside a form submits it; make that an explicit choice.
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}
