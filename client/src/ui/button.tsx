import type { ButtonHTMLAttributes, Ref } from 'react';
import { Slot } from 'radix-ui';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-classes';
import { withOverrides } from './cn';

export { buttonClasses, type ButtonVariant } from './button-classes';

/** Props of Button: native button props plus variant, size and `asChild` (render the child element, e.g. a link). */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button; with `asChild` it styles its single child instead (a wouter Link or an anchor). */
export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={withOverrides(buttonClasses(variant, size), className)}
      // A bare <button> inside a form submits it; make that an explicit choice.
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}
