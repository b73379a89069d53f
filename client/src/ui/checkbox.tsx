import type { ComponentProps } from 'react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { Check } from 'lucide-react';
import { withOverrides } from './cn';

/** The class list of a Checkbox (exported for ui/own-classes.test.ts). */
export const CHECKBOX_CLASSES = [
  'grid size-5 shrink-0 place-items-center rounded border-2 border-slate-500 bg-white',
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
  'data-[state=checked]:border-red-600 data-[state=checked]:bg-red-600 data-[state=checked]:text-white',
  'disabled:cursor-not-allowed disabled:opacity-50',
].join(' ');

/** An accessible checkbox (Radix); give it an id and a Label, or an aria-label. */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root className={withOverrides(CHECKBOX_CLASSES, className)} {...props}>
      <CheckboxPrimitive.Indicator>
        <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
