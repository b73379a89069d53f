import type { ComponentProps, HTMLAttributes, ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn, withOverrides } from './cn';
import { useScrollLock } from './scroll-lock';

/** The dialog root: controls open state (`open`/`onOpenChange`, or uncontrolled). */
export const Dialog = DialogPrimitive.Root;
/** The element that opens the dialog (use `asChild` with a Button). */
export const DialogTrigger = DialogPrimitive.Trigger;
/** Closes the dialog when activated (use `asChild` with a Button or link). */
export const DialogClose = DialogPrimitive.Close;

const placements = {
  center:
    'top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl p-6 dialog-pop',
  'sheet-right': 'inset-y-0 right-0 h-full w-[85%] max-w-sm overflow-y-auto p-6 sheet-right',
} as const;

/** Props of DialogContent: Radix Content props plus where it sits and whether it shows a close button. */
export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  placement?: keyof typeof placements;
  /** Accessible name of the built-in close button; pass null to leave it out. */
  closeLabel?: string | null;
  children: ReactNode;
}

/**
 * The dialog panel with a dimmed backdrop. Focus is trapped inside, Escape and a click outside close it,
 * and the rest of the page is hidden from assistive technology while it is open. Give it a DialogTitle.
 */
export function DialogContent({
  placement = 'center',
  closeLabel = 'Close',
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      {/* Not DialogPrimitive.Overlay: that one brings Radix's scroll lock, which the CSP blocks (see scroll-lock.ts). */}
      <div className="dialog-backdrop fixed inset-0 z-40 bg-slate-950/60" aria-hidden="true" />
      <ScrollLockedContent
        className={cn(
          'fixed z-50 bg-white text-slate-900 shadow-2xl focus:outline-none',
          placements[placement],
          className,
        )}
        {...props}
      >
        {children}
        {closeLabel !== null && (
          <DialogPrimitive.Close
            className="absolute top-4 right-4 grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-blue-600"
            aria-label={closeLabel}
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </ScrollLockedContent>
    </DialogPrimitive.Portal>
  );
}

// Mounted only while the dialog is open (Radix Presence), so the lock follows the open state.
function ScrollLockedContent(props: ComponentProps<typeof DialogPrimitive.Content>) {
  useScrollLock();
  return <DialogPrimitive.Content {...props} />;
}

/** The dialog's heading; Radix wires it up as the dialog's accessible name. */
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={withOverrides('pr-10 text-xl font-bold text-slate-900', className)}
      {...props}
    />
  );
}

/** Supporting text; Radix wires it up as the dialog's accessible description. */
export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={withOverrides('mt-2 text-sm text-slate-600', className)}
      {...props}
    />
  );
}

/** A right-aligned row of dialog actions (stacks on phones). */
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={withOverrides('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
