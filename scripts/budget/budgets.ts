/**
 * The front-end budget (issue 13, docs/decisions/0016-front-end-budget.md): gzipped JavaScript a
 * visitor's browser loads for each public route before the page is interactive. `lazy` names the
 * route's own lazy page module (client/src/app/routes.tsx) as the manifest keys it.
 */
export interface RouteBudget {
  route: string;
  lazy: readonly string[];
  maxJsGzipKb: number;
}

export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  { route: '/', lazy: [], maxJsGzipKb: 90 },
  { route: '/learn-more', lazy: [], maxJsGzipKb: 90 },
  { route: '/sell', lazy: ['src/features/sell/sell-page.tsx'], maxJsGzipKb: 150 },
  { route: '/submissions', lazy: ['src/features/submissions/submissions-page.tsx'], maxJsGzipKb: 150 },
];
