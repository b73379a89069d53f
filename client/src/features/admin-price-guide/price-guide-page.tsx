import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../app/use-document-title';
import { buttonClasses } from '../../ui/button';
import { AdminGate } from '../admin/admin-gate';
import { GuideRowsCard } from './guide-rows-card';
import { ImportCard } from './import-card';
import { OfferSettingsCard } from './offer-settings-card';
import { useGuideFirstPage, useValuationSettings } from './price-guide-api';

function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="text-sm text-slate-700">
      Loading {what}...
    </p>
  );
}

/** /admin/price-guide: the dealer's market data (CSV import with preview, the stored guide) and offer settings. */
export function PriceGuidePage() {
  useDocumentTitle('Price Guide');
  return (
    <AdminGate>
      <PriceGuideContent />
    </AdminGate>
  );
}

function PriceGuideContent() {
  const guide = useGuideFirstPage();
  const settings = useValuationSettings();
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <Link href="/admin" className={buttonClasses('outline', 'sm')}>
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
        <h1 className="mt-4 text-3xl font-bold text-slate-950">Price Guide</h1>
        <p className="mt-2 text-slate-700">
          Market values behind every estimate sellers see and every offer suggestion staff start from.
        </p>
      </div>
      <ImportCard />
      {settings.data ? (
        <OfferSettingsCard settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The offer settings could not be loaded.
        </p>
      ) : (
        <Loading what="the offer settings" />
      )}
      {guide.data ? (
        <GuideRowsCard firstPage={guide.data} />
      ) : guide.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The price guide could not be loaded.
        </p>
      ) : (
        <Loading what="the price guide" />
      )}
    </div>
  );
}
