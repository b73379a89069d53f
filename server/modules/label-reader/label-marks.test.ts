// The check before a found outline is read in full (label-marks.ts, ADR 0044): a label shows a box
// that reads as its grade or its header; a block of cover text the finder took for a label does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPhotoRegion, phoneVariantOf, requireDevPhotos } from '../../test/dev-photos.js';
import { watchedPipeline } from './fixtures/watched-pipeline.js';
import type { LabelPipeline } from './label-pipeline.js';
import { showsLabelMark } from './label-marks.js';
import { createOcrEngine, textBoxes, type OcrEngine } from './ocr-engine.js';
import { rotateRgb, type RgbImage } from './raster.js';

/** A band of a 890 x 1400 grader scan (dev-022), 1400 px wide as the pipeline reads an outline. */
const region = (top: number, height: number) =>
  devPhotoRegion('dev-022.jpg', { left: 0, top, width: 890, height }, 1400);

describe('showsLabelMark', () => {
  let engine: OcrEngine;
  beforeAll(async () => {
    requireDevPhotos();
    engine = await createOcrEngine();
  });
  afterAll(() => engine.close());

  const shows = async (image: RgbImage, eitherWayUp: boolean) =>
    showsLabelMark(engine, textBoxes(image, await engine.detectionMap(image, 1408), true), eitherWayUp);

  it('sees the grade or header of a label, and of a label upside down when asked to', async () => {
    const label = await region(0, 290);
    expect(await shows(label, false)).toBe(true);
    expect(await shows(rotateRgb(label, 180), true)).toBe(true);
  });

  it("sees neither in the cover's text below the label", async () => {
    // The cover's title logo ('the AMAZING SPIDER-MAN'), and its corner box ('MARVEL 19 LGY #913').
    expect(await shows(await region(200, 290), true)).toBe(false);
    expect(await shows(await region(1000, 290), true)).toBe(false);
  });
});

describe('the finder reads in full only outlines that show a grade or a header', () => {
  let recognitions = 0;
  let pipeline: LabelPipeline;
  beforeAll(async () => {
    requireDevPhotos();
    pipeline = await watchedPipeline({ recognise: () => recognitions++ });
  });
  afterAll(() => pipeline.close());

  it('skips the cover text of a tilted phone photo and still reads its label (dev-086, seed 1)', async () => {
    // Its cover's text drew the finder's first looks: nine outlines of it were read in full (some
    // upside down too) before the levelled look read the label, 13 recognitions in all.
    recognitions = 0;
    expect(await pipeline.read(await phoneVariantOf('dev-086.jpg', 1))).toMatchObject({
      title: 'Amazing Spider-Man',
      issueNumber: '21',
      cgcGrade: 9.8,
    });
    expect(recognitions).toBeLessThanOrEqual(6);
  });
});
