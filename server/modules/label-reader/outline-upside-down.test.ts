// A found outline whose reading is not yet a label is read once more upside down (label-pipeline.ts,
// quadReader), with its detection map turned half round. That second reading is made only when the
// first did not read the header: a header read upright says which way up the label is (ADR 0059).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneVariantOf, requireDevPhotos } from '../../test/dev-photos.js';
import { watchedPipeline } from './fixtures/watched-pipeline.js';
import type { LabelPipeline } from './label-pipeline.js';

describe('a found outline read upside down', () => {
  /**
   * Recognitions of the read in progress made with their detection map handed in: the outline's
   * upright reading, and its upside-down one (the map turned half round).
   */
  let outlineReads = 0;
  let pipeline: LabelPipeline;
  beforeAll(async () => {
    requireDevPhotos();
    pipeline = await watchedPipeline({
      recognise: (_, options) => {
        if (options?.map) outlineReads++;
      },
    });
  });
  afterAll(() => pipeline.close());

  it('is not read so when its upright reading read the header (dev-041, phone seed 1)', async () => {
    outlineReads = 0;
    expect(await pipeline.read(await phoneVariantOf('dev-041.jpg', 1))).toMatchObject({
      title: 'Fame: Michael Jordan',
      cgcGrade: 9.8,
    });
    expect(outlineReads).toBe(1);
  });

  it('is read so when its upright reading showed no header, and gives the label (dev-009, phone seed 1)', async () => {
    outlineReads = 0;
    expect(await pipeline.read(await phoneVariantOf('dev-009.jpg', 1))).toMatchObject({
      issueNumber: '5',
      cgcGrade: 9.8,
    });
    expect(outlineReads).toBe(2);
  });
});
