import { publicPageAt } from '../../shared/public-pages.js';

/**
 * The front-end budget (issue 13, docs/decisions/0016-front-end-budget.md): gzipped JavaScript a
 * visitor's browser loads for each public route before the page is interactive. The route's lazy
 * modules come from shared/public-pages.ts, the list the server preloads.
 */
export interface RouteBudget {
  route: string;
  lazy: readonly string[];
  /** The ceiling CI enforces. */
  maxJsGzipKb: number;
  /** Issue 13's aim (the ceiling, now that every route is at it); printed. */
  targetKb: number;
}

const budget = (route: string, maxJsGzipKb: number, targetKb = maxJsGzipKb): RouteBudget => ({
  route,
  lazy: publicPageAt(route)?.lazyModules ?? [],
  maxJsGzipKb,
  targetKb,
});

export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  budget('/', 90),
  budget('/learn-more', 90),
  // At issue 13's aims (docs/decisions/0021-seller-pages-budget.md: zod and the schemas load with the
  // data or on the first check, not before the seller pages paint).
  budget('/sell', 150),
  budget('/submissions', 150),
];
