// The finder's closer looks (finder-looks.ts, readFoundLabel; ADR 0037): taken, with the header
// search, only on a photo where some view shows a box that reads as a grade (every label shows its
// grade, and a photo of a cover with no label spent 1-3 s reading its cover text as label outlines),
// and never at a region the whole-photo map already saw as closely.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneVariantOf, requireDevPhotos } from '../../test/dev-photos.js';
import { LabelNotFoundError } from './errors.js';
import { joinDigitBoxes } from './finder-looks.js';
import { calledFrom, watchedPipeline } from './fixtures/watched-pipeline.js';
import type { LabelPipeline } from './label-pipeline.js';

describe('joinDigitBoxes', () => {
  it("joins a grade's digits found as a box each into the grade's box", () => {
    // dev-097 on phone seed 4: '9' and '8' of its grade, apart in the whole-photo map.
    const nine = { x: 177, y: 206, width: 10, height: 13 };
    const eight = { x: 191, y: 198, width: 17, height: 20 };
    expect(joinDigitBoxes([nine, eight])).toEqual([{ x: 177, y: 198, width: 31, height: 21 }]);
  });

  it('leaves apart boxes far from each other, on other rows, or of other sizes', () => {
    const digit = { x: 100, y: 100, width: 12, height: 16 };
    expect(
      joinDigitBoxes([
        digit,
        { x: 130, y: 100, width: 12, height: 16 }, // 18 px away: more than 0.6 of its height
        { x: 114, y: 110, width: 12, height: 16 }, // beside it, but on the row below
        { x: 113, y: 96, width: 40, height: 30 }, // beside it, but twice as tall
      ]),
    ).toEqual([]);
  });
});

describe('the grade gate before the closer looks', () => {
  /** Full recognitions (a label outline read) and header searches during the read in progress. */
  let recognitions = 0;
  let headerSearches = 0;
  /** The longer side of each image a closer look detected text in. */
  let closerViews: number[] = [];
  let pipeline: LabelPipeline;
  beforeAll(async () => {
    requireDevPhotos();
    pipeline = await watchedPipeline({
      detectionMap: (image) => {
        if (calledFrom('findInTextRegions')) closerViews.push(Math.max(image.width, image.height));
      },
      recognise: () => {
        recognitions++;
        if (calledFrom('readAroundHeader')) headerSearches++;
      },
    });
  });
  afterAll(() => pipeline.close());
  const read = async (name: string, seed: number) => {
    recognitions = 0;
    headerSearches = 0;
    closerViews = [];
    return pipeline.read(await phoneVariantOf(name, seed));
  };

  it('reads no more than the first outline of a cover with no label, where no view shows a grade', async () => {
    // Before the gate, the closer looks read outlines of cover text and the header search read the
    // photo again: 8 recognitions on dev-039 (seed 1), 7 on dev-096 (seed 2), 2-3 s of CPU each.
    for (const [name, seed] of [
      ['dev-039.jpg', 1],
      ['dev-096.jpg', 2],
    ] as const) {
      await expect(read(name, seed)).rejects.toBeInstanceOf(LabelNotFoundError);
      expect(recognitions, name).toBeLessThanOrEqual(2); // the first outline, and it upside down
      expect(headerSearches, name).toBe(0);
    }
  });

  it('still reads a small label whose grade shows as a box per digit (dev-097, seed 4)', async () => {
    expect(await read('dev-097.jpg', 4)).toMatchObject({ issueNumber: '1', cgcGrade: 9.8 });
  });

  it('still reads a label whose grade shows only in the closer view (dev-050, seed 2)', async () => {
    // In the whole-photo map its grade runs into the label's and the cover's text, one big box.
    expect(await read('dev-050.jpg', 2)).toMatchObject({
      title: 'Spider-Boy',
      issueNumber: '1',
      cgcGrade: 9.6,
    });
  });

  it('takes no closer look at a region about as big as the photo, and still reads the label', async () => {
    // dev-049 (seed 4): text all over the cover made the near region 1584 x 2067 of a 1584 x 2112
    // photo, whose outlines were the whole-photo map's again (1.5 s of reads). Its label is read
    // by the levelled look.
    const photo = await phoneVariantOf('dev-049.jpg', 4);
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    recognitions = 0;
    closerViews = [];
    expect(await pipeline.read(photo)).toMatchObject({ issueNumber: '1', cgcGrade: 9.8 });
    // A closer look sees its region at 1.3 times the whole-photo map's scale or more: a region of
    // at most 1 / 1.3 of the photo's longer side, here never upscaled past it.
    for (const side of closerViews) expect(side).toBeLessThan(0.8 * Math.max(width, height));
  });
});
