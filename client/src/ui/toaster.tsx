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
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'toast group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-11 shadow-lg',
            variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {title && <Toast.Title className="text-sm font-bold">{title}</Toast.Title>}
            {description && (
              <Toast.Description
                className={cn('text-sm', variant === 'destructive' ? 'text-white' : 'text-slate-700')}
              >
                {description}
              </Toast.Description>
            )}
          </div>
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
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
