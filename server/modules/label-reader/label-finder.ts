// Finds a slab label's outline in a photo with background: a phone photo of a slab on a table,
// turned by any angle, tilted up to ~45 degrees, with glare; or a scan with a dark surround.
// Works on the text detector's probability map of the whole photo (and the photo in grey at the
// map's size), in three steps:
//   1. the dominant direction of the text lines (projection profile over 180 degrees): everything
//      printed on the slab lies in one plane, so label and cover text run the same way;
//   2. in a frame turned to that direction, text boxes are grouped into blocks; the label is a
//      block of several short lines, 2-7 times wider than tall;
//   3. the label's four edges are searched around the block (a Hough-like search over the grey
//      image's gradient: the paper's border against the slab's plastic) and intersected, which
//      also catches the shear and keystone of a tilted slab.
// The result is a quadrilateral in photo coordinates that label-pipeline.ts warps to a rectangle.
import type { Point } from './homography.js';
import { gapsBetween, type Rect } from './raster.js';
import { findTextBoxes } from './text-detection.js';

/** A single-channel 8-bit image. */
export interface GreyImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** A label candidate: its outline (corners clockwise from the label's top-left when upright). */
export interface LabelQuad {
  readonly corners: readonly [Point, Point, Point, Point];
  /** How label-like the text block is (more lines, label-shaped): ranks candidates. */
  readonly score: number;
  /** Whether each of the four edges (top, right, bottom, left) was found in the image or guessed. */
  readonly edgesFound: number;
}

const TEXT_THRESHOLD = 0.3;
/** Text pixels the direction search looks at, at most (drawn evenly from all of them). */
const ANGLE_POINTS = 25_000;

/** An integer hash of `n` in [0, 2^32), spread evenly (murmur3's finaliser): a repeatable random draw. */
function scatter(n: number): number {
  let h = Math.imul(n ^ (n >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The direction of the text lines, in degrees in [-90, 90): the angle of the lines against the
 * image's x axis (positive: running down to the right). Projection profile: at the right angle the
 * text pixels pile up in few rows. Null when there is too little text.
 */
export function dominantTextAngle(prob: Float32Array, width: number, height: number): number | null {
  const total = width * height;
  let textPixels = 0;
  for (let p = 0; p < total; p++) if ((prob[p] ?? 0) > TEXT_THRESHOLD) textPixels++;
  if (textPixels < 150) return null;
  // ~25k points are plenty to find the peak. They are drawn by a hash of their index, not every
  // nth pixel: a regular step lays the points on a lattice, and the profile along the lattice's
  // rows piles them into every other bin. Every other pixel of a map an even number of pixels wide
  // (all maps are, in multiples of 32) is every other column: that doubled the sharpness at -90
  // degrees, and a label turned 20 degrees with only its grade in the map read as upright.
  const keep = Math.min(1, ANGLE_POINTS / textPixels) * 2 ** 32;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let p = 0; p < total; p++) {
    if ((prob[p] ?? 0) > TEXT_THRESHOLD && scatter(p) < keep) {
      xs.push(p % width);
      ys.push(Math.floor(p / width));
    }
  }
  const diag = Math.ceil(Math.hypot(width, height));
  const bins = new Float64Array(2 * diag + 2);
  const sharpness = (degrees: number) => {
    const r = (degrees * Math.PI) / 180;
    const sin = Math.sin(r);
    const cos = Math.cos(r);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const row = Math.round((ys[i] ?? 0) * cos - (xs[i] ?? 0) * sin) + diag;
      bins[row] = (bins[row] ?? 0) + 1;
    }
    let score = 0;
    for (const count of bins) score += count * count;
    return score;
  };
  let best = 0;
  let bestScore = -1;
  for (let a = -90; a < 90; a += 2) {
    const s = sharpness(a);
    if (s > bestScore) [best, bestScore] = [a, s];
  }
  const coarse = best;
  for (let a = coarse - 2; a <= coarse + 2; a += 0.25) {
    const s = sharpness(a);
    if (s > bestScore) [best, bestScore] = [a, s];
  }
  return ((((best + 90) % 180) + 180) % 180) - 90;
}

/** A frame turned by `degrees`: u runs along the text lines, v across them (down). */
interface Frame {
  cos: number;
  sin: number;
  /** Offsets that keep the turned image's coordinates positive. */
  u0: number;
  v0: number;
  width: number;
  height: number;
}

function makeFrame(degrees: number, width: number, height: number): Frame {
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const us = [0, width, 0, width].map((x, i) => x * cos + (i < 2 ? 0 : height) * sin);
  const vs = [0, width, 0, width].map((x, i) => -x * sin + (i < 2 ? 0 : height) * cos);
  const u0 = Math.min(...us);
  const v0 = Math.min(...vs);
  return {
    cos,
    sin,
    u0,
    v0,
    width: Math.ceil(Math.max(...us) - u0),
    height: Math.ceil(Math.max(...vs) - v0),
  };
}

/** Turned frame -> image point. */
function fromFrame(f: Frame, u: number, v: number): Point {
  const uu = u + f.u0;
  const vv = v + f.v0;
  return { x: uu * f.cos - vv * f.sin, y: uu * f.sin + vv * f.cos };
}

/**
 * The probability map and the grey image, both `width` x `height`, resampled into the turned frame:
 * each pixel takes its nearest map pixel by `fromFrame` at its centre (0 outside the map). Both
 * are turned in one pass, where each pixel comes from worked out once. On a 768 x 1024 map that
 * takes 13 ms an angle, where working out an index array and gathering each map through it took
 * 18-20 ms (ADR 0059).
 */
function turnMaps(
  f: Frame,
  width: number,
  height: number,
  prob: Float32Array,
  grey: Uint8Array,
): { turnedProb: Float32Array; turnedGrey: Float32Array } {
  const turnedProb = new Float32Array(f.width * f.height);
  const turnedGrey = new Float32Array(f.width * f.height);
  const { cos, sin } = f;
  for (let v = 0; v < f.height; v++) {
    // fromFrame's terms, in its order: the row's once.
    const vv = v + 0.5 + f.v0;
    const vSin = vv * sin;
    const vCos = vv * cos;
    const row = v * f.width;
    for (let u = 0; u < f.width; u++) {
      const uu = u + 0.5 + f.u0;
      const x = Math.floor(uu * cos - vSin);
      const y = Math.floor(uu * sin + vCos);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const index = y * width + x;
      turnedProb[row + u] = prob[index]!;
      turnedGrey[row + u] = grey[index]!;
    }
  }
  return { turnedProb, turnedGrey };
}

/**
 * Boxes joined into clusters wherever `near` holds for a pair, directly or through others (union-find),
 * each cluster in the order of its first box.
 */
export function clusterBoxes(boxes: readonly Rect[], near: (a: Rect, b: Rect) => boolean): Rect[][] {
  const parent = boxes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (near(boxes[i]!, boxes[j]!)) parent[find(i)] = find(j);
    }
  }
  const clusters = new Map<number, Rect[]>();
  boxes.forEach((box, i) => {
    const root = find(i);
    clusters.set(root, [...(clusters.get(root) ?? []), box]);
  });
  return [...clusters.values()];
}

/** Text boxes grouped into blocks of nearby lines. */
function groupBlocks(boxes: readonly Rect[]): Rect[][] {
  return clusterBoxes(boxes, (a, b) => {
    const h = Math.min(a.height, b.height);
    const { x: gapX, y: gapY } = gapsBetween(a, b);
    // Lines of one label: close above each other and of like size (the cover's big logo right
    // under the label's small print is not part of it), or side by side in one row (columns).
    // The big grade joins its row only: stacking is for line-shaped boxes.
    const lines = a.width > 1.5 * a.height && b.width > 1.5 * b.height;
    const alike = lines && Math.max(a.height, b.height) < 2.5 * h;
    return (alike && gapY < 0.9 * h && gapX < 2 * h) || (gapY < -0.3 * h && gapX < 4 * h);
  });
}

/**
 * Adds the label's side columns to a block of its centre column: boxes level with the block (the
 * big grade at the left, key comments at the right) and close beside it. Repeats while it grows.
 */
function widenToRow(block: readonly Rect[], boxes: readonly Rect[]): Rect[] {
  const members = new Set(block);
  for (let round = 0; round < 4; round++) {
    const b = bounds([...members]);
    let grew = false;
    for (const box of boxes) {
      if (members.has(box)) continue;
      const cy = box.y + box.height / 2;
      const gapX = Math.max(b.x - (box.x + box.width), box.x - (b.x + b.width));
      if (cy > b.y && cy < b.y + b.height && box.height < 1.2 * b.height && gapX < 1.6 * b.height) {
        members.add(box);
        grew = true;
      }
    }
    if (!grew) break;
  }
  return [...members];
}

/** The smallest rectangle holding every box. */
export function bounds(boxes: readonly Rect[]): Rect {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** How label-like a block is: several lines of text in a band 2-7 times wider than tall. */
function blockScore(block: readonly Rect[], frameWidth: number): number {
  if (block.length < 3) return 0;
  const b = bounds(block);
  const aspect = b.width / b.height;
  if (aspect < 1.6 || aspect > 9 || b.width < frameWidth * 0.08) return 0;
  const inked = block.reduce((sum, box) => sum + box.width * box.height, 0) / (b.width * b.height);
  const shape = aspect >= 2.2 && aspect <= 6 ? 1 : 0.6;
  return Math.min(block.length, 14) * shape * Math.min(1, inked * 2) * Math.sqrt(b.width / frameWidth);
}

/** A line v = c + d * (u - mid) (near-horizontal) or u = c + d * (v - mid) (near-vertical). */
interface EdgeLine {
  c: number;
  d: number;
  mid: number;
  strength: number;
}

/**
 * Hough-like search for a straight edge in the turned grey image: lines across [from, to] along
 * one axis, offsets in [lo, hi] on the other, slopes up to `maxSlope`, scored by the mean gradient
 * across the line (the label paper's border is long and straight; text strokes are short).
 */
function searchEdge(
  grey: Float32Array,
  width: number,
  height: number,
  vertical: boolean,
  from: number,
  to: number,
  lo: number,
  hi: number,
  maxSlope: number,
): EdgeLine | null {
  const mid = (from + to) / 2;
  const start = Math.max(1, Math.floor(from));
  const end = Math.min((vertical ? height : width) - 2, Math.ceil(to));
  const limit = (vertical ? width : height) - 2;
  if (end - start < 8) return null;
  const step = Math.max(1, Math.floor((end - start) / 120));
  let best: EdgeLine | null = null;
  for (let d = -maxSlope; d <= maxSlope + 1e-9; d += maxSlope / 12) {
    for (let c = Math.max(1, Math.floor(lo)); c <= Math.min(limit, Math.ceil(hi)); c++) {
      // The whole line stays inside the search band: a slanted line must not reach the strong
      // edges inside the label (the header stripe's lower border, text) at one end.
      const a = c + d * (start - mid);
      const b = c + d * (end - mid);
      if (Math.min(a, b) < lo || Math.max(a, b) > hi) continue;
      const parts = [0, 0, 0, 0];
      let n = 0;
      for (let t = start; t <= end; t += step) {
        const s = Math.round(c + d * (t - mid));
        if (s < 1 || s > limit) continue;
        // Gradient across the line: difference of the two neighbours on either side.
        const g = vertical
          ? (grey[t * width + s + 1] ?? 0) - (grey[t * width + s - 1] ?? 0)
          : (grey[(s + 1) * width + t] ?? 0) - (grey[(s - 1) * width + t] ?? 0);
        const part = Math.min(3, Math.floor(((t - start) / (end - start + 1)) * 4));
        parts[part] = (parts[part] ?? 0) + g;
        n++;
      }
      if (n < 6) continue;
      // Signed sums over each quarter of the line: along the paper's border the gradient keeps one
      // sign (it may flip where the coloured header stripe meets the border), while a line that
      // cuts through text or wood grain crosses edges of both signs, which cancel.
      const strength = parts.reduce((sum, part) => sum + Math.abs(part), 0) / n;
      if (!best || strength > best.strength) best = { c, d, mid, strength };
    }
  }
  return best;
}

/** Intersection of a near-horizontal line v(u) and a near-vertical line u(v). */
function intersect(h: EdgeLine, v: EdgeLine): Point {
  // v = hc + hd (u - hm); u = vc + vd (v - vm)
  let u = v.c;
  let y = h.c;
  for (let i = 0; i < 6; i++) {
    y = h.c + h.d * (u - h.mid);
    u = v.c + v.d * (y - v.mid);
  }
  return { x: u, y };
}

/** Label outlines findLabelQuads gives at most, best first. */
const LABEL_CANDIDATES = 2;

/**
 * Label candidates, best first, in the coordinates of the probability map `prob` (width x height);
 * `grey` is the photo in grey at the same size. Returns [] when nothing label-like is there.
 * `angle`: the map's dominantTextAngle, when the caller has worked it out already (the
 * whole-photo map keeps it for the later looks: 5-26 ms a call, not spent twice).
 */
export function findLabelQuads(
  prob: Float32Array,
  width: number,
  height: number,
  grey: GreyImage,
  angle: number | null = dominantTextAngle(prob, width, height),
): LabelQuad[] {
  // Every look greys the photo at its map's size (greyAtSize): the edges are searched in the
  // frame the map's text was found in.
  if (grey.width !== width || grey.height !== height)
    throw new Error(`grey image ${grey.width} x ${grey.height} is not the map's ${width} x ${height}`);
  if (angle === null) return [];
  // The profile can also peak across the lines (characters stacked in columns, wood grain read
  // as text): look at the perpendicular direction too and keep the most label-like blocks.
  const other = angle >= 0 ? angle - 90 : angle + 90;
  return [angle, other]
    .flatMap((a) => quadsAlong(a, prob, width, height, grey, LABEL_CANDIDATES))
    .sort((a, b) => b.score - a.score)
    .slice(0, LABEL_CANDIDATES);
}

function quadsAlong(
  angle: number,
  prob: Float32Array,
  width: number,
  height: number,
  grey: GreyImage,
  maxCandidates: number,
): LabelQuad[] {
  const frame = makeFrame(angle, width, height);
  const { turnedProb, turnedGrey } = turnMaps(frame, width, height, prob, grey.data);
  const boxes = findTextBoxes(turnedProb, frame.width, frame.height).filter((b) => b.width > b.height * 0.8);
  const blocks = groupBlocks(boxes)
    .map((block) => widenToRow(block, boxes))
    .map((block) => ({ block, score: blockScore(block, frame.width) }))
    .filter((b) => b.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, maxCandidates);
  return blocks.map(({ block, score }) => {
    const b = bounds(block);
    const { width: fw, height: fh } = frame;
    const bw = b.width;
    const bh = b.height;
    // The paper's edges lie around the text block's sides (the detector's boxes are grown, so an
    // edge may also lie just inside them): search a band across each side.
    const left = searchEdge(turnedGrey, fw, fh, true, b.y, b.y + bh, b.x - 0.2 * bw, b.x + 0.03 * bw, 0.45);
    const right = searchEdge(turnedGrey, fw, fh, true, b.y, b.y + bh, b.x + bw * 1.005, b.x + bw * 1.2, 0.45);
    const top = searchEdge(turnedGrey, fw, fh, false, b.x, b.x + bw, b.y - 0.35 * bh, b.y + 0.08 * bh, 0.1);
    const bottom = searchEdge(
      turnedGrey,
      fw,
      fh,
      false,
      b.x,
      b.x + bw,
      b.y + bh * 0.92,
      b.y + bh * 1.35,
      0.1,
    );
    // An edge is trusted when it stands out from the block's own texture; otherwise the block's
    // side, padded, stands in for it.
    const texture = meanGradient(turnedGrey, fw, fh, b);
    const trusted = (e: EdgeLine | null) => (e && e.strength > 0.6 * texture ? e : null);
    const l = trusted(left) ?? { c: b.x - 0.04 * bw, d: 0, mid: b.y + bh / 2, strength: 0 };
    const r = trusted(right) ?? { c: b.x + bw * 1.04, d: 0, mid: b.y + bh / 2, strength: 0 };
    const t = trusted(top) ?? { c: b.y - 0.12 * bh, d: 0, mid: b.x + bw / 2, strength: 0 };
    const bo = trusted(bottom) ?? { c: b.y + bh * 1.12, d: 0, mid: b.x + bw / 2, strength: 0 };
    const edgesFound = [top, right, bottom, left].filter((e) => trusted(e)).length;
    const corners = [intersect(t, l), intersect(t, r), intersect(bo, r), intersect(bo, l)].map((p) =>
      fromFrame(frame, p.x, p.y),
    ) as [Point, Point, Point, Point];
    return { corners: looksUpsideDown(block) ? flipQuad(corners) : corners, score, edgesFound };
  });
}

/**
 * Which way up the label is, from its layout: the widest lines (header, title) are in its upper
 * half and the big grade, the tallest text, at its left. The text direction alone leaves 180
 * degrees open; a wrong guess costs one more reading, not a wrong one.
 */
function looksUpsideDown(block: readonly Rect[]): boolean {
  const b = bounds(block);
  const widest = block.reduce((w, box) => (box.width > w.width ? box : w));
  const tallest = block.reduce((t, box) => (box.height > t.height ? box : t));
  let vote = 0;
  vote += widest.y + widest.height / 2 > b.y + b.height / 2 ? 1 : -1;
  if (tallest.height > 1.5 * widest.height)
    vote += tallest.x + tallest.width / 2 > b.x + b.width / 2 ? 1 : -1;
  return vote > 0;
}

/** Mean absolute horizontal gradient inside a rectangle: the text's own edge strength. */
function meanGradient(grey: Float32Array, width: number, height: number, r: Rect): number {
  let sum = 0;
  let n = 0;
  const y1 = Math.min(height - 1, Math.floor(r.y + r.height));
  const x1 = Math.min(width - 2, Math.floor(r.x + r.width));
  for (let y = Math.max(0, Math.floor(r.y)); y < y1; y += 2) {
    for (let x = Math.max(1, Math.floor(r.x)); x < x1; x += 2) {
      sum += Math.abs((grey[y * width + x + 1] ?? 0) - (grey[y * width + x - 1] ?? 0));
      n++;
    }
  }
  return n ? sum / n : 0;
}

/**
 * Grows a quadrilateral outwards about its centre: by `side` of its width at the left and right
 * ends and `vertical` of its height at the top and bottom (the crop must not clip the label's ends).
 */
export function padQuad(
  corners: readonly Point[],
  side: number,
  vertical: number,
): [Point, Point, Point, Point] {
  const [tl, tr, br, bl] = corners as [Point, Point, Point, Point];
  const lerp = (a: Point, b: Point, t: number): Point => ({
    x: a.x + (b.x - a.x) * t,
    y: a.y + (b.y - a.y) * t,
  });
  // Extend each edge along its own direction, so perspective is kept.
  const top = [lerp(tl, tr, -side), lerp(tl, tr, 1 + side)] as const;
  const bottom = [lerp(bl, br, -side), lerp(bl, br, 1 + side)] as const;
  return [
    lerp(top[0], bottom[0], -vertical),
    lerp(top[1], bottom[1], -vertical),
    lerp(top[1], bottom[1], 1 + vertical),
    lerp(top[0], bottom[0], 1 + vertical),
  ];
}

/** Turns a quad's corner order by 180 degrees (the label upside down in the photo). */
export function flipQuad(corners: readonly Point[]): [Point, Point, Point, Point] {
  const [tl, tr, br, bl] = corners as [Point, Point, Point, Point];
  return [br, bl, tl, tr];
}
