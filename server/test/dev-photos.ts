// The dev set of real slab photos (../shared/data/slabs-dev, beside the repository), for tests that
// read real labels. Without the photos such a suite fails rather than skips, so a run that never
// read a real photo cannot pass as green.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { coverArt, makePhoneVariant, seedFor } from '../../scripts/bench/phone-variants.js';
import type { RgbImage } from '../modules/label-reader/raster.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the dev photos and their records (truth.json) are. */
export const DEV_PHOTO_DIR = path.join(repoRoot, '..', 'shared', 'data', 'slabs-dev');

/** Throws when the dev photos are missing (call in beforeAll). */
export function requireDevPhotos(): void {
  if (!existsSync(path.join(DEV_PHOTO_DIR, 'truth.json')))
    throw new Error(`the slab photos are missing: ${DEV_PHOTO_DIR}`);
}

/** One dev photo's bytes ('dev-022.jpg'). */
export function devPhoto(name: string): Buffer {
  return readFileSync(path.join(DEV_PHOTO_DIR, 'images', name));
}

/** The phone-style variant of a dev photo that `npm run bench:labels -- --phone --seed N` reads. */
export function phoneVariantOf(name: string, seed: number): Promise<Buffer> {
  return makePhoneVariant(devPhoto(name), seedFor(`images/${name}`, seed));
}

/**
 * The "on comics" variant of a dev photo (`npm run bench:labels -- --on-comics --seed N`): the slab
 * lying on the cover art of `under`, upright in the frame.
 */
export async function onComicsVariantOf(name: string, under: string, seed: number): Promise<Buffer> {
  const backdrop = await coverArt(devPhoto(under));
  return makePhoneVariant(devPhoto(name), seedFor(`images/${name}`, seed), { backdrop });
}

/**
 * The "sideways" variant of a dev photo (`npm run bench:labels -- --sideways --seed N`): the slab
 * lying sideways in a portrait frame, on a table.
 */
export function sidewaysVariantOf(name: string, seed: number): Promise<Buffer> {
  return makePhoneVariant(devPhoto(name), seedFor(`images/${name}`, seed), { sideways: true });
}

/**
 * A region of a dev photo scaled to `width` px across, as the label reader's raw RGB image: a label
 * band or a stretch of cover, the size the pipeline reads an outline at (1400 px).
 */
export async function devPhotoRegion(
  name: string,
  region: { left: number; top: number; width: number; height: number },
  width: number,
): Promise<RgbImage> {
  const { data, info } = await sharp(devPhoto(name))
    .extract(region)
    .resize({ width })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}
