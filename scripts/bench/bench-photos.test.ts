import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchPhotos } from './bench-photos.js';
import { makePhoneVariant, onComicsOf, seedFor } from './phone-variants.js';

/** A stand-in slab scan: a label band over a cover of the given colour. */
async function fakeScan(cover: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="480">
    <rect width="300" height="480" fill="${cover}"/><rect x="10" y="10" width="280" height="80" fill="#f4f4f0"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

describe('bench photos', () => {
  let dir = '';
  const files = ['images/a.jpg', 'images/b.jpg'];
  let scan: Buffer = Buffer.alloc(0);
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bench-photos-'));
    await mkdir(path.join(dir, 'images'));
    scan = await fakeScan('#2b3a8c');
    await writeFile(path.join(dir, files[0]!), scan);
    await writeFile(path.join(dir, files[1]!), await fakeScan('#c03a2b'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the photos themselves unless a variant is asked for', async () => {
    const photos = benchPhotos({}, dir, files);
    expect(photos).toMatchObject({ phone: false, name: 'the photos' });
    expect(await photos.photo(files[0]!, scan)).toBe(scan);
  });

  it('makes the phone variant the bench has always made, from the file name and the run seed', async () => {
    const photos = benchPhotos({ seed: '3' }, dir, files);
    expect(photos).toMatchObject({ phone: true, name: 'phone variants (seed 3)' });
    const expected = await makePhoneVariant(scan, seedFor(files[0]!, 3));
    expect((await photos.photo(files[0]!, scan)).equals(expected)).toBe(true);
  });

  it('lays an "on comics" variant on the next photo\'s cover art', async () => {
    const photos = benchPhotos({ 'on-comics': true }, dir, files);
    expect(photos).toMatchObject({
      phone: true,
      name: '"on comics" phone variants (seed 1)',
    });
    const expected = await makePhoneVariant(scan, seedFor(files[0]!, 1), {
      backdrop: await onComicsOf(dir, files, files[0]!),
    });
    const variant = await photos.photo(files[0]!, scan);
    expect(variant.equals(expected)).toBe(true);
    expect(variant.equals(await makePhoneVariant(scan, seedFor(files[0]!, 1)))).toBe(false);
  });

  it('lays a "sideways" variant sideways in a portrait frame, on comics too', async () => {
    const sideways = benchPhotos({ sideways: true, seed: '2' }, dir, files);
    expect(sideways).toMatchObject({
      phone: true,
      name: '"sideways" phone variants (seed 2)',
    });
    const expected = await makePhoneVariant(scan, seedFor(files[0]!, 2), { sideways: true });
    expect((await sideways.photo(files[0]!, scan)).equals(expected)).toBe(true);
    const both = benchPhotos({ sideways: true, 'on-comics': true }, dir, files);
    expect(both.name).toBe('"on comics, sideways" phone variants (seed 1)');
  });

  it('refuses a seed that is not a whole number from 1', () => {
    expect(() => benchPhotos({ seed: '0' }, dir, files)).toThrow(/--seed/);
  });
});
