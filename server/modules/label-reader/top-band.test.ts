// The top band's quick look (label-pipeline.ts, findLabel): a band that shows no label-like text
// at a coarse scale, or a label spanning little of it, is not read at the label width, and a tight
// scan's band still is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPhoto, phoneVariantOf, requireDevPhotos } from '../../test/dev-photos.js';
import { PHONE_SEED } from '../../../scripts/bench/phone-variants.js';
import { watchedPipeline } from './fixtures/watched-pipeline.js';
import { TOP_BAND, topBand, type LabelPipeline } from './label-pipeline.js';
import { cropRgb, rotateRgb } from './raster.js';

describe('the top band', () => {
  /** Each engine call of the read in progress: what it was and the size of the image it saw. */
  let calls: string[] = [];
  const log = (what: string, image: { width: number; height: number }, limit?: number) =>
    calls.push(`${what} ${image.width}x${image.height}${limit ? ` limit ${limit}` : ''}`);
  let pipeline: LabelPipeline;
  beforeAll(async () => {
    requireDevPhotos();
    pipeline = await watchedPipeline({
      detectionMap: (image, limit) => log('map', image, limit),
      // A read with its detection map handed in is a found outline's (no band is read so).
      recognise: (image, options) => log(options?.map ? 'read known map' : 'read', image, options?.detLimit),
    });
  });
  afterAll(() => pipeline.close());

  /** The quick look at 704 px, then straight to the finder's whole-photo map: no band read, only the label's. */
  const expectBandPassedOver = () => {
    expect(calls[0]).toMatch(/^map \d+x\d+ limit 704$/);
    expect(calls[1]).toMatch(/^map \d+x\d+ limit 1024$/);
    expect(calls.filter((call) => call.startsWith('read ') && call.includes('limit 1408')).length).toBe(1);
  };

  it('is not read in full when its quick look shows no label text (a phone photo: slab mid-frame)', async () => {
    // dev-025's phone variant: 1400 x 1867, the slab well below the top fifth of the frame.
    const phone = await phoneVariantOf('dev-025.jpg', PHONE_SEED);
    calls = [];
    expect(await pipeline.read(phone)).toMatchObject({
      title: 'Spectacular Spider-Men',
      issueNumber: '1',
      cgcGrade: 9.6,
    });
    expectBandPassedOver();
  });

  it('is not read in full when its quick look shows the label small in it (a phone photo: slab far off)', async () => {
    // dev-049's phone variant: the label's widest line spans a fifth of the band. Its band read
    // would be passed over for the finder's rectified read anyway (labelSmallInBand).
    const phone = await phoneVariantOf('dev-049.jpg', PHONE_SEED);
    calls = [];
    expect(await pipeline.read(phone)).toMatchObject({
      issueNumber: '1',
      cgcGrade: 9.8,
      cgcCertNumber: '4350046025',
      publisher: 'Counterpoint',
      publicationYear: 2023,
    });
    expectBandPassedOver();
  });

  it('is not read in full when its quick look shows no label text and the finder read the grade', async () => {
    // dev-041's phone variant (seed 1): the finder's outline gives the header, title and grade but
    // no cert, not yet a whole label. The band was read in full after it for nothing (ADR 0059).
    calls = [];
    expect(await pipeline.read(await phoneVariantOf('dev-041.jpg', 1))).toMatchObject({
      title: 'Fame: Michael Jordan',
      cgcGrade: 9.8,
    });
    expect(calls[0]).toMatch(/^map \d+x\d+ limit 704$/);
    expect(calls.filter((call) => call.startsWith('read known map '))).toHaveLength(1);
    expect(calls.filter((call) => /^read \d/.test(call))).toEqual([]);
  });

  it("is read in full at the label width when it holds a scan's label", async () => {
    calls = [];
    expect(await pipeline.read(devPhoto('dev-009.jpg'))).toMatchObject({ title: 'w0rldtr33', cgcGrade: 9.8 });
    expect(calls[0]).toMatch(/^map \d+x\d+ limit 704$/);
    expect(calls[1]).toMatch(/^read 1400x\d+ limit 1408$/);
    // The scan's label is read from its band: the finder never looks.
    expect(calls.some((call) => call.includes('limit 1024'))).toBe(false);
  });
});

describe('topBand', () => {
  // An odd-sized photo whose pixels differ from their neighbours: a band cut from the wrong side shows.
  const width = 37;
  const height = 23;
  const data = new Uint8Array(width * height * 3).map((_, i) => (i * 7919) % 251);
  const photo = { width, height, data };

  it.each([0, 90, 180, 270] as const)(
    'cut before turning (%i degrees) is the top band of the photo turned whole',
    (rotation) => {
      const turned = rotateRgb(photo, rotation);
      const whole = cropRgb(turned, {
        x: 0,
        y: 0,
        width: turned.width,
        height: Math.round(turned.height * TOP_BAND),
      });
      const band = topBand(photo, rotation);
      expect({ width: band.width, height: band.height }).toEqual({
        width: whole.width,
        height: whole.height,
      });
      expect(Buffer.from(band.data).equals(Buffer.from(whole.data))).toBe(true);
    },
  );
});
