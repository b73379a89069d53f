import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from './cn';
import { dismissToast, useToast } from './use-toast';

/** Spec section 9 toast rules. */
const DEFAULT_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/** Renders the toasts raised with toast(); mount once near the root. F8 focuses the notification area. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <Toast.Provider duration={DEFAULT_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant, duration, open, action }) => (
        <Toast.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'toast group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-3 pr-11 shadow-lg sm:p-4 sm:pr-11',
            variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid min-w-0 flex-1 gap-1">
            {title && <Toast.Title className="text-sm font-bold">{title}</Toast.Title>}
            {description && (
              <Toast.Description
                className={cn('text-sm', variant === 'destructive' ? 'text-white' : 'text-slate-700')}
              >
                {description}
              </Toast.Description>
            )}
          </div>
          {action && (
            <Toast.Action
              altText={action.altText}
              onClick={action.onClick}
              className={cn(
                'shrink-0 self-center rounded-lg border px-3 py-1.5 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-blue-600',
                variant === 'destructive'
                  ? 'border-white text-white hover:bg-red-800'
                  : 'border-slate-400 text-slate-900 hover:bg-slate-100',
              )}
            >
              {action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Close"
            className={cn(
              'absolute top-3 right-3 grid size-8 place-items-center rounded-md focus-visible:outline-3 focus-visible:outline-blue-600',
              variant === 'destructive' ? 'text-white hover:bg-red-800' : 'text-slate-600 hover:bg-slate-100',
            )}
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Phones: just under the sticky header (68 px), where a toast covers no button of the page's
          bottom edge (the floating Review & Submit button, the submit panel). Wider screens: bottom right. */}
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed inset-x-0 top-[68px] z-[100] m-0 flex w-full list-none flex-col gap-2 p-2 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:left-auto sm:max-w-sm sm:p-4"
      />
    </Toast.Provider>
  );
}
