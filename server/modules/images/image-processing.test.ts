import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_PROCESSING, processImage } from './image-processing.js';
import {
  gridHeicPhoto,
  heicPhoto,
  jpegWithOrientationAndGps,
  photo,
  photoPixels,
  solidPngBomb,
  textFile,
  truncatedJpeg,
} from './test-fixtures.js';

/** Each channel within 20 of the expected value (JPEG and HEVC are lossy). */
function expectNear(actual: number[], expected: number[]) {
  expected.forEach((value, i) => expect(Math.abs(actual[i]! - value)).toBeLessThanOrEqual(20));
}

async function expectHttpError(promise: Promise<unknown>, status: number, code: string) {
  await expect(promise).rejects.toMatchObject({ statusCode: status, code });
}

describe('processImage', () => {
  it.each(['jpeg', 'png', 'gif', 'webp'] as const)(
    'stores a %s as an upright JPEG with a thumbnail',
    async (format) => {
      const result = await processImage(await photo(format, 800, 600));
      expect(result.sourceType).toBe(`image/${format}`);
      expect(result.display).toMatchObject({ width: 800, height: 600, contentType: 'image/jpeg' });
      expect(result.thumbnail).toMatchObject({ width: 320, height: 240, contentType: 'image/jpeg' });
      const stored = await sharp(result.display.bytes).metadata();
      expect(stored.format).toBe('jpeg');
      expect(result.display.sha256).toMatch(/^[0-9a-f]{64}$/);
    },
  );

  it('decodes a HEIC photo (libheif-js in a worker) into a JPEG', async () => {
    const result = await processImage(heicPhoto());
    expect(result.sourceType).toBe('image/heic');
    expect(result.display).toMatchObject({ width: 640, height: 480 });
    expect(result.thumbnail).toMatchObject({ width: 320, height: 240 });
    // Real pixels came through, not a blank canvas: the gradient runs dark to light left to right.
    const { data } = await sharp(result.display.bytes)
      .extract({ left: 0, top: 200, width: 640, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]!).toBeLessThan(40);
    expect(data[639 * 3]!).toBeGreaterThan(200);
  });

  it('decodes an iPhone-style grid HEIC (tiles stitched, cropped, irot applied)', async () => {
    const pixelAt = async (bytes: Buffer, x: number, y: number) => {
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    const upright = await processImage(gridHeicPhoto());
    expect(upright.display).toMatchObject({ width: 1000, height: 700 });
    // Red grows left to right, green top to bottom, across all four tiles.
    expectNear(await pixelAt(upright.display.bytes, 5, 5), [10, 10, 130]);
    expectNear(await pixelAt(upright.display.bytes, 995, 695), [245, 245, 130]);

    // Sideways: stored 1000 x 700 with irot, served upright as 700 x 1000 (old bottom-left now top-left).
    const sideways = await processImage(gridHeicPhoto({ rotated: true }));
    expect(sideways.display).toMatchObject({ width: 700, height: 1000 });
    expectNear(await pixelAt(sideways.display.bytes, 5, 5), [10, 245, 130]);
  });

  it('caps the long edge at 2400 px and the thumbnail at 320 px', async () => {
    const big = await photoPixels(4032, 3024).jpeg().toBuffer();
    const result = await processImage(big);
    expect(result.display).toMatchObject({ width: IMAGE_PROCESSING.displayLongEdge, height: 1800 });
    expect(result.thumbnail).toMatchObject({ width: 320, height: 240 });
  });

  it('applies the EXIF orientation and drops every piece of metadata, GPS included', async () => {
    const input = await jpegWithOrientationAndGps();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ orientation: 6, width: 400, height: 200 });
    expect(before.exif?.toString('latin1')).toContain('WGS-84');

    const result = await processImage(input);
    const after = await sharp(result.display.bytes).metadata();
    expect(after).toMatchObject({ width: 200, height: 400 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(result.display.bytes.toString('latin1')).not.toContain('WGS-84');
    expect(result.display.bytes.toString('latin1')).not.toContain('iPhone');
  });

  it('flattens transparency onto white', async () => {
    const transparent = await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const result = await processImage(transparent);
    const { data } = await sharp(result.display.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(250);
  });

  it('refuses bytes that are not an image with 415, whatever they are called', async () => {
    await expectHttpError(processImage(textFile()), 415, 'unsupported_image_type');
  });

  it('refuses a truncated JPEG with 400', async () => {
    await expectHttpError(processImage(await truncatedJpeg()), 400, 'image_unreadable');
  });

  it('refuses a 20,000 x 20,000 image by its header (pixel limit) with 413', async () => {
    const bomb = solidPngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    await expectHttpError(processImage(bomb), 413, 'image_too_many_pixels');
  });

  it('refuses an empty file with 400', async () => {
    await expectHttpError(processImage(Buffer.alloc(0)), 400, 'empty_file');
  });

  it('refuses a truncated HEIC with 400', async () => {
    const heic = heicPhoto();
    await expectHttpError(
      processImage(heic.subarray(0, Math.floor(heic.length / 2))),
      400,
      'image_unreadable',
    );
  });
});
