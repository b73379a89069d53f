// Phone-photo stand-ins made from the dev scans, for the label bench (`npm run bench:labels -- --phone`).
// Real sellers photograph the slab lying on a table: tilted up to ~40 degrees, turned, off-centre, on
// wood, cloth or laminate, under uneven light with glare, slightly blurred, JPEG-compressed, 1-4 MP.
// `makePhoneVariant(photo, seed)` is a pure function of its inputs (our own PRNG, no libvips noise),
// so a seed gives the same bytes on every run and the bench is repeatable. The ground truth of the
// scan is the ground truth of its variant: nothing on the label is changed, only how it is seen.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  applyHomography,
  homographyFromRect,
  invertHomography,
  type Point,
} from '../../server/modules/label-reader/homography.js';

/** Everything random about one variant, drawn from the seed (exported for the tests and for logging). */
export interface PhoneVariantParams {
  /** Output size in pixels (1-4 MP). */
  width: number;
  height: number;
  /** In-plane turn of the slab in degrees (about +-25, plus 90 for a landscape shot or a sideways slab). */
  rotation: number;
  /** Tilt of the slab's plane away from the camera, degrees (0-40), and the axis it tilts about. */
  tilt: number;
  tiltAxis: number;
  /** Camera distance in slab diagonals: smaller = stronger perspective. */
  distance: number;
  /** Share of the frame the slab's outline spans in its tighter direction. */
  fill: number;
  /** Where the slab sits in the room left over (0..1 each way). */
  offsetX: number;
  offsetY: number;
  /** 'comics': other comics under the slab (`VariantFamily.backdrop`), their cover art as the backdrop. */
  background: 'wood' | 'cloth' | 'laminate' | 'desk' | 'comics';
  /** Number of other objects (paper, a phone, a book) lying around the slab. */
  clutter: number;
  glare: number;
  blur: number;
  noise: number;
  quality: number;
}

/** A small, fast, seedable PRNG (mulberry32). */
function prng(seed: number): () => number {
  // Scramble the seed first (murmur3's finaliser): seeds of similar file names are close numbers.
  let a = seed >>> 0;
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  a = (a ^ (a >>> 16)) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bench's run seed: change it only on purpose (results are compared across commits). */
export const PHONE_SEED = 1;

/** A `--seed N` argument's run seed (PHONE_SEED when absent): a whole number from 1. */
export function parsePhoneSeed(arg: string | undefined): number {
  const seed = arg === undefined ? PHONE_SEED : Number(arg);
  if (!Number.isSafeInteger(seed) || seed < 1)
    throw new Error(`--seed takes a whole number >= 1, not '${arg}'`);
  return seed;
}

/** A stable seed for a file name (FNV-1a), mixed with a run seed. */
export function seedFor(name: string, runSeed = 1): number {
  let h = 0x811c9dc5 ^ runSeed;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const between = (rnd: () => number, lo: number, hi: number) => lo + (hi - lo) * rnd();

/** Draws a variant's parameters from its seed. */
export function phoneVariantParams(seed: number): PhoneVariantParams {
  const rnd = prng(seed);
  const megapixels = between(rnd, 1, 4);
  const landscape = rnd() < 0.2;
  const shortSide = Math.round(Math.sqrt(megapixels * 1e6 * 0.75));
  const longSide = Math.round(shortSide / 0.75);
  const backgrounds = ['wood', 'cloth', 'laminate', 'desk'] as const;
  return {
    width: landscape ? longSide : shortSide,
    height: landscape ? shortSide : longSide,
    rotation: between(rnd, -25, 25) + (landscape ? (rnd() < 0.5 ? 90 : -90) : 0),
    tilt: between(rnd, 0, 40),
    tiltAxis: between(rnd, 0, 180),
    distance: between(rnd, 1.1, 2.2),
    fill: between(rnd, 0.6, 0.92),
    offsetX: rnd(),
    offsetY: rnd(),
    background: backgrounds[Math.floor(rnd() * backgrounds.length)] ?? 'wood',
    clutter: Math.floor(rnd() * 4),
    glare: rnd() < 0.8 ? between(rnd, 0.3, 0.8) : 0,
    blur: between(rnd, 0.3, 1.4),
    noise: between(rnd, 1.5, 5),
    quality: Math.round(between(rnd, 60, 85)),
  };
}

/**
 * A variant of the "on comics" family (`npm run bench:labels -- --on-comics`): the slab lying on
 * other comics, a backdrop of cover art and lettering, and the phone held either way with the slab
 * upright in the frame (turned up to 30 degrees). The phone family never shows that: its landscape
 * shots turn the slab a quarter round, and its tables carry no print but a few lines on a sheet.
 * Everything else (size, tilt, light, blur, JPEG) is drawn as for the phone family, from the same
 * seed; the family's own draws come from a second stream, so the phone family's variants are
 * unchanged.
 */
export function onComicsVariantParams(seed: number): PhoneVariantParams {
  const phone = phoneVariantParams(seed);
  const rnd = prng(seed ^ 0x2545f491);
  const shortSide = Math.min(phone.width, phone.height);
  const longSide = Math.max(phone.width, phone.height);
  const landscape = rnd() < 0.5;
  return {
    ...phone,
    width: landscape ? longSide : shortSide,
    height: landscape ? shortSide : longSide,
    rotation: between(rnd, -30, 30),
    background: 'comics',
    clutter: 0,
  };
}

/**
 * A "sideways" variant (`npm run bench:labels -- --sideways`): the phone held upright over a slab
 * lying sideways, a quarter round either way and up to 30 degrees more, in a portrait frame. The
 * slab's long side then spans the frame's short one, so its label is smaller in the photo than in
 * a landscape shot of the same slab. The phone family never shows it: its portrait shots keep the
 * slab within 25 degrees of upright. Drawn on top of `base` (the phone or "on comics" variant of
 * the same seed), from a stream of its own, so neither family's variants change.
 */
export function sidewaysVariantParams(base: PhoneVariantParams, seed: number): PhoneVariantParams {
  const rnd = prng(seed ^ 0x68e31da4);
  const turn = rnd() < 0.5 ? 90 : -90;
  return {
    ...base,
    width: Math.min(base.width, base.height),
    height: Math.max(base.width, base.height),
    rotation: turn + between(rnd, -30, 30),
  };
}

/** Which family of variants to make (makePhoneVariant); the phone family when empty. */
export interface VariantFamily {
  /** "On comics": the slab lies on this cover art (`onComicsOf`, `coverArt`). */
  backdrop?: Buffer;
  /** "Sideways": the slab lies sideways in a portrait frame (`sidewaysVariantParams`). */
  sideways?: boolean;
}

/** A variant's parameters in its family. */
export function familyVariantParams(seed: number, family: VariantFamily = {}): PhoneVariantParams {
  const base = family.backdrop ? onComicsVariantParams(seed) : phoneVariantParams(seed);
  return family.sideways ? sidewaysVariantParams(base, seed) : base;
}

/** How far on in a bench's list of photos the "on comics" backdrop's photo is: another book, not a neighbour. */
const BACKDROP_STEP = 37;

/**
 * What `file` lies on in a bench's "on comics" family (`files`: the bench's photos, in order, in
 * `dir`): the cover art of the photo `BACKDROP_STEP` places further on.
 */
export async function onComicsOf(dir: string, files: readonly string[], file: string): Promise<Buffer> {
  const under = files[(files.indexOf(file) + BACKDROP_STEP) % files.length] ?? file;
  return coverArt(await readFile(path.join(dir, under)));
}

/**
 * The cover art of a slab photo, for another variant's backdrop: the photo without its top 28%,
 * where the label is, so that the backdrop carries a cover's lettering and no second label.
 */
export async function coverArt(slabPhoto: Buffer): Promise<Buffer> {
  const image = sharp(slabPhoto).rotate();
  const { width = 0, height = 0 } = await image.metadata();
  const top = Math.round(height * 0.28);
  return image
    .extract({ left: 0, top, width, height: height - top })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The slab's corners in the frame: a rectangle turned, tilted in 3D and seen through a pinhole camera. */
export function slabQuad(p: PhoneVariantParams, slabWidth: number, slabHeight: number): Point[] {
  const rot = (p.rotation * Math.PI) / 180;
  const tilt = (p.tilt * Math.PI) / 180;
  const axis = (p.tiltAxis * Math.PI) / 180;
  const diagonal = Math.hypot(slabWidth, slabHeight);
  const d = p.distance * diagonal;
  const [ux, uy] = [Math.cos(axis), Math.sin(axis)];
  const corners = [
    [-slabWidth / 2, -slabHeight / 2],
    [slabWidth / 2, -slabHeight / 2],
    [slabWidth / 2, slabHeight / 2],
    [-slabWidth / 2, slabHeight / 2],
  ].map(([x = 0, y = 0]) => {
    // Turn in the table's plane, then tilt about the in-plane axis (ux, uy) (Rodrigues' formula).
    const rx = x * Math.cos(rot) - y * Math.sin(rot);
    const ry = x * Math.sin(rot) + y * Math.cos(rot);
    const dot = rx * ux + ry * uy;
    const cos = Math.cos(tilt);
    const sin = Math.sin(tilt);
    // v' = v cos + (u x v) sin + u (u.v)(1 - cos), with u = (ux, uy, 0) and v = (rx, ry, 0).
    const X = rx * cos + ux * dot * (1 - cos);
    const Y = ry * cos + uy * dot * (1 - cos);
    const Z = (ux * ry - uy * rx) * sin;
    return { x: (X * d) / (d + Z), y: (Y * d) / (d + Z) };
  });
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // A phone photo has at least as many pixels on the label as the grader's scan (a 12 MP photo has
  // several times more): never shrink the slab below the scan's own scale when it fits the frame,
  // else the bench would measure the 300 px thumbnails' small-print problem over again.
  const fits = Math.min(p.width / (maxX - minX), p.height / (maxY - minY));
  const scale = Math.max(p.fill * fits, Math.min(0.95 * fits, 1));
  const roomX = p.width - (maxX - minX) * scale;
  const roomY = p.height - (maxY - minY) * scale;
  return corners.map((c) => ({
    x: (c.x - minX) * scale + roomX * p.offsetX,
    y: (c.y - minY) * scale + roomY * p.offsetY,
  }));
}

/**
 * Makes a phone-like photo (JPEG) of the slab in `photo`; the same seed gives the same bytes.
 * `family`: the "on comics" family's variant instead (`onComicsVariantParams`, on its backdrop),
 * or the "sideways" family's (`sidewaysVariantParams`), or both at once.
 */
export async function makePhoneVariant(
  photo: Buffer,
  seed: number,
  family: VariantFamily = {},
): Promise<Buffer> {
  const p = familyVariantParams(seed, family);
  const rnd = prng(seed ^ 0x5bd1e995);
  const src = await sharp(photo).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({
    resolveWithObject: true,
  });
  const sw = src.info.width;
  const sh = src.info.height;
  const { width: W, height: H } = p;
  const quad = slabQuad(p, sw, sh);
  const frame = family.backdrop ? await comicsBackdrop(p, family.backdrop, rnd) : await background(p, rnd);
  drawClutter(frame, W, H, p.clutter, quad, rnd);

  // Shadow: the slab's outline, shifted away from the light and blurred, darkens the table.
  const coverage = new Uint8Array(W * H);
  const toSource = invertHomography(homographyFromRect(sw, sh, quad) ?? [1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const [bx0, bx1] = [Math.min(...quad.map((q) => q.x)), Math.max(...quad.map((q) => q.x))];
  const [by0, by1] = [Math.min(...quad.map((q) => q.y)), Math.max(...quad.map((q) => q.y))];
  const x0 = Math.max(0, Math.floor(bx0) - 1);
  const x1 = Math.min(W, Math.ceil(bx1) + 1);
  const y0 = Math.max(0, Math.floor(by0) - 1);
  const y1 = Math.min(H, Math.ceil(by1) + 1);
  // Coverage of each frame pixel by the slab, anti-aliased over about one pixel at the edges.
  const unitScale = Math.hypot(quad[1]!.x - quad[0]!.x, quad[1]!.y - quad[0]!.y) / sw;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const s = applyHomography(toSource, x + 0.5, y + 0.5);
      const inside = Math.min(s.x, sw - s.x, s.y, sh - s.y) * unitScale + 0.5;
      if (inside > 0) coverage[y * W + x] = Math.round(255 * Math.min(1, inside));
    }
  }
  const shadowShift = Math.round(W * between(rnd, 0.005, 0.02));
  const shifted = new Uint8Array(W * H);
  for (let y = shadowShift; y < H; y++) {
    shifted.set(
      coverage.subarray((y - shadowShift) * W, (y - shadowShift + 1) * W - shadowShift),
      y * W + shadowShift,
    );
  }
  const shadow = await sharp(shifted, { raw: { width: W, height: H, channels: 1 } })
    .blur(Math.max(1, W * 0.012))
    .raw()
    .toBuffer();
  const shadowStrength = between(rnd, 0.25, 0.55);
  for (let i = 0; i < W * H; i++) {
    const k = 1 - (shadowStrength * (shadow[i] ?? 0)) / 255;
    for (let c = 0; c < 3; c++) frame[i * 3 + c] = frame[i * 3 + c]! * k;
  }

  // The slab itself, by inverse mapping with bilinear sampling.
  const data = src.data;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const a = (coverage[y * W + x] ?? 0) / 255;
      if (a === 0) continue;
      const s = applyHomography(toSource, x + 0.5, y + 0.5);
      const sx = Math.min(sw - 1.001, Math.max(0, s.x - 0.5));
      const sy = Math.min(sh - 1.001, Math.max(0, s.y - 0.5));
      const ix = Math.floor(sx);
      const iy = Math.floor(sy);
      const fx = sx - ix;
      const fy = sy - iy;
      const q0 = (iy * sw + ix) * 3;
      const q1 = q0 + sw * 3;
      const dst = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = data[q0 + c]! + (data[q0 + 3 + c]! - data[q0 + c]!) * fx;
        const bottom = data[q1 + c]! + (data[q1 + 3 + c]! - data[q1 + c]!) * fx;
        const v = top + (bottom - top) * fy;
        frame[dst + c] = frame[dst + c]! * (1 - a) + v * a;
      }
    }
  }

  light(frame, W, H, p, quad, rnd);
  const pixels = Uint8ClampedArray.from(frame);
  const blurred = await sharp(Buffer.from(pixels.buffer, 0, pixels.length), {
    raw: { width: W, height: H, channels: 3 },
  })
    .blur(p.blur)
    .raw()
    .toBuffer();
  // Sensor noise after the lens blur, then the phone's JPEG.
  const out = Buffer.alloc(W * H * 3);
  for (let i = 0; i < out.length; i++) out[i] = clamp(blurred[i]! + gauss(rnd) * p.noise);
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: p.quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}

function gauss(rnd: () => number): number {
  return Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd());
}

/** Smooth random field (0..1) at `cells` cells across, scaled up by sharp's bicubic filter. */
async function smoothNoise(rnd: () => number, W: number, H: number, cellsX: number, cellsY: number) {
  const cw = Math.max(2, Math.round(cellsX));
  const ch = Math.max(2, Math.round(cellsY));
  const cells = Buffer.alloc(cw * ch);
  for (let i = 0; i < cells.length; i++) cells[i] = Math.floor(rnd() * 256);
  const big = await sharp(cells, { raw: { width: cw, height: ch, channels: 1 } })
    .resize(W, H, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const field = new Float32Array(big.length);
  for (let i = 0; i < big.length; i++) field[i] = big[i]! / 255;
  return field;
}

/** Cover art filling the frame, turned a random quarter and dimmed by a random share (the room's light). */
async function comicsBackdrop(
  p: PhoneVariantParams,
  backdrop: Buffer,
  rnd: () => number,
): Promise<Float32Array> {
  const quarter = [0, 90, 180, 270][Math.floor(rnd() * 4)] ?? 0;
  const pixels = await sharp(backdrop)
    .rotate(quarter)
    .removeAlpha()
    .toColourspace('srgb')
    .resize(p.width, p.height, { fit: 'cover' })
    .raw()
    .toBuffer();
  const dim = between(rnd, 0.6, 0.95);
  return Float32Array.from(pixels, (v) => v * dim);
}

/** A table surface: wood grain, woven cloth, speckled laminate or a plain dark desk. */
async function background(p: PhoneVariantParams, rnd: () => number): Promise<Float32Array> {
  const { width: W, height: H } = p;
  const frame = new Float32Array(W * H * 3);
  const hue = (base: readonly number[], spread: number) =>
    base.map((v) => v * between(rnd, 1 - spread, 1 + spread));
  if (p.background === 'wood') {
    // Grain: stretched noise along the boards, rings bent by a slow field, boards with seams.
    const along = rnd() < 0.5;
    // Grain lines run along the boards: the noise varies fast across them and slowly along them.
    const streaks = await smoothNoise(rnd, W, H, along ? W / 4 : 8, along ? 8 : H / 4);
    const warp = await smoothNoise(rnd, W, H, 5, 5);
    const light = hue([196, 146, 98], 0.15);
    const dark = hue([120, 76, 42], 0.2);
    const boardWidth = between(rnd, 0.15, 0.35) * (along ? W : H);
    const freq = between(rnd, 0.02, 0.05);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const across = along ? x : y;
        const rings = 0.5 + 0.5 * Math.sin(across * freq + warp[i]! * 12 + streaks[i]! * 2);
        const seam = across % boardWidth < 2 ? 0.6 : 1;
        const t = Math.min(1, Math.max(0, 0.55 * rings + 0.45 * streaks[i]!));
        for (let c = 0; c < 3; c++) frame[i * 3 + c] = (dark[c]! + (light[c]! - dark[c]!) * t) * seam;
      }
    }
  } else if (p.background === 'cloth') {
    // Weave: two crossing thread patterns, slow folds that shade the cloth.
    const period = between(rnd, 3, 7);
    const folds = await smoothNoise(rnd, W, H, 4, 4);
    const palettes = [
      [40, 60, 110],
      [120, 30, 40],
      [70, 90, 60],
      [90, 90, 95],
      [180, 170, 150],
    ];
    const base = hue(palettes[Math.floor(rnd() * palettes.length)] ?? [90, 90, 95], 0.15);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const weave =
          0.85 + 0.15 * Math.sin((x * 2 * Math.PI) / period) * Math.sin((y * 2 * Math.PI) / period);
        const shade = 0.7 + 0.5 * folds[i]!;
        const fibre = 1 + 0.06 * gauss(rnd);
        for (let c = 0; c < 3; c++) frame[i * 3 + c] = base[c]! * weave * shade * fibre;
      }
    }
  } else {
    // Laminate / desk: speckles over blotches; light laminate or a dark desk top.
    const blotch = await smoothNoise(rnd, W, H, 12, 12);
    const base = p.background === 'laminate' ? hue([200, 198, 190], 0.1) : hue([45, 42, 40], 0.3);
    const speckle = p.background === 'laminate' ? 0.12 : 0.2;
    for (let i = 0; i < W * H; i++) {
      const k = (0.85 + 0.3 * blotch[i]!) * (1 + speckle * gauss(rnd) * (rnd() < 0.3 ? 1 : 0.3));
      for (let c = 0; c < 3; c++) frame[i * 3 + c] = base[c]! * k;
    }
  }
  return frame;
}

/** Other things on the table: sheets of paper (some with lines of print), a dark phone, a coloured book. */
function drawClutter(
  frame: Float32Array,
  W: number,
  H: number,
  count: number,
  slab: readonly Point[],
  rnd: () => number,
): void {
  const cx = slab.reduce((s, q) => s + q.x, 0) / 4;
  for (let n = 0; n < count; n++) {
    const kind = rnd();
    const colour =
      kind < 0.4
        ? [235, 233, 225]
        : kind < 0.7
          ? [25, 25, 28]
          : [between(rnd, 40, 220), between(rnd, 40, 220), between(rnd, 40, 220)];
    const w = between(rnd, 0.2, 0.5) * W;
    const h = between(rnd, 0.15, 0.45) * H;
    const angle = between(rnd, -0.6, 0.6);
    // Put it in a corner away from the slab's centre; the slab is drawn over it where they meet.
    const ox = (cx < W / 2 ? W : 0) + between(rnd, -0.25, 0.25) * W;
    const oy = (rnd() < 0.5 ? 0 : H) + between(rnd, -0.25, 0.25) * H;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const printed = kind < 0.4 && rnd() < 0.6;
    const lineGap = between(rnd, 12, 24);
    for (let y = Math.max(0, Math.floor(oy - w - h)); y < Math.min(H, oy + w + h); y++) {
      for (let x = Math.max(0, Math.floor(ox - w - h)); x < Math.min(W, ox + w + h); x++) {
        const dx = x - ox;
        const dy = y - oy;
        const u = dx * cos + dy * sin;
        const v = -dx * sin + dy * cos;
        if (Math.abs(u) > w / 2 || Math.abs(v) > h / 2) continue;
        let k = 1;
        // Lines of small print on a sheet: text-like stripes the label finder must not take for a label.
        if (printed && Math.abs(u) < w * 0.4 && (v + h) % lineGap < lineGap * 0.35 && (u * 0.7 + v) % 9 < 5)
          k = 0.3;
        const i = (y * W + x) * 3;
        for (let c = 0; c < 3; c++) frame[i + c] = colour[c]! * k;
      }
    }
  }
}

/** Uneven light (a gradient and a vignette), a colour cast, and glare from a lamp or window. */
function light(
  frame: Float32Array,
  W: number,
  H: number,
  p: PhoneVariantParams,
  slab: readonly Point[],
  rnd: () => number,
): void {
  const angle = between(rnd, 0, 2 * Math.PI);
  const gx = Math.cos(angle);
  const gy = Math.sin(angle);
  const strength = between(rnd, 0.15, 0.45);
  const cast = [between(rnd, 0.92, 1.08), 1, between(rnd, 0.9, 1.08)];
  const diag = Math.hypot(W, H);
  // Glare: one or two soft ellipses somewhere over the slab, long and thin like a reflected tube or round.
  const glares: { x: number; y: number; rx: number; ry: number; cos: number; sin: number; k: number }[] = [];
  if (p.glare > 0) {
    const spots = rnd() < 0.3 ? 2 : 1;
    for (let n = 0; n < spots; n++) {
      const a = rnd();
      const b = rnd() * (1 - a);
      const q0 = slab[0]!;
      const q1 = slab[1]!;
      const q3 = slab[3]!;
      const x = q0.x + (q1.x - q0.x) * a + (q3.x - q0.x) * (b + rnd() * 0.5);
      const y = q0.y + (q1.y - q0.y) * a + (q3.y - q0.y) * (b + rnd() * 0.5);
      const r = between(rnd, 0.04, 0.14) * diag;
      const elongation = between(rnd, 1, 4);
      const t = between(rnd, 0, Math.PI);
      glares.push({ x, y, rx: r, ry: r / elongation, cos: Math.cos(t), sin: Math.sin(t), k: p.glare });
    }
  }
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const nx = x / W - 0.5;
      const ny = y / H - 0.5;
      const illum = 1 - strength * (0.5 + nx * gx + ny * gy) - 0.35 * (nx * nx + ny * ny);
      let g = 0;
      for (const s of glares) {
        const dx = x - s.x;
        const dy = y - s.y;
        const u = (dx * s.cos + dy * s.sin) / s.rx;
        const v = (-dx * s.sin + dy * s.cos) / s.ry;
        g = Math.max(g, s.k * Math.exp(-(u * u + v * v) * 2));
      }
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) {
        const lit = frame[i + c]! * illum * cast[c]!;
        frame[i + c] = lit + (255 - lit) * g;
      }
    }
  }
}
