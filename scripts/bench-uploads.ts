// Uploads photos one after another through the real upload route (multipart, sharp, storage, database
// and the worker-thread label reader) and prints the process's memory after every burst, to show
// whether memory levels off. Run with a collector exposed so the figures are live memory:
//   npm run bench:uploads                       (200 generated slab-like photos, bursts of 20)
//   BENCH_UPLOADS=100 BENCH_BURST=10 BENCH_PHOTOS_DIR=../shared/data/slabs-dev/images npm run bench:uploads
// BENCH_POOL sets the reader's worker count (default 1).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestApp } from '../server/test/app.js';
import { insertUser } from '../server/test/factories.js';
import { createSession } from '../server/modules/auth/session-store.js';
import { sessionCookieName } from '../server/modules/auth/auth-plugin.js';
import {
  formatBurst,
  measureUploadBursts,
  slabLikePhoto,
} from '../server/modules/extraction/upload-memory.js';

const uploads = Number(process.env.BENCH_UPLOADS ?? 200);
const burst = Number(process.env.BENCH_BURST ?? 20);
const pool = process.env.BENCH_POOL ?? '1';
const photosDir = process.env.BENCH_PHOTOS_DIR;

async function loadPhotos(): Promise<Buffer[]> {
  if (photosDir) {
    const names = (await readdir(photosDir)).filter((name) => /\.(jpe?g|png|webp)$/i.test(name)).sort();
    return Promise.all(names.map((name) => readFile(path.join(photosDir, name))));
  }
  return Promise.all(Array.from({ length: 35 }, (_, i) => slabLikePhoto(i)));
}

const photos = await loadPhotos();
const t = await createTestApp({
  env: { UPLOADS_PER_HOUR: String(uploads + 10), LABEL_READER_POOL_SIZE: pool },
});
try {
  const user = await insertUser(t.database.db);
  const token = await createSession(t.database.db, { userId: user.id, maxAgeSeconds: 3600, tokens: {} });
  const cookie = `${sessionCookieName(t.config.auth)}=${token}`;
  console.log(
    `${uploads} uploads in bursts of ${burst}, ${photos.length} distinct photos (${photosDir ?? 'generated'}), reader pool ${pool}`,
  );
  const rows = await measureUploadBursts({
    app: t.app,
    photos,
    uploads,
    burst,
    cookie,
    onBurst: (row) => console.log(formatBurst(row)),
  });
  const growth = (from: number, to: number) => (rows[to]?.rssMb ?? 0) - (rows[from]?.rssMb ?? 0);
  const last = rows.length - 1;
  console.log(
    `rss growth: first burst ${growth(0, 1).toFixed(1)} MB, bursts 2-3 ${growth(1, 3).toFixed(1)} MB, last two bursts ${growth(last - 2, last).toFixed(1)} MB`,
  );
} finally {
  await t.close();
}
