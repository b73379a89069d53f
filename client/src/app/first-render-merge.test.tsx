import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as TailwindMerge from 'tailwind-merge';

// tailwind-merge's first call builds a map of every Tailwind class: 115-180 ms of main-thread time on
// a mid-range phone (4x CPU throttle), which Lighthouse counts as blocking time on the seller pages
// (docs/decisions/0021-seller-pages-budget.md). The pages Lighthouse measures must render without it.
const merges = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock('tailwind-merge', async (importOriginal) => {
  const actual = await importOriginal<typeof TailwindMerge>();
  return {
    ...actual,
    twMerge: (...classLists: Parameters<typeof actual.twMerge>) => {
      merges.calls.push(classLists.join(' '));
      return actual.twMerge(...classLists);
    },
  };
});

(globalThis as { __SITE_CONFIG__?: object }).__SITE_CONFIG__ = { brandName: 'Test Comics' };
const { renderPage } = await import('../entry-server');
const { cn } = await import('../ui/cn');
const { setPrerenderViewer } = await import('../features/auth/current-user');
const { SellPage } = await import('../features/sell/sell-page');
const { PageScope } = await import('./page-scope');
const { renderToString } = await import('react-dom/server');
const { Router } = await import('wouter');

afterEach(() => {
  merges.calls = [];
});

describe('first render of the pages Lighthouse measures', () => {
  it('counts a merge when there is one (the spy is wired)', () => {
    expect(cn('px-4', 'px-2')).toBe('px-2');
    expect(merges.calls).toHaveLength(1);
  });

  it.each([
    ['/', 'guest', 'Sell'],
    ['/learn-more', 'guest', 'How'],
    ['/sell', 'guest', 'Sell Your Comics'],
    ['/sell', 'unknown', 'Sell Your Comics'],
    ['/submissions', 'guest', 'Sign'],
    ['/submissions', 'unknown', ''],
  ] as const)('%s for a viewer that is %s runs no tailwind-merge', async (path, viewer, text) => {
    const html = await renderPage(path, viewer);
    expect(html).toContain(text);
    expect(html.length).toBeGreaterThan(2000);
    expect(merges.calls).toEqual([]);
  });

  // /sell's prerendered HTML is a shell: the page itself mounts right after hydration (routes.tsx,
  // SellRoute), with an empty draft for a first-time guest. Render that mount as the browser's is.
  it.each(['guest', 'unknown'] as const)(
    "the /sell page's first render for a viewer that is %s runs no tailwind-merge",
    (viewer) => {
      setPrerenderViewer(viewer);
      const html = renderToString(
        <Router ssrPath="/sell">
          <PageScope>
            <SellPage />
          </PageScope>
        </Router>,
      );
      expect(html).toContain('Choose Photos');
      expect(html).toContain('I agree to the');
      expect(merges.calls).toEqual([]);
    },
  );
});
