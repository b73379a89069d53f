// Test photos made at test time with sharp (plus one small HEIC file encoded with libheif's heif-enc,
// since nothing in node_modules can encode HEVC). Used by the upload, extraction and submission tests.
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/** A synthetic photo: a gradient with detail, so encoders and thumbnails have real work to do. */
export function photoPixels(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.floor((x * 255) / width);
      pixels[i + 1] = Math.floor((y * 255) / height);
      pixels[i + 2] = ((x ^ y) & 63) * 4;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** Photos of every accepted format except HEIC, 800 x 600 unless told. */
export async function photo(
  format: 'jpeg' | 'png' | 'gif' | 'webp',
  width = 800,
  height = 600,
): Promise<Buffer> {
  const pixels = photoPixels(width, height);
  // GIF's palette quantiser is slow on a busy gradient; the fastest settings keep tests quick.
  return (format === 'gif' ? pixels.gif({ effort: 1, dither: 0 }) : pixels.toFormat(format)).toBuffer();
}

/** A 640 x 480 HEIC (HEVC in a HEIF container), as iPhones save. */
export function heicPhoto(): Buffer {
  return readFileSync(new URL('./fixtures/photo-640x480.heic', import.meta.url));
}

/**
 * iPhone-style HEIC: a 2x2 grid of 512 px HEVC tiles cropped to 1000 x 700 (the way a 4032 x 3024
 * photo is stored), optionally with an irot box turning it 90 degrees clockwise (a sideways shot).
 * Made from heif-enc tiles by fixtures/make-grid-heic.py.
 */
export function gridHeicPhoto(options: { rotated?: boolean } = {}): Buffer {
  const name = options.rotated ? 'grid-2x2-1000x700-irot270.heic' : 'grid-2x2-1000x700.heic';
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
}

/** A JPEG whose EXIF says "rotate 90 degrees clockwise" (orientation 6) and carries GPS and camera tags. */
export async function jpegWithOrientationAndGps(): Promise<Buffer> {
  return photoPixels(400, 200)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15 Pro' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 39/1 0/1', GPSMapDatum: 'WGS-84' },
    })
    .toBuffer();
}

/** The first half of a JPEG: what a dropped connection or a broken copy leaves. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await photo('jpeg', 1200, 900);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A complete, valid 1-bit PNG of a solid colour, width x height. A 20,000 x 20,000 one is 400 MP
 * (1.6 GB as RGBA once decoded) yet only ~50 KB on disk: a decompression bomb, made in ~0.2 s
 * by deflating identical rows instead of asking an encoder to process 400 MP.
 */
export function solidPngBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + packed pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Bytes that are not an image: a text file (whatever its name claims). */
export function textFile(): Buffer {
  return Buffer.from('These are not the pixels you are looking for.\n'.repeat(20), 'utf8');
}
