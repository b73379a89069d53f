import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  coverArt,
  familyVariantParams,
  makePhoneVariant,
  onComicsVariantParams,
  parsePhoneSeed,
  PHONE_SEED,
  phoneVariantParams,
  seedFor,
  slabQuad,
} from './phone-variants.js';

/** A stand-in slab scan: a white label band over a coloured "cover". */
async function fakeScan(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="480">
    <rect width="300" height="480" fill="#2b3a8c"/><rect x="10" y="10" width="280" height="80" fill="#f4f4f0"/>
    <rect x="10" y="10" width="280" height="14" fill="#1d4fb8"/><rect x="20" y="110" width="260" height="350" fill="#c03a2b"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

describe('phone variants', () => {
  it('gives the same bytes for the same seed and different photos for different seeds', async () => {
    const scan = await fakeScan();
    const a = await makePhoneVariant(scan, 42);
    const b = await makePhoneVariant(scan, 42);
    const c = await makePhoneVariant(scan, 43);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
    const meta = await sharp(a).metadata();
    expect(meta.format).toBe('jpeg');
    const megapixels = ((meta.width ?? 0) * (meta.height ?? 0)) / 1e6;
    expect(megapixels).toBeGreaterThanOrEqual(0.99);
    expect(megapixels).toBeLessThanOrEqual(4.01);
  });

  it('draws parameters inside the ranges the bench promises', () => {
    for (let n = 0; n < 200; n++) {
      const p = phoneVariantParams(seedFor(`images/dev-${n}.jpg`));
      expect(p.tilt).toBeGreaterThanOrEqual(0);
      expect(p.tilt).toBeLessThanOrEqual(40);
      expect(p.quality).toBeGreaterThanOrEqual(60);
      expect(p.quality).toBeLessThanOrEqual(85);
      // The slab stays inside the frame.
      for (const corner of slabQuad(p, 500, 790)) {
        expect(corner.x).toBeGreaterThanOrEqual(-0.5);
        expect(corner.x).toBeLessThanOrEqual(p.width + 0.5);
        expect(corner.y).toBeGreaterThanOrEqual(-0.5);
        expect(corner.y).toBeLessThanOrEqual(p.height + 0.5);
      }
    }
  });

  it('spreads the backgrounds over the surfaces', () => {
    const kinds = new Set(
      Array.from({ length: 40 }, (_, n) => phoneVariantParams(seedFor(`f${n}`)).background),
    );
    expect(kinds.size).toBe(4);
  });
});

describe('"on comics" variants', () => {
  it('keep the phone draws but stand the slab upright, either way the phone is held', () => {
    const params = Array.from({ length: 200 }, (_, n) => seedFor(`images/dev-${n}.jpg`)).map((seed) => ({
      phone: phoneVariantParams(seed),
      comics: onComicsVariantParams(seed),
    }));
    let landscape = 0;
    for (const { phone, comics } of params) {
      expect(comics.background).toBe('comics');
      expect(comics.clutter).toBe(0);
      expect(Math.abs(comics.rotation)).toBeLessThanOrEqual(30);
      // The same photo size, light and blur as the phone family's variant of the seed.
      expect(comics.width * comics.height).toBe(phone.width * phone.height);
      expect([comics.tilt, comics.blur, comics.quality]).toEqual([phone.tilt, phone.blur, phone.quality]);
      if (comics.width > comics.height) landscape++;
    }
    expect(landscape).toBeGreaterThan(60);
    expect(landscape).toBeLessThan(140);
  });

  it("lay the slab on the cover art of another photo, which leaves out that photo's label", async () => {
    const scan = await fakeScan();
    const art = await coverArt(scan);
    const { width, height } = await sharp(art).metadata();
    expect([width, height]).toEqual([300, 480 - Math.round(480 * 0.28)]);
    // The art's top row is the cover (red and blue), not the label's white band.
    const { data } = await sharp(art)
      .extract({ left: 0, top: 0, width: 300, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.max(...data)).toBeLessThan(230);
    const onComics = await makePhoneVariant(scan, 42, { backdrop: art });
    expect(onComics.equals(await makePhoneVariant(scan, 42, { backdrop: art }))).toBe(true);
    expect(onComics.equals(await makePhoneVariant(scan, 42))).toBe(false);
  });
});

describe('"sideways" variants', () => {
  it('keep the draws of their family but lay the slab a quarter round, either way, in a portrait frame', () => {
    let clockwise = 0;
    for (let n = 0; n < 200; n++) {
      const seed = seedFor(`images/dev-${n}.jpg`);
      for (const backdrop of [undefined, Buffer.alloc(1)]) {
        const base = familyVariantParams(seed, { backdrop });
        const sideways = familyVariantParams(seed, { backdrop, sideways: true });
        expect(sideways.height).toBeGreaterThan(sideways.width);
        expect(sideways.width * sideways.height).toBe(base.width * base.height);
        const fromQuarter = Math.abs(Math.abs(sideways.rotation) - 90);
        expect(fromQuarter).toBeLessThanOrEqual(30);
        expect({ ...sideways, width: 0, height: 0, rotation: 0 }).toEqual({
          ...base,
          width: 0,
          height: 0,
          rotation: 0,
        });
        if (backdrop === undefined && sideways.rotation > 0) clockwise++;
      }
    }
    expect(clockwise).toBeGreaterThan(60);
    expect(clockwise).toBeLessThan(140);
  });

  it('leave the phone family as it was', async () => {
    const scan = await fakeScan();
    expect(familyVariantParams(42)).toEqual(phoneVariantParams(42));
    expect((await makePhoneVariant(scan, 42, {})).equals(await makePhoneVariant(scan, 42))).toBe(true);
    expect(
      (await makePhoneVariant(scan, 42, { sideways: true })).equals(await makePhoneVariant(scan, 42)),
    ).toBe(false);
  });
});

describe('parsePhoneSeed', () => {
  it('takes a whole number from 1, the bench seed when absent, and refuses anything else', () => {
    expect(parsePhoneSeed(undefined)).toBe(PHONE_SEED);
    expect(parsePhoneSeed('3')).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'x', '']) expect(() => parsePhoneSeed(bad)).toThrow(/--seed/);
  });
});
