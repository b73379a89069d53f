import { PackageCheck, PackageX } from 'lucide-react';
import type { Submission } from '../../../../shared/schemas/submission';
import { lazy, Suspense } from 'react';
import { siteConfig } from '../../lib/site-config';
import { comicName, shipmentSplit } from './submission-rules';
import { CurrentTracking, TrackingForm } from './tracking-form';

// The barcode encoder (jsbarcode, ~13 kB gzip) loads only for a submission that is ready to ship.
const LabelBarcodePanel = lazy(() =>
  import('../shipping-label/label-barcode-image').then((m) => ({ default: m.LabelBarcodePanel })),
);

/** The ship-to address from the site configuration. */
export function ShipToAddress() {
  const { shipTo } = siteConfig;
  return (
    <address className="text-sm leading-relaxed text-slate-900 not-italic">
      <span className="font-semibold">{shipTo.company}</span>
      <br />
      {shipTo.street}
      {shipTo.unit ? `, ${shipTo.unit}` : ''}
      <br />
      {shipTo.city}, {shipTo.state} {shipTo.zip}
    </address>
  );
}

/** awaiting_shipment: what to pack, what to keep, the label, the address and the tracking form (spec section 4). */
export function ShippingPanel({ submission }: { submission: Submission }) {
  const { include, keep } = shipmentSplit(submission);
  return (
    <div className="grid gap-4">
      <div className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-950">
        <h3 className="font-bold">Ready for Shipment</h3>
        <p className="mt-1 text-sm">
          You accepted offers on {include.length} comic(s). Please ship them within 7 days so we can complete
          your purchase; only ship the comics marked as included.
        </p>
      </div>

      {keep.length > 0 && (
        <div className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-950">
          <h3 className="flex items-center gap-2 font-bold">
            <PackageX className="size-5" aria-hidden="true" />
            Do Not Ship
          </h3>
          <p className="mt-1 text-sm">
            These comics are not part of this sale. Keep them; do not put them in the package.
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm font-semibold">
            {keep.map((comic) => (
              <li key={comic.id}>{comicName(comic)}</li>
            ))}
          </ul>
        </div>
      )}

      <section aria-labelledby={`ship-${submission.id}`} className="rounded-xl border border-slate-200 p-4">
        <h3 id={`ship-${submission.id}`} className="text-lg font-bold text-slate-950">
          Ship Your Comics
        </h3>
        <div className="mt-3 grid gap-5 lg:grid-cols-2">
          <div className="grid content-start gap-3">
            <h4 className="text-sm font-bold text-slate-900">1. Print your shipping label</h4>
            <Suspense fallback={<p className="text-sm text-slate-700">Loading the shipping label…</p>}>
              <LabelBarcodePanel submissionId={submission.id} />
            </Suspense>
            <p className="text-sm text-slate-700">
              Cut out the label and attach it to the outside of your package so we can match it to your
              submission.
            </p>
          </div>
          <div className="grid content-start gap-3">
            <h4 className="text-sm font-bold text-slate-900">2. Pack and ship these comics</h4>
            <ul className="grid gap-1 text-sm text-slate-900">
              {include.map((comic) => (
                <li key={comic.id} className="flex items-center gap-2">
                  <PackageCheck className="size-4 shrink-0 text-green-700" aria-hidden="true" />
                  {comicName(comic)}
                </li>
              ))}
            </ul>
            <p className="text-sm text-slate-700">
              Pack slabs snugly with padding; you carry the shipping risk until we receive the package, so
              insure high-value shipments.
            </p>
            <h4 className="text-sm font-bold text-slate-900">Ship to</h4>
            <ShipToAddress />
          </div>
        </div>
        <div className="mt-5 grid gap-2 border-t border-slate-200 pt-4">
          <h4 className="text-sm font-bold text-slate-900">3. Enter your tracking ID</h4>
          <CurrentTracking submission={submission} />
          <TrackingForm submission={submission} />
        </div>
      </section>
    </div>
  );
}
