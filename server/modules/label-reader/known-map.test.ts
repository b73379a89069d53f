// recognise() with a detection map handed in (the flip read's, label-pipeline.ts): the map is used
// as given, and the half-turned map of a label gives the same lines as detecting the turned label.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPhotoRegion, requireDevPhotos } from '../../test/dev-photos.js';
import { createOcrEngine, halfTurn, type OcrEngine } from './ocr-engine.js';
import { rotateRgb, type RgbImage } from './raster.js';

/** The label band of a 890 x 1400 grader scan, 1400 px wide as the pipeline reads it. */
const labelBand = () => devPhotoRegion('dev-022.jpg', { left: 0, top: 0, width: 890, height: 290 }, 1400);

describe('OcrEngine.recognise with a known detection map', () => {
  let engine: OcrEngine;
  let upside: RgbImage;
  beforeAll(async () => {
    requireDevPhotos();
    engine = await createOcrEngine();
    upside = rotateRgb(await labelBand(), 180);
  });
  afterAll(() => engine.close());

  it('reads the turned label from the half-turned map as from its own detection', async () => {
    const upright = rotateRgb(upside, 180);
    const first = await engine.recognise(upside, { detLimit: 1408, deskew: true });
    const detected = await engine.recognise(upright, { detLimit: 1408, deskew: true });
    const reused = await engine.recognise(upright, {
      detLimit: 1408,
      deskew: true,
      map: halfTurn(first.map),
    });
    // The detector is not exactly symmetric (a stray one-character box may come or go): the label's
    // own lines must all be there, read the same.
    const labelLines = [
      'CGC UNIVERSAL GRADE',
      'Amazing Spider-Man #19',
      '9.8',
      'Marvel Comics,4/23',
      'Nakayama Variant Cover',
      '4245413006',
      'WHITE Pages',
    ];
    const texts = (lines: { text: string }[]) => lines.map((line) => line.text);
    expect(texts(detected.lines)).toEqual(expect.arrayContaining(labelLines));
    expect(texts(reused.lines)).toEqual(expect.arrayContaining(labelLines));
  });

  it('uses the map handed in rather than detecting again', async () => {
    const { map } = await engine.recognise(upside, { detLimit: 1408 });
    const blank = { ...map, prob: new Float32Array(map.prob.length) };
    const result = await engine.recognise(upside, { detLimit: 1408, map: blank });
    expect(result.lines).toEqual([]);
    expect(result.map).toBe(blank);
  });

  it('detects again when the map handed in is not of this image size', async () => {
    const { map } = await engine.recognise(upside, { detLimit: 1408 });
    const other = { ...map, width: map.width + 32, prob: new Float32Array((map.width + 32) * map.height) };
    const result = await engine.recognise(upside, { detLimit: 1408, map: other });
    expect(result.map).not.toBe(other);
    expect(result.lines.length).toBeGreaterThan(3);
  });
});
