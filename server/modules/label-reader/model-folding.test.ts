// model-folding.ts on the models the reader ships with: the folded models have the patterns gone
// and give the outputs of the models as shipped, on a real label; a model without the patterns comes
// back byte for byte.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPhotoRegion, requireDevPhotos } from '../../test/dev-photos.js';
import { foldAffineLayers, opTypesOf } from './model-folding.js';
import { createOcrEngine, modelPaths, type OcrEngine } from './ocr-engine.js';
import type { RgbImage } from './raster.js';

/** How many nodes of each op type a model has. */
function opCounts(bytes: Uint8Array): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const op of opTypesOf(bytes)) counts[op] = (counts[op] ?? 0) + 1;
  return counts;
}

describe('foldAffineLayers on the shipped models', () => {
  it.each([
    ['detection', () => modelPaths().detection, { affine: 56, hardSwish: 24, intoNextConv: 10 }],
    ['recognition', () => modelPaths().recognition, { affine: 56, hardSwish: 28, intoNextConv: 12 }],
  ])('folds the %s model', (_name, file, expected) => {
    const shipped = readFileSync(file());
    const { bytes, report } = foldAffineLayers(shipped);
    expect(report).toEqual(expected);
    const before = opCounts(shipped);
    const after = opCounts(bytes);
    // Each hard-swish's Add, Clip, Mul and Div became one HardSigmoid and one Mul.
    expect(after.Clip ?? 0).toBe((before.Clip ?? 0) - expected.hardSwish);
    expect(after.Div ?? 0).toBe((before.Div ?? 0) - expected.hardSwish);
    expect(after.HardSigmoid).toBe((before.HardSigmoid ?? 0) + expected.hardSwish);
    // The scalar multiplies and adds are gone into the convolutions, which are all still there.
    expect(after.Conv).toBe(before.Conv);
    expect((before.Mul ?? 0) + (before.Add ?? 0) - (after.Mul ?? 0) - (after.Add ?? 0)).toBe(
      expected.affine + expected.hardSwish * 2 + expected.intoNextConv,
    );
  });

  it('gives back a model without the patterns byte for byte', () => {
    // The direction classifier's hard-swishes follow batch normalisations, not convolutions.
    const file = path.join(path.dirname(modelPaths().detection), 'ch_ppocr_mobile_v2.0_cls_infer.onnx');
    const shipped = readFileSync(file);
    const { bytes, report } = foldAffineLayers(shipped);
    expect(report).toEqual({ affine: 0, hardSwish: 0, intoNextConv: 0 });
    expect(Buffer.compare(Buffer.from(bytes), shipped)).toBe(0);
  });

  it('refuses bytes that are not a protobuf message', () => {
    // A length-delimited field that claims five bytes and has one.
    expect(() => foldAffineLayers(Uint8Array.of(0x0a, 0x05, 0x01))).toThrow();
  });
});

describe('the folded models read a label as the shipped ones do', () => {
  let folded: OcrEngine;
  let shipped: OcrEngine;
  let band: RgbImage;
  beforeAll(async () => {
    requireDevPhotos();
    [folded, shipped] = await Promise.all([createOcrEngine(), createOcrEngine({ foldLayers: false })]);
    band = await devPhotoRegion('dev-022.jpg', { left: 0, top: 0, width: 890, height: 290 }, 1400);
  });
  afterAll(async () => {
    await folded.close();
    await shipped.close();
  });

  it('gives the same detection map to within float rounding', async () => {
    const [a, b] = await Promise.all([folded.detectionMap(band, 1408), shipped.detectionMap(band, 1408)]);
    expect([a.width, a.height]).toEqual([b.width, b.height]);
    let largest = 0;
    for (let i = 0; i < a.prob.length; i++)
      largest = Math.max(largest, Math.abs((a.prob[i] ?? 0) - (b.prob[i] ?? 0)));
    expect(largest).toBeLessThan(1e-4);
  });

  it('reads the same lines with the same scores', async () => {
    const a = await folded.recognise(band, { detLimit: 1408, deskew: true });
    const b = await shipped.recognise(band, { detLimit: 1408, deskew: true });
    expect(a.lines.map((line) => line.text)).toEqual(b.lines.map((line) => line.text));
    expect(a.lines.map((line) => line.text)).toContain('Amazing Spider-Man #19');
    a.lines.forEach((line, i) => {
      expect(line.score).toBeCloseTo(b.lines[i]?.score ?? -1, 4);
      line.charProb?.forEach((p, k) => expect(p).toBeCloseTo(b.lines[i]?.charProb?.[k] ?? -1, 4));
    });
  });
});
