// Measures the server's memory across bursts of photo uploads through the real route (multipart,
// sharp, storage, database, label reader). Shared by the memory test and `npm run bench:uploads`.
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** Memory after one burst, in MB. */
export interface BurstMemory {
  /** Uploads sent so far. */
  uploads: number;
  rssMb: number;
  heapUsedMb: number;
  /** Memory held outside the JS heap (Buffers, sharp, worker threads' typed arrays). */
  externalMb: number;
  /** Seconds the burst took. */
  seconds: number;
}

const MB = 1024 * 1024;

/**
 * A slab-like test photo: a label with text (so the reader's detector and recogniser both run) on a
 * textured background; `index` varies size and wording so the reader sees different input shapes.
 */
export async function slabLikePhoto(index: number): Promise<Buffer> {
  const width = 700 + (index % 5) * 90;
  const height = 900 + (index % 7) * 60;
  const grade = ['9.8', '9.6', '9.4', '8.5', '7.0'][index % 5];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#d8d4cc"/>
    <rect x="30" y="30" width="${width - 60}" height="220" fill="#ffffff" stroke="#1b4aa0" stroke-width="6"/>
    <text x="60" y="100" font-size="44" font-family="sans-serif">AMAZING SPIDER-MAN ${100 + index}</text>
    <text x="60" y="160" font-size="30" font-family="sans-serif">Marvel Comics, 5/88</text>
    <text x="${width - 200}" y="210" font-size="64" font-family="sans-serif">${grade}</text>
    <text x="60" y="225" font-size="26" font-family="sans-serif">${4_526_002_001 + index}</text>
    <rect x="60" y="300" width="${width - 120}" height="${height - 360}" fill="#7a3b2a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

function multipartBody(file: Buffer, filename: string): { payload: Buffer; contentType: string } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The engine's full collection, also where the process was started without --expose-gc (the test
 * runner's workers are): the flag is set at run time and a fresh context is given the `gc` function,
 * as Jest's leak detector does. Without a collection, heapUsed is whatever garbage the last burst
 * left behind, and two readings differ by tens of MB with nothing leaking (CI saw 37 MB).
 */
function fullCollection(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Found once: each burst's snapshot uses it, and a new context per snapshot would be waste. */
let collect: (() => void) | undefined;

/** Snapshot of this process's memory (all threads), after a full collection. */
export async function memoryNow(): Promise<Omit<BurstMemory, 'uploads' | 'seconds'>> {
  const gc = (collect ??= fullCollection());
  gc();
  await sleep(50);
  gc();
  const usage = process.memoryUsage();
  return { rssMb: usage.rss / MB, heapUsedMb: usage.heapUsed / MB, externalMb: usage.external / MB };
}

/** Options of measureUploadBursts. */
export interface UploadBurstOptions {
  app: FastifyInstance;
  /** Photos to send, in order (cycled when fewer than uploads). */
  photos: readonly Buffer[];
  uploads: number;
  burst: number;
  /** Cookie header for every request (e.g. a signed-in session), so the per-guest bounds do not apply. */
  cookie: string;
  /** Called with each burst's figures as it ends. */
  onBurst?: (figures: BurstMemory) => void;
}

/** Uploads the photos one after another and records memory after every burst (the first row: before any). */
export async function measureUploadBursts(options: UploadBurstOptions): Promise<BurstMemory[]> {
  const rows: BurstMemory[] = [{ uploads: 0, seconds: 0, ...(await memoryNow()) }];
  options.onBurst?.(rows[0] as BurstMemory);
  for (let sent = 0; sent < options.uploads;) {
    const started = Date.now();
    const end = Math.min(options.uploads, sent + options.burst);
    for (; sent < end; sent++) {
      const photo = options.photos[sent % options.photos.length] as Buffer;
      const { payload, contentType } = multipartBody(photo, `photo-${sent}.jpg`);
      const response = await options.app.inject({
        method: 'POST',
        url: '/api/extract-comic-data',
        payload,
        headers: { 'content-type': contentType, 'x-requested-with': 'fetch', cookie: options.cookie },
        // A client address per upload: on a fast machine 200 uploads from one address would meet the
        // per-address minute limit (60), which is not what this measures.
        remoteAddress: `10.0.${Math.floor(sent / 250)}.${(sent % 250) + 1}`,
      });
      if (response.statusCode !== 200) {
        throw new Error(`upload ${sent} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
      }
    }
    const row = { uploads: sent, seconds: (Date.now() - started) / 1000, ...(await memoryNow()) };
    rows.push(row);
    options.onBurst?.(row);
  }
  return rows;
}

/** One line of the figures table. */
export function formatBurst(row: BurstMemory): string {
  const f = (n: number) => n.toFixed(1).padStart(8);
  return `${String(row.uploads).padStart(5)} uploads  rss ${f(row.rssMb)} MB  heap ${f(row.heapUsedMb)} MB  external ${f(row.externalMb)} MB  ${row.seconds.toFixed(1).padStart(6)} s`;
}
