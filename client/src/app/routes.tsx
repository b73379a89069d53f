import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from '../features/public/home-page';
import { LearnMorePage } from '../features/public/learn-more-page';
import { NotFoundPage } from '../features/public/not-found-page';
import { SELL_PAGE_CLASS, SellIntro } from '../features/sell/sell-intro';
import { PageLoading } from './page-loading';
import { useHydrated } from './use-hydrated';

/**
 * A page loaded on demand, inside the TanStack Query provider (which loads with it: the public pages
 * above need none). Seller and admin screens load this way so visitors to the marketing pages never
 * download them.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ PageScope }, Page] = await Promise.all([import('./page-scope'), load()]);
    return {
      default: (props: P) => (
        <PageScope>
          <Page {...props} />
        </PageScope>
      ),
    };
  });
}

const SellPage = lazyPage(() => import('../features/sell/sell-page').then((m) => m.SellPage));
const SubmissionsPage = lazyPage(() =>
  import('../features/submissions/submissions-page').then((m) => m.SubmissionsPage),
);
const SubmissionDetailPage = lazyPage(() =>
  import('../features/submissions/submission-detail-page').then((m) => m.SubmissionDetailPage),
);
const LabelPrintPage = lazyPage(() =>
  import('../features/shipping-label/label-print-page').then((m) => m.LabelPrintPage),
);
const SettingsPage = lazyPage(() => import('../features/settings/settings-page').then((m) => m.SettingsPage));
const OutboxPage = lazyPage(() => import('../features/admin-outbox/outbox-page').then((m) => m.OutboxPage));
const AdminPage = lazyPage(() => import('../features/admin/admin-page').then((m) => m.AdminPage));
const PriceGuidePage = lazyPage(() =>
  import('../features/admin-price-guide/price-guide-page').then((m) => m.PriceGuidePage),
);
// The legal pages are long texts few visitors open: their own chunks too.
const PrivacyPolicyPage = lazy(() =>
  import('../features/public/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsOfServicePage = lazy(() =>
  import('../features/public/terms-of-service-page').then((m) => ({ default: m.TermsOfServicePage })),
);

/** What /sell shows before its code runs: the page's own intro, in place, and a loading line. */
function SellShell() {
  return (
    <div className={SELL_PAGE_CLASS}>
      <SellIntro />
      <PageLoading />
    </div>
  );
}

/**
 * /sell keeps browser-only state (the draft in localStorage, notes in sessionStorage), so its
 * prerendered HTML is the shell, and the page itself mounts right after hydration, not during it.
 */
function SellRoute() {
  const hydrated = useHydrated();
  // One boundary for both states: when the switch to the page suspends on its code, the boundary is
  // already showing the shell, so the transition keeps it on screen rather than painting a fallback.
  return <Suspense fallback={<SellShell />}>{hydrated ? <SellPage /> : <SellShell />}</Suspense>;
}

/** The route table (spec section 2); keep it in step with shared/routes.ts, which decides the HTTP status. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/learn-more" component={LearnMorePage} />
        <Route path="/sell" component={SellRoute} />
        <Route path="/submissions" component={SubmissionsPage} />
        <Route path="/submissions/:id/label" component={LabelPrintPage} />
        <Route path="/submissions/:id" component={SubmissionDetailPage} />
        <Route path="/settings" component={SettingsPage} />
        <Route path="/admin" component={AdminPage} />
        <Route path="/admin/outbox" component={OutboxPage} />
        <Route path="/admin/submissions/:id" component={AdminPage} />
        <Route path="/admin/price-guide" component={PriceGuidePage} />
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        <Route path="/terms-of-service" component={TermsOfServicePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
