import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { invalidFileTypeToast } from '../../../shared/limits.js';
import { HttpError } from '../../plugins/errors.js';
import { decodeHeic, HeicTooManyPixelsError } from './heic-decoder.js';
import { detectImageType, isHeif, type AcceptedImageType } from './image-types.js';

// Every upload is a different photo, so libvips' operation cache never hits; it only holds up to
// 50 MB of decoded pixels per process. Off: memory is returned as soon as a photo is done.
sharp.cache(false);

/** Sizes and qualities of what is stored; one place so the decision record and tests agree. */
export const IMAGE_PROCESSING = {
  /** Decompression-bomb guard: a 50 MP image is ~200 MB of RGBA; phones make 12-48 MP. */
  maxPixels: 50_000_000,
  /** Long edge of the stored photo: enough to read a label and zoom in, ~0.5-1 MB as JPEG. */
  displayLongEdge: 2400,
  displayQuality: 85,
  /** Long edge of the list thumbnail. */
  thumbnailLongEdge: 320,
  thumbnailQuality: 80,
} as const;

/** A re-encoded JPEG ready for storage. */
export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg';
  /** Hex SHA-256 of bytes, recorded so a stored file can be checked against its row. */
  sha256: string;
}

/** The photo as it will be stored: re-encoded, upright, metadata-free, with its thumbnail. */
export interface ProcessedImage {
  /** The format the uploaded bytes proved to be. */
  sourceType: AcceptedImageType;
  display: EncodedImage;
  thumbnail: EncodedImage;
}

const unreadable = () =>
  new HttpError(
    400,
    'The file could not be read as an image. It may be damaged or incomplete.',
    'image_unreadable',
  );

const tooManyPixels = () =>
  new HttpError(
    413,
    `The image has too many pixels. The largest accepted is ${IMAGE_PROCESSING.maxPixels / 1_000_000} megapixels.`,
    'image_too_many_pixels',
  );

/** Thrown for bytes that are not one of the accepted formats (decided from the bytes), in the spec's words. */
export function unsupportedType(filename: string): HttpError {
  return new HttpError(415, invalidFileTypeToast(filename).description, 'unsupported_image_type');
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

async function encode(pipeline: Sharp, longEdge: number, quality: number): Promise<EncodedImage> {
  const { data, info } = await pipeline
    .resize({ width: longEdge, height: longEdge, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality })
    .toBuffer({ resolveWithObject: true });
  return {
    bytes: data,
    width: info.width,
    height: info.height,
    contentType: 'image/jpeg',
    sha256: createHash('sha256').update(data).digest('hex'),
  };
}

/** Opens the upload as a sharp pipeline, decoding HEIC through libheif-js first. */
async function openSource(bytes: Buffer, type: AcceptedImageType): Promise<Sharp> {
  // Header first: refuse a decompression bomb before a single pixel is decoded.
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw unreadable();
  }
  if (!width || !height) throw unreadable();
  if (width * height > IMAGE_PROCESSING.maxPixels) throw tooManyPixels();

  if (isHeif(type)) {
    try {
      const decoded = await decodeHeic(bytes, IMAGE_PROCESSING.maxPixels);
      // libheif applies the HEIF rotation/mirror boxes while decoding, so the pixels are upright.
      return sharp(decoded.rgba, {
        raw: { width: decoded.width, height: decoded.height, channels: 4 },
        limitInputPixels: IMAGE_PROCESSING.maxPixels,
      });
    } catch (error) {
      throw error instanceof HeicTooManyPixelsError ? tooManyPixels() : unreadable();
    }
  }
  // failOn 'error': truncated or corrupt data is refused; mere warnings (common in phone JPEGs) pass.
  // rotate() with no angle applies the EXIF orientation, after which the tag is meaningless.
  return sharp(bytes, { limitInputPixels: IMAGE_PROCESSING.maxPixels, failOn: 'error' }).rotate();
}

/**
 * Turns uploaded bytes into what is stored: the type is decided from the bytes; the photo is
 * decoded (HEIC too), turned upright by its EXIF orientation, flattened onto white, capped in size
 * and re-encoded as JPEG with every piece of metadata dropped (EXIF, GPS, XMP, ICC: sharp keeps
 * none unless asked, and converts to sRGB), plus a thumbnail. Throws HttpError 400/413/415.
 */
export async function processImage(bytes: Buffer, filename = 'This file'): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new HttpError(400, `${filename} is empty.`, 'empty_file');
  const sourceType = await detectImageType(bytes);
  if (!sourceType) throw unsupportedType(filename);

  const source = await openSource(bytes, sourceType);
  try {
    const display = await encode(
      source.flatten({ background: '#ffffff' }),
      IMAGE_PROCESSING.displayLongEdge,
      IMAGE_PROCESSING.displayQuality,
    );
    // The thumbnail comes from the display JPEG: decoding that is far cheaper than the original.
    const thumbnail = await encode(
      sharp(display.bytes),
      IMAGE_PROCESSING.thumbnailLongEdge,
      IMAGE_PROCESSING.thumbnailQuality,
    );
    return { sourceType, display, thumbnail };
  } catch (error) {
    throw isPixelLimitError(error) ? tooManyPixels() : unreadable();
  }
}
