// A label read from a top band it spans little of is read again from the region around its header
// (label-pipeline.ts, readTighter): its title line was detected small there and lost letters
// (ADR 0065).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPhoto, phoneVariantOf, requireDevPhotos } from '../../test/dev-photos.js';
import { calledFrom, watchedPipeline } from './fixtures/watched-pipeline.js';
import type { LabelPipeline } from './label-pipeline.js';

describe('the tighter read of a label small in its band', () => {
  /** Reads the tighter read made during the read in progress. */
  let tighterReads = 0;
  let pipeline: LabelPipeline;
  beforeAll(async () => {
    requireDevPhotos();
    pipeline = await watchedPipeline({
      recognise: () => {
        if (calledFrom('readTighter')) tighterReads++;
      },
    });
  });
  afterAll(() => pipeline.close());

  it("reads the whole title a band read cut ('pider-Boy', dev-085 on phone seed 4)", async () => {
    tighterReads = 0;
    expect(await pipeline.read(await phoneVariantOf('dev-085.jpg', 4))).toMatchObject({
      title: 'Spider-Boy',
      issueNumber: '1',
      cgcGrade: 9.6,
    });
    expect(tighterReads).toBe(1);
  });

  it('is not made for a scan, whose label fills its band', async () => {
    tighterReads = 0;
    expect(await pipeline.read(devPhoto('dev-085.jpg'))).toMatchObject({ title: 'Spider-Boy' });
    expect(tighterReads).toBe(0);
  });
});
