// The shipping label's barcode (spec "Shipping label"): Code 128 of 'AC' + the short reference, bars 2 px
// wide and 60 px high, 12 px text, a 10 px margin, black on white. Drawn on a canvas so the same pixels
// are shown on the page, downloaded as PNG and printed.
import JsBarcode from 'jsbarcode';

/** The spec's barcode settings. */
export const LABEL_BARCODE_OPTIONS = {
  format: 'CODE128',
  width: 2,
  height: 60,
  fontSize: 12,
  margin: 10,
  background: '#ffffff',
  lineColor: '#000000',
  displayValue: true,
} as const;

/** The barcode of `value` as a PNG data URL, or null when it cannot be drawn (the failure is only logged, as the spec says). */
export function labelBarcodePng(value: string): string | null {
  try {
    const canvas = document.createElement('canvas');
    JsBarcode(canvas, value, LABEL_BARCODE_OPTIONS);
    return canvas.toDataURL('image/png');
  } catch (error) {
    console.error('Could not generate the shipping label barcode', error);
    return null;
  }
}
