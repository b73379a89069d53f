import { publicPageAt } from '../../shared/public-pages.js';

/**
 * The front-end budget (issue 13, docs/decisions/0016-front-end-budget.md): gzipped JavaScript a
 * visitor's browser loads for each public route before the page is interactive. The route's lazy
 * modules come from shared/public-pages.ts, the list the server preloads.
 */
export interface RouteBudget {
  route: string;
  lazy: readonly string[];
  maxJsGzipKb: number;
}

const budget = (route: string, maxJsGzipKb: number): RouteBudget => ({
  route,
  lazy: publicPageAt(route)?.lazyModules ?? [],
  maxJsGzipKb,
});

export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  budget('/', 90),
  budget('/learn-more', 90),
  budget('/sell', 150),
  budget('/submissions', 150),
];
