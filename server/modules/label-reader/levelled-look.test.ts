// The finder's levelled look (finder-looks.ts, readLevelledLabel) is taken only when some box of the
// whole-photo map reads as a grade: a label turned 25 degrees is still read by it, and a photo of a
// cover with no label is not looked at again, turned level, for 1-2 s (ADR 0036). On a photo whose
// text is tilted 22-45 degrees it comes before the header search, which finds no header there (ADR 0067).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneVariantOf, requireDevPhotos } from '../../test/dev-photos.js';
import { LabelNotFoundError } from './errors.js';
import { calledFrom, watchedPipeline } from './fixtures/watched-pipeline.js';
import { tiltedPastHeaderSearch, type WholePhotoMap } from './finder-looks.js';
import type { LabelPipeline } from './label-pipeline.js';

/** A whole-photo map whose text runs `angle` degrees off level (null: too little text). */
function textAt(angle: number | null): WholePhotoMap {
  return {
    map: { prob: new Float32Array(0), width: 0, height: 0, scaleX: 1, scaleY: 1 },
    boxes: () => [],
    angle: () => angle,
    grades: () => Promise.resolve([]),
  };
}

describe('tiltedPastHeaderSearch', () => {
  it('holds for text tilted 22-45 degrees either way', () => {
    for (const angle of [22, 23.25, -26.5, 45, -45])
      expect(tiltedPastHeaderSearch(textAt(angle)), `${angle}`).toBe(true);
  });

  it('does not hold for text near level, text nearer upright (a slab lying sideways) or no text', () => {
    for (const angle of [0, 6, -19.75, 21.5, 45.25, 83, -87])
      expect(tiltedPastHeaderSearch(textAt(angle)), `${angle}`).toBe(false);
    expect(tiltedPastHeaderSearch(textAt(null))).toBe(false);
  });
});

describe('the levelled look', () => {
  /** Detection passes the levelled look made during the read in progress. */
  let levelledMaps = 0;
  /** Full reads the header search made during the read in progress. */
  let headerSearchReads = 0;
  let pipeline: LabelPipeline;
  beforeAll(async () => {
    requireDevPhotos();
    pipeline = await watchedPipeline({
      detectionMap: () => {
        if (calledFrom('readLevelledLabel')) levelledMaps++;
      },
      recognise: () => {
        if (calledFrom('readAroundHeader')) headerSearchReads++;
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

  it('reads a label tilted 23 degrees before the header search, which is then not made (dev-030, phone seed 4)', async () => {
    levelledMaps = 0;
    headerSearchReads = 0;
    expect(await pipeline.read(await phoneVariantOf('dev-030.jpg', 4))).toMatchObject({
      title: 'Amazing Spider-Man',
      issueNumber: '20',
      cgcGrade: 9.6,
    });
    expect(levelledMaps).toBeGreaterThan(0);
    expect(headerSearchReads).toBe(0);
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
