import { useSyncExternalStore } from 'react';

/** Spec section 9: one toast visible at a time; a new one replaces the older. */
export const TOAST_LIMIT = 1;
/** Spec section 9: how long a dismissed toast stays in memory (its exit animation needs only a moment). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** What a caller passes to toast(). */
export interface ToastInput {
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds before it closes itself; the Toaster's default (5000) when left out. */
  duration?: number;
  /** One button in the toast (e.g. Undo); `altText` tells screen readers how to do it without the toast. */
  action?: { label: string; altText: string; onClick: () => void };
}

/** A toast in the store. */
export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast (or every toast when no id is given). */
export function dismissToast(id?: string): void {
  setToasts(
    toasts.map((item) => {
      if (id !== undefined && item.id !== id) return item;
      scheduleRemoval(item.id);
      return { ...item, open: false };
    }),
  );
}

/** Shows a toast from anywhere (no hook needed); returns its id and a function that closes it. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts right now (what the Toaster renders); for code and tests outside React. */
export function getToastsSnapshot(): readonly ToastItem[] {
  return toasts;
}

/** The current toasts, for the Toaster (and for components that want `toast` from a hook). */
export function useToast(): {
  toasts: readonly ToastItem[];
  toast: typeof toast;
  dismiss: typeof dismissToast;
} {
  // Third argument: the prerendered page (server) has no toasts either.
  const current = useSyncExternalStore(subscribe, getToastsSnapshot, getToastsSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
