// How people and barcodes refer to a submission (spec sections 2 and "Shipping label"): the whole
// uuid is too long to read out, so the first dash-separated segment, upper-cased, stands for it.

/** The short reference of an id: its first dash-separated segment, upper-cased ('3f2a9c1e-...' -> '3F2A9C1E'). */
export function shortReference(id: string): string {
  return (id.split('-')[0] ?? '').toUpperCase();
}

/** The value the shipping label's Code 128 barcode encodes: 'AC' followed by the short reference. */
export function labelBarcodeValue(id: string): string {
  return `AC${shortReference(id)}`;
}

/** The file name of the downloaded barcode image: 'barcode-{short reference}.png'. */
export function barcodeFileName(id: string): string {
  return `barcode-${shortReference(id)}.png`;
}
