import { useMemo } from 'react';
import { Download, Printer } from 'lucide-react';
import { barcodeFileName, labelBarcodeValue } from '../../../../shared/short-reference';
import { Button, buttonClasses } from '../../ui/button';
import { labelBarcodePng } from './label-barcode';

/** The label's barcode as an image (the PNG that Download saves). */
export function LabelBarcodeImage({ submissionId, className }: { submissionId: string; className?: string }) {
  const value = labelBarcodeValue(submissionId);
  const png = useMemo(() => labelBarcodePng(value), [value]);
  if (!png) return <p className="text-sm text-slate-700">Shipping label reference: {value}</p>;
  return <img src={png} alt={`Shipping label barcode ${value}`} className={className} />;
}

/** The label barcode with 'Download as PNG' (barcode-{REF}.png) and 'Print' (the print-ready label page in a new window). */
export function LabelBarcodePanel({ submissionId }: { submissionId: string }) {
  const value = labelBarcodeValue(submissionId);
  const png = useMemo(() => labelBarcodePng(value), [value]);
  const printPath = `/submissions/${submissionId}/label`;
  return (
    <div className="grid gap-3">
      <div className="flex justify-center rounded-xl border-2 border-dashed border-slate-400 bg-white p-4">
        {png ? (
          <img src={png} alt={`Shipping label barcode ${value}`} className="h-auto max-w-full" />
        ) : (
          <p className="text-sm text-slate-700">Shipping label reference: {value}</p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {png && (
          <a href={png} download={barcodeFileName(submissionId)} className={buttonClasses('outline', 'sm')}>
            <Download aria-hidden="true" />
            Download as PNG
          </a>
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            // A new window keeps this page (and the tracking form) where the seller left it.
            window.open(printPath, '_blank', 'noopener');
          }}
        >
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
    </div>
  );
}
