// 200 photos uploaded in a row through the real route and the real worker-thread label reader:
// memory must level off. Compared by growth, not absolute size (which depends on the machine): the
// growth over the last bursts must stay well under the first burst's (models and pools warming up).
// Small generated photos (the reader stops early on a photo without text) keep it to a few minutes
// on a busy machine; `npm run bench:uploads` runs the same measurement with slab-sized photos with
// label text and prints the figures. UPLOAD_MEMORY_UPLOADS changes the count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertUser } from '../../test/factories.js';
import { sessionCookieName } from '../auth/auth-plugin.js';
import { createSession } from '../auth/session-store.js';
import { photo } from '../images/test-fixtures.js';
import { formatBurst, measureUploadBursts } from './upload-memory.js';

const UPLOADS = Number(process.env.UPLOAD_MEMORY_UPLOADS ?? 200);
const BURST = 25;

let t: TestApp;
let user: User;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOADS_PER_HOUR: String(UPLOADS + 10), LABEL_READER_POOL_SIZE: '1' } });
  user = await insertUser(t.database.db);
});
afterAll(() => t.close());

describe('memory across many uploads', () => {
  it(`levels off over ${UPLOADS} uploads`, { timeout: 1_200_000 }, async () => {
    // Different sizes, so the reader's models see changing input shapes as with real photos.
    const photos = await Promise.all(
      Array.from({ length: 8 }, (_, i) => photo(i % 2 ? 'png' : 'jpeg', 96 + i * 24, 128 + i * 16)),
    );
    const token = await createSession(t.database.db, { userId: user.id, maxAgeSeconds: 3600, tokens: {} });
    const rows = await measureUploadBursts({
      app: t.app,
      photos,
      uploads: UPLOADS,
      burst: BURST,
      cookie: `${sessionCookieName(t.config.auth)}=${token}`,
      onBurst: (row) => console.log(formatBurst(row)),
    });
    const rss = rows.map((row) => row.rssMb);
    const firstBurst = (rss[1] ?? 0) - (rss[0] ?? 0);
    // The last three bursts together (75 uploads) against the first burst alone (25 uploads).
    const lastBursts = (rss.at(-1) ?? 0) - (rss.at(-4) ?? 0);
    console.log(
      `rss growth: first burst ${firstBurst.toFixed(1)} MB, last three bursts ${lastBursts.toFixed(1)} MB`,
    );
    expect(lastBursts).toBeLessThan(Math.max(firstBurst * 0.5, 40));
    // The JS heap holds nothing per upload either.
    expect((rows.at(-1)?.heapUsedMb ?? 0) - (rows[1]?.heapUsedMb ?? 0)).toBeLessThan(30);
  });
});
