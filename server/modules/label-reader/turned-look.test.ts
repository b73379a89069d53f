// The finder's turned look (finder-looks.ts, readTurnedLabel) is taken only when no view of the photo
// showed a grade: a label turned 28 degrees that the detector saw nothing of is read by it, a photo
// with no label is still turned down, and a label the other looks read never pays for it (ADR 0058).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneVariantOf, requireDevPhotos } from '../../test/dev-photos.js';
import { LabelNotFoundError } from './errors.js';
import { calledFrom, watchedPipeline } from './fixtures/watched-pipeline.js';
import type { LabelPipeline } from './label-pipeline.js';

describe('the turned look', () => {
  /** Detection passes the turned look made during the read in progress. */
  let turnedMaps = 0;
  let pipeline: LabelPipeline;
  beforeAll(async () => {
    requireDevPhotos();
    pipeline = await watchedPipeline({
      detectionMap: () => {
        if (calledFrom('readTurnedLabel')) turnedMaps++;
      },
    });
  });
  afterAll(() => pipeline.close());

  it('reads a label turned 28 degrees of which the whole-photo map showed nothing (dev-030, phone seed 7)', async () => {
    turnedMaps = 0;
    expect(await pipeline.read(await phoneVariantOf('dev-030.jpg', 7))).toMatchObject({
      title: 'Amazing Spider-Man',
      issueNumber: '20',
      cgcGrade: 9.6,
      cgcCertNumber: '4245413015',
    });
    expect(turnedMaps).toBeGreaterThan(0);
  });

  it('is not taken where a grade was seen (dev-080, phone seed 1, read by the levelled look)', async () => {
    turnedMaps = 0;
    expect(await pipeline.read(await phoneVariantOf('dev-080.jpg', 1))).toMatchObject({ cgcGrade: 9.4 });
    expect(turnedMaps).toBe(0);
  });

  it('turns down a photo of a cover with no label after one turned look (dev-039, phone seed 2)', async () => {
    turnedMaps = 0;
    await expect(pipeline.read(await phoneVariantOf('dev-039.jpg', 2))).rejects.toBeInstanceOf(
      LabelNotFoundError,
    );
    // The turned view's map; its outlines are not read, as no box of it reads as a grade.
    expect(turnedMaps).toBe(1);
  });
});
