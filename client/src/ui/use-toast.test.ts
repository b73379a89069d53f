import { afterEach, describe, expect, it, vi } from 'vitest';

// The store is module state; load a fresh copy for every test.
async function loadStore() {
  vi.resetModules();
  return import('./use-toast');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store (spec section 9)', () => {
  it('keeps one toast: a new toast replaces the older one', async () => {
    const store = await loadStore();
    expect(readToasts(store)).toEqual([]);
    store.toast({ title: 'Offer Made' });
    store.toast({ title: 'Comic Rejected', variant: 'destructive' });
    const current = readToasts(store);
    expect(current.map((item) => item.title)).toEqual(['Comic Rejected']);
    expect(current[0]).toMatchObject({ open: true, variant: 'destructive' });
    expect(store.TOAST_LIMIT).toBe(1);
  });

  it('dismiss closes the toast first and removes it only after the removal delay', async () => {
    vi.useFakeTimers();
    const store = await loadStore();
    const { id, dismiss } = store.toast({ title: 'Payment Sent' });
    dismiss();
    expect(readToasts(store)).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(store.TOAST_REMOVE_DELAY_MS - 1);
    expect(readToasts(store)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(readToasts(store)).toEqual([]);
    expect(store.TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('dismissToast without an id closes every toast', async () => {
    const store = await loadStore();
    store.toast({ title: 'Submission Received', description: 'Now inspecting comics.' });
    store.dismissToast();
    expect(readToasts(store).every((item) => !item.open)).toBe(true);
  });
});

// useToast is a hook; outside React the same snapshot is read directly.
function readToasts(store: Awaited<ReturnType<typeof loadStore>>) {
  return store.getToastsSnapshot();
}
