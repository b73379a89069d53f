import { useEffect, useRef } from 'react';
import { Printer, Scissors } from 'lucide-react';
import { useParams } from 'wouter';
import { shortReference } from '../../../../shared/short-reference';
import { useDocumentTitle } from '../../app/use-document-title';
import { PageLoading } from '../../app/page-loading';
import { siteConfig } from '../../lib/site-config';
import { Button, buttonClasses } from '../../ui/button';
import { loginUrl, useCurrentUser } from '../auth/current-user';
import { useSubmission } from '../submissions/submissions-api';
import { comicName, shipmentSplit } from '../submissions/submission-rules';
import { LabelBarcodeImage } from './label-barcode-image';

/**
 * /submissions/:id/label: the print-ready shipping label (spec "Shipping label": Print opens it in a new
 * window with cut-out and attach instructions). It prints itself once loaded; the site's header and footer
 * are left off the printout (styles.css, [data-print-page]).
 */
export function LabelPrintPage() {
  const { id = '' } = useParams<{ id: string }>();
  const reference = shortReference(id);
  useDocumentTitle(`Shipping Label #${reference}`);
  const { user, isLoading: userLoading } = useCurrentUser();
  const query = useSubmission(id, Boolean(user));
  const printed = useRef(false);

  useEffect(() => {
    if (!query.data || printed.current) return;
    printed.current = true;
    // Let the barcode image paint before the print dialog freezes the page.
    const timer = setTimeout(() => window.print(), 300);
    return () => clearTimeout(timer);
  }, [query.data]);

  if (userLoading) return <PageLoading />;
  if (!user) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-extrabold text-slate-950">Sign In Required</h1>
        <a href={loginUrl(`/submissions/${id}/label`)} className={`${buttonClasses('primary')} mt-8`}>
          Sign In
        </a>
      </div>
    );
  }
  if (query.isLoading) return <PageLoading />;
  if (!query.data) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-extrabold text-slate-950">Submission not found</h1>
      </div>
    );
  }

  const submission = query.data;
  const { include } = shipmentSplit(submission);
  const { shipTo } = siteConfig;
  return (
    <div data-print-page className="mx-auto max-w-2xl px-4 py-8 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h1 className="text-2xl font-extrabold text-slate-950">Shipping Label #{reference}</h1>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>

      <section
        aria-label="Label to cut out"
        className="rounded-lg border-2 border-dashed border-slate-900 bg-white p-6 text-slate-950"
      >
        <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <Scissors className="size-4" aria-hidden="true" /> Cut along the dashed line
        </p>
        <div className="mt-4 grid gap-6 sm:grid-cols-2">
          <div>
            <h2 className="text-sm font-bold text-slate-700 uppercase">Ship to</h2>
            <address className="mt-1 text-lg leading-snug font-semibold not-italic">
              {shipTo.company}
              <br />
              {shipTo.street}
              {shipTo.unit ? `, ${shipTo.unit}` : ''}
              <br />
              {shipTo.city}, {shipTo.state} {shipTo.zip}
            </address>
          </div>
          <div>
            <h2 className="text-sm font-bold text-slate-700 uppercase">Submission</h2>
            <p className="mt-1 text-lg font-semibold">#{reference}</p>
            <p className="text-sm text-slate-700">{include.length} comic(s) enclosed</p>
          </div>
        </div>
        <div className="mt-6 flex justify-center">
          <LabelBarcodeImage submissionId={submission.id} className="h-auto max-w-full" />
        </div>
      </section>

      <section className="mt-8">
        <h2 className="text-lg font-bold text-slate-950">How to use this label</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-800">
          <li>Cut out the label along the dashed line.</li>
          <li>Attach it to the outside of your package with clear tape, without covering the barcode.</li>
          <li>Pack only the comics listed below, and ship to the address on the label.</li>
          <li>Save your carrier&apos;s tracking number on your submission page.</li>
        </ol>
      </section>

      <section className="mt-8">
        <h2 className="text-lg font-bold text-slate-950">Comics to include ({include.length})</h2>
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {include.map((comic) => (
            <li key={comic.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
              <span className="font-semibold text-slate-900">{comicName(comic)}</span>
              <span className="text-sm text-slate-700">
                {[
                  comic.publisher,
                  comic.cgcGrade != null ? `CGC ${comic.cgcGrade}` : null,
                  comic.cgcCertNumber ? `Cert ${comic.cgcCertNumber}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
