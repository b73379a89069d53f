import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from '../features/public/home-page';
import { LearnMorePage } from '../features/public/learn-more-page';
import { NotFoundPage } from '../features/public/not-found-page';
import { PrivacyPolicyPage } from '../features/public/privacy-policy-page';
import { TermsOfServicePage } from '../features/public/terms-of-service-page';
import { PageLoading } from './page-loading';

// Seller and admin screens load on demand so visitors to the marketing pages never download them.
const SellPage = lazy(() => import('../features/sell/sell-page').then((m) => ({ default: m.SellPage })));
const SubmissionsPage = lazy(() =>
  import('../features/submissions/submissions-page').then((m) => ({ default: m.SubmissionsPage })),
);
const SubmissionDetailPage = lazy(() =>
  import('../features/submissions/submission-detail-page').then((m) => ({ default: m.SubmissionDetailPage })),
);
const LabelPrintPage = lazy(() =>
  import('../features/shipping-label/label-print-page').then((m) => ({ default: m.LabelPrintPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const OutboxPage = lazy(() =>
  import('../features/admin-outbox/outbox-page').then((m) => ({ default: m.OutboxPage })),
);
const AdminPage = lazy(() => import('../features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
const PriceGuidePage = lazy(() =>
  import('../features/admin-price-guide/price-guide-page').then((m) => ({ default: m.PriceGuidePage })),
);

/** The route table (spec section 2); keep it in step with shared/routes.ts, which decides the HTTP status. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/learn-more" component={LearnMorePage} />
        <Route path="/sell" component={SellPage} />
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
