import type { ComponentProps } from 'react';
import { Label as LabelPrimitive } from 'radix-ui';
import { withOverrides } from './cn';

const variants = {
  /** A form field's name, above its input. */
  field: 'text-sm font-semibold text-slate-900',
  /** A sentence beside a checkbox ('I agree to the Terms of Service'). */
  sentence: 'text-sm text-slate-800',
} as const;

/** Every variant (for ui/own-classes.test.ts). */
export const LABEL_VARIANTS = Object.keys(variants) as (keyof typeof variants)[];

/** The class list of a Label (exported for ui/own-classes.test.ts). */
export function labelClasses(variant: keyof typeof variants = 'field'): string {
  return variants[variant];
}

/** A form label (Radix Label: clicking it focuses the control named by htmlFor). */
export function Label({
  variant,
  className,
  ...props
}: ComponentProps<typeof LabelPrimitive.Root> & { variant?: keyof typeof variants }) {
  return <LabelPrimitive.Root className={withOverrides(labelClasses(variant), className)} {...props} />;
}
