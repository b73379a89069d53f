import sharp, { type OutputInfo } from 'sharp';
import { UnreadableImageError } from './errors.js';
import type { GreyImage } from './label-finder.js';
import type { RgbImage } from './raster.js';

// Each photo is decoded once: libvips' operation cache would only keep decoded pixels alive.
sharp.cache(false);

/** Photos larger than this (e.g. 12 MP phone shots) are scaled down before any work: the label stays legible. */
const MAX_SIDE = 2400;
/** Decompression-bomb guard: refuse images with more pixels than a 100 MP camera produces. */
const MAX_INPUT_PIXELS = 100_000_000;

/** sharp's raw output as an image (RGB or grey, as `info` says): the pixels viewed in place, not copied. */
function pixelsOf(data: Buffer, info: OutputInfo): RgbImage & GreyImage {
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

/** Decodes a photo with its EXIF orientation applied, capped in size, as 8-bit RGB. */
export async function loadPhoto(image: Buffer): Promise<RgbImage> {
  try {
    const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    return pixelsOf(data, info);
  } catch (error) {
    throw new UnreadableImageError(`The photo could not be decoded: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * An enlargement at least this large is made with bilinear interpolation, not sharp's default
 * (bicubic when enlarging, Lanczos when reducing). Such an enlargement is a label that is small in
 * its photo: a 500 px scan's label band or a grader's thumbnail, read at 1400 px. Bicubic
 * overshoots at the sharp, JPEG-blocked edges of their small print, and the recogniser misread
 * it: on the 116 dev scans, bilinear read 14 more publishers, 5 more years, 3 more cert numbers
 * and 13 more variants, and no field's total fell (ADR 0061). A smaller enlargement keeps
 * bicubic: taken from 2x (the small-print re-read crops are 2x), bilinear lost a cert number on a
 * phone set, whose print is blurred already.
 */
const BILINEAR_FROM_SCALE = 2.5;

/** Scales an RGB image to `width`, keeping its aspect ratio (see `BILINEAR_FROM_SCALE` for the filter). */
export async function scaleToWidth(image: RgbImage, width: number): Promise<RgbImage> {
  if (image.width === width) return image;
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize({ width, kernel: width >= BILINEAR_FROM_SCALE * image.width ? 'linear' : 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return pixelsOf(data, info);
}

/** The image in grey (Rec. 601 luma) resized to exactly `width` x `height`: the label finder's edge image. */
export async function greyAtSize(image: RgbImage, width: number, height: number): Promise<GreyImage> {
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize({ width, height, fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return pixelsOf(data, info);
}
