// The photos a label bench reads, as its command line chooses them: the dev photos themselves,
// their phone-like variants (--phone, or --seed N for another set), the "on comics" family
// (--on-comics), the "sideways" family (--sideways), or both at once. bench:labels,
// bench:labels:ab, bench:covered, trace-label and label-width-report take these options from
// here, so each names and makes the same photos.
import { makePhoneVariant, onComicsOf, parsePhoneSeed, seedFor } from './phone-variants.js';

/** The options, for parseArgs (spread into a script's own). */
export const BENCH_PHOTO_OPTIONS = {
  phone: { type: 'boolean', default: false },
  'on-comics': { type: 'boolean', default: false },
  sideways: { type: 'boolean', default: false },
  seed: { type: 'string' },
} as const;

/** The usage line's words for the options. */
export const BENCH_PHOTO_USAGE = '[--phone] [--on-comics] [--sideways] [--seed N]';

export interface BenchPhotoChoice {
  phone?: boolean;
  'on-comics'?: boolean;
  sideways?: boolean;
  seed?: string;
}

export interface BenchPhotos {
  /** Phone-like variants rather than the photos; --on-comics, --sideways and --seed N imply it. */
  readonly phone: boolean;
  /**
   * What is read, for a report's heading: 'the photos', 'phone variants (seed 2)', '"on comics,
   * sideways" phone variants (seed 1)': the family and the run seed (1 unless --seed).
   */
  readonly name: string;
  /**
   * The photo to read for the dev photo `file` (as truth.json names it, relative to the bench
   * directory): the original itself, or its variant. The variant's seed comes from the name.
   */
  photo(file: string, original: Buffer): Promise<Buffer>;
}

/**
 * The bench's photos for the options given. `files` are every photo of the bench directory `dir`
 * in truth.json's order: an "on comics" variant lies on the cover art of the photo a fixed step
 * further on (onComicsOf).
 */
export function benchPhotos(choice: BenchPhotoChoice, dir: string, files: readonly string[]): BenchPhotos {
  const onComics = choice['on-comics'] ?? false;
  const sideways = choice.sideways ?? false;
  const phone = (choice.phone ?? false) || onComics || sideways || choice.seed !== undefined;
  const seed = parsePhoneSeed(choice.seed);
  const family = [onComics ? 'on comics' : '', sideways ? 'sideways' : ''].filter(Boolean).join(', ');
  const name = phone ? `${family ? `"${family}" ` : ''}phone variants (seed ${seed})` : 'the photos';
  return {
    phone,
    name,
    async photo(file, original) {
      if (!phone) return original;
      const backdrop = onComics ? await onComicsOf(dir, files, file) : undefined;
      return makePhoneVariant(original, seedFor(file, seed), { backdrop, sideways });
    },
  };
}
