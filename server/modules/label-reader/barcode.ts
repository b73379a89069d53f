// The label's Code 128 barcode encodes the certificate number. On real photos it rarely decodes
// (bars 2-4 px wide, blurred through the plastic), so it only cross-checks the OCR'd number.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { cropRgb, type Rect, type RgbImage } from './raster.js';

let ready: Promise<unknown> | null = null;

/** Loads the zxing wasm from the installed package (by default zxing-wasm would fetch it from a CDN). */
function prepare(): Promise<unknown> {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = await readFile(wasmPath);
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

/** Decodes a Code 128 barcode inside `region` of `image`; null when none decodes. */
export async function readLabelBarcode(image: RgbImage, region: Rect): Promise<string | null> {
  await prepare();
  const crop = cropRgb(image, region);
  const rgba = new Uint8ClampedArray(crop.width * crop.height * 4);
  for (let i = 0, j = 0; i < crop.data.length; i += 3, j += 4) {
    rgba[j] = crop.data[i] ?? 0;
    rgba[j + 1] = crop.data[i + 1] ?? 0;
    rgba[j + 2] = crop.data[i + 2] ?? 0;
    rgba[j + 3] = 255;
  }
  // zxing-wasm duck-types ImageData ({ data, width, height }); Node has no ImageData class.
  const imageData = {
    data: rgba,
    width: crop.width,
    height: crop.height,
    colorSpace: 'srgb',
  } as unknown as Parameters<typeof readBarcodes>[0];
  const results = await readBarcodes(imageData, {
    formats: ['Code128'],
    tryHarder: true,
    tryRotate: false,
    tryInvert: false,
    maxNumberOfSymbols: 1,
  });
  const text = results.find((result) => result.isValid)?.text.trim();
  return text ? text : null;
}
