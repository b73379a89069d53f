// The finder's levelled look (finder-looks.ts, readLevelledLabel) is taken only when some box of the
// whole-photo map reads as a grade: a label turned 25 degrees is still read by it, and a photo of a
// cover with no label is not looked at again, turned level, for 1-2 s (ADR 0036).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneVariantOf, requireDevPhotos } from '../../test/dev-photos.js';
import { LabelNotFoundError } from './errors.js';
import { calledFrom, watchedPipeline } from './fixtures/watched-pipeline.js';
import type { LabelPipeline } from './label-pipeline.js';

describe('the levelled look', () => {
  /** Detection passes the levelled look made during the read in progress. */
  let levelledMaps = 0;
  let pipeline: LabelPipeline;
  beforeAll(async () => {
    requireDevPhotos();
    pipeline = await watchedPipeline({
      detectionMap: () => {
        if (calledFrom('readLevelledLabel')) levelledMaps++;
      },
    });
  });
  afterAll(() => pipeline.close());

  it('still reads a label turned 25 degrees, whose lines only it finds (dev-080, phone seed 1)', async () => {
    levelledMaps = 0;
    expect(await pipeline.read(await phoneVariantOf('dev-080.jpg', 1))).toMatchObject({
      title: 'Spider-Man',
      issueNumber: '4',
      cgcGrade: 9.4,
    });
    expect(levelledMaps).toBeGreaterThan(0);
  });

  it("is not taken on a photo of a cover with no label, where no box reads as a grade's two digits", async () => {
    // dev-039 (seed 2); dev-096 (seed 2), whose cover prints a lone '9' that parses as the grade 9.0.
    for (const [name, seed] of [
      ['dev-039.jpg', 2],
      ['dev-096.jpg', 2],
    ] as const) {
      levelledMaps = 0;
      await expect(pipeline.read(await phoneVariantOf(name, seed))).rejects.toBeInstanceOf(
        LabelNotFoundError,
      );
      expect(levelledMaps, name).toBe(0);
    }
  });
});
