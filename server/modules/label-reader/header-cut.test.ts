// A label whose found outline cut off one end of its header ('CGC UNIVERSAL', 'GRADE' beyond the
// image's edge): the parser takes the header as printed in full (label-parser.ts,
// completeHeaderBox), and the label is read again whole around it (label-pipeline.ts, aroundHeader).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneVariantOf, requireDevPhotos } from '../../test/dev-photos.js';
import { createLabelPipeline, type LabelPipeline } from './label-pipeline.js';

describe('a label whose outline cut off the end of its header', () => {
  let pipeline: LabelPipeline;
  beforeAll(async () => {
    requireDevPhotos();
    pipeline = await createLabelPipeline();
  });
  afterAll(() => pipeline.close());

  it("reads the whole title line (dev-045 on phone seed 4, read 'Batman: Facsimile Editi' with no number)", async () => {
    expect(await pipeline.read(await phoneVariantOf('dev-045.jpg', 4))).toMatchObject({
      title: 'Batman: Facsimile Edition',
      issueNumber: '655',
      cgcGrade: 9.9,
    });
  });

  it("keeps the title line above a smaller line read with a '#' (dev-068 on phone seed 1)", async () => {
    // Read around the header 'CGC CUNIVERSAL G' completed, the label showed its grade, and the
    // publisher line under the title was read 'CngasL.2#2)'.
    expect(await pipeline.read(await phoneVariantOf('dev-068.jpg', 1))).toMatchObject({
      title: 'Do You Pooh?',
      issueNumber: '1',
      cgcGrade: 9.8,
    });
  });
});
