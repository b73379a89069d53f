import { fileTypeFromBuffer } from 'file-type';

/** The photo formats the upload route accepts, named by the MIME type their bytes prove. */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/** One of the accepted photo formats. */
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

const HEIF_TYPES: ReadonlySet<string> = new Set(['image/heic', 'image/heif']);

/**
 * Decides a file's type from its bytes alone. The name and the declared type come from the
 * client and prove nothing: a PNG named .jpg is a PNG, a text file named .png is not an image.
 * Returns null for anything that is not one of the accepted formats (AVIF, TIFF, SVG, text...).
 */
export async function detectImageType(bytes: Uint8Array): Promise<AcceptedImageType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  // file-type names HEIF containers by brand (heic, heix, mif1...); sequences stay unsupported.
  const mime = detected.mime as string;
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mime) ? (mime as AcceptedImageType) : null;
}

/** True for HEIC/HEIF, which sharp's prebuilt libvips cannot decode (no HEVC decoder). */
export function isHeif(type: AcceptedImageType): boolean {
  return HEIF_TYPES.has(type);
}
