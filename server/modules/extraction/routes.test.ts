import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { LabelReading } from '../../../shared/label-reading.js';
import { images, type User } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { guideRow, insertAdmin, insertUser, labelReading } from '../../test/factories.js';
import { sessionCookieName } from '../auth/auth-plugin.js';
import { createSession } from '../auth/session-store.js';
import { LabelNotFoundError, LabelReaderBusyError } from '../label-reader/errors.js';
import type { LabelReader } from '../label-reader/label-reader.js';
import {
  gridHeicPhoto,
  heicPhoto,
  photo,
  solidPngBomb,
  textFile,
  truncatedJpeg,
} from '../images/test-fixtures.js';
import { blurred, matrixOf } from '../label-reader/fixtures/line-matrix.js';
import type { LineMatrix } from '../label-reader/pattern-decode.js';
import { upsertGuideRows } from '../valuation/price-guide-repository.js';
import { EXTRACTION_FAILED_NOTE } from './extraction-response.js';
import { GUIDE_FILL_CONFIDENCE } from './guide-fill.js';

const READING: LabelReading = labelReading({
  title: 'Amazing Spider-Man',
  issueNumber: '300',
  publisher: 'Marvel Comics',
  publicationYear: 1988,
  cgcGrade: 9.8,
  cgcCertNumber: '4526002001',
  keyIssue: true,
  confidence: 0.93,
  labelDate: '5/88',
  pageQuality: 'WHITE',
  keyComments: '1st full appearance of Venom.',
  labelType: 'Universal',
  grader: 'CGC',
  fieldConfidence: { title: 0.97, cgcGrade: 0.99, cgcCertNumber: 0.7 },
  notes: ['Certification number partly hidden by glare.'],
});

/** The test edge: a reader whose next answer each test chooses. */
let behaviour: 'read' | 'fail' | 'busy' | 'full' = 'read';
let answer: LabelReading = READING;
/** What the stand-in's recogniser saw on the variant line (readWithVariantLine). */
let answerLine: LineMatrix | null = null;
const reads: Buffer[] = [];
const standInReader: LabelReader = {
  hasRoom: () => behaviour !== 'full',
  async read(image) {
    reads.push(image);
    if (behaviour === 'busy') throw new LabelReaderBusyError('queue full');
    if (behaviour === 'fail') throw new LabelNotFoundError('no label');
    return answer;
  },
  async readWithVariantLine(image) {
    return { reading: await this.read(image), variantLine: answerLine };
  },
  async close() {},
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ labelReader: standInReader });
});
afterAll(() => t.close());
beforeEach(() => {
  behaviour = 'read';
  answer = READING;
  answerLine = null;
  reads.length = 0;
});

function multipart(
  file: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'image'}"; filename="${options.filename ?? 'photo.jpg'}"\r\nContent-Type: ${options.contentType ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'fetch' },
  };
}

function upload(file: Buffer, options: Parameters<typeof multipart>[1] & { cookie?: string } = {}) {
  const { payload, headers } = multipart(file, options);
  return t.app.inject({
    method: 'POST',
    url: '/api/extract-comic-data',
    payload,
    headers: { ...headers, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}

async function storedState(): Promise<{ rows: number; files: number }> {
  const [row] = await t.database.db.select({ n: count() }).from(images);
  const directory = t.config.storage.driver === 'local' ? t.config.storage.directory : '';
  let files = 0;
  try {
    for (const shard of await readdir(directory))
      files += (await readdir(path.join(directory, shard))).length;
  } catch {
    // No folder yet: nothing stored.
  }
  return { rows: row?.n ?? 0, files };
}

async function sessionCookie(user: User): Promise<string> {
  const token = await createSession(t.database.db, { userId: user.id, maxAgeSeconds: 3600, tokens: {} });
  return `${sessionCookieName(t.config.auth)}=${token}`;
}

function guestCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'guest_uploads');
  if (!cookie) throw new Error('no guest cookie set');
  return `guest_uploads=${cookie.value}`;
}

describe('POST /api/extract-comic-data', () => {
  it.each([
    ['JPEG', () => photo('jpeg'), 'photo.jpg'],
    ['PNG', () => photo('png'), 'photo.png'],
    ['GIF', () => photo('gif', 200, 150), 'photo.gif'],
    ['WebP', () => photo('webp'), 'photo.webp'],
    ['HEIC', async () => heicPhoto(), 'IMG_0001.HEIC'],
    [
      'grid HEIC taken sideways (iPhone-style)',
      async () => gridHeicPhoto({ rotated: true }),
      'IMG_0002.HEIC',
    ],
  ])('accepts a %s, stores it and answers the reading', async (_name, make, filename) => {
    const before = await storedState();
    const response = await upload(await make(), { filename });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      title: 'Amazing Spider-Man',
      issueNumber: '300',
      publisher: 'Marvel Comics',
      publicationYear: 1988,
      cgcGrade: 9.8,
      cgcCertNumber: '4526002001',
      variant: null,
      keyIssue: true,
      confidence: 0.93,
      estimatedValue: null,
      fieldConfidence: { title: 0.97, cgcGrade: 0.99, cgcCertNumber: 0.7 },
      pageQuality: 'WHITE',
      labelType: 'Universal',
      grader: 'CGC',
      keyComments: '1st full appearance of Venom.',
      notes: ['Certification number partly hidden by glare.'],
    });
    expect(data.imageIds).toHaveLength(1);
    expect(data.imageUrls).toEqual([`/api/images/${data.imageIds[0]}`]);
    expect(await storedState()).toEqual({ rows: before.rows + 1, files: before.files + 2 });
    // The reader got the original photo (what it is measured on), except HEIC, which only the
    // converted display JPEG makes readable to it.
    const upright = await sharp(reads[0]!).metadata();
    expect(upright.format).toBe(
      filename.endsWith('.HEIC') ? 'jpeg' : (await sharp(await make()).metadata()).format,
    );
  });

  it('accepts a PNG named .jpg as the PNG it is', async () => {
    const response = await upload(await photo('png'), { filename: 'scan.jpg', contentType: 'image/jpeg' });
    expect(response.statusCode).toBe(200);
    // Decoded as the PNG it is (a JPEG decoder would have refused it); the reader got the photo as sent.
    expect(await sharp(reads[0]!).metadata()).toMatchObject({ format: 'png', width: 800, height: 600 });
  });

  it.each([
    ['a text file named .png', () => Promise.resolve(textFile()), 'notes.png', 415, 'unsupported_image_type'],
    ['a truncated JPEG', truncatedJpeg, 'half.jpg', 400, 'image_unreadable'],
    [
      'an 11 MB file',
      () => Promise.resolve(Buffer.alloc(11 * 1024 * 1024, 0xff)),
      'huge.jpg',
      413,
      'file_too_large',
    ],
    [
      'a 20,000 x 20,000 image',
      () => Promise.resolve(solidPngBomb()),
      'bomb.png',
      413,
      'image_too_many_pixels',
    ],
    ['an empty file', () => Promise.resolve(Buffer.alloc(0)), 'empty.jpg', 400, 'empty_file'],
  ])('refuses %s with a clear 4xx and stores nothing', async (_name, make, filename, status, code) => {
    const before = await storedState();
    const response = await upload(await make(), { filename });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ code, message: expect.any(String) });
    expect(await storedState()).toEqual(before);
    expect(reads).toHaveLength(0);
  });

  it('names the file in the too-large and wrong-type messages, as the spec words them', async () => {
    const large = await upload(Buffer.alloc(11 * 1024 * 1024, 1), { filename: 'slab.jpg' });
    expect(large.json().message).toBe('slab.jpg is too large. Maximum file size is 10MB.');
    const text = await upload(textFile(), { filename: 'notes.png' });
    expect(text.json().message).toBe(
      'notes.png is not a supported image format. Please use JPEG, PNG, GIF, or WebP.',
    );
  });

  it('refuses an empty body with 400', async () => {
    const before = await storedState();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/extract-comic-data',
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'missing_image' });
    expect(await storedState()).toEqual(before);
  });

  it('refuses a multipart body without the image field with 400', async () => {
    const response = await upload(await photo('jpeg'), { field: 'photo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'missing_image' });
  });

  it('refuses a body that is not multipart with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/extract-comic-data',
      headers: { 'x-requested-with': 'fetch' },
      payload: { image: 'not a file' },
    });
    expect(response.statusCode).toBe(415);
  });

  it("fills a publisher and year the label did not give from the dealer's price guide, and puts right a near-miss variant, with notes", async () => {
    const saga = { title: 'Saga', issue: '1', publisher: 'Image Comics', coverDate: '3/12' };
    await upsertGuideRows(t.database.db, [
      guideRow({ ...saga, fairValueCents: 40000 }, 1),
      guideRow({ ...saga, variant: 'Chiang Variant Cover', fairValueCents: 60000 }, 2),
    ]);
    answer = {
      ...READING,
      title: 'Saga',
      issueNumber: '1',
      publisher: '',
      publicationYear: null,
      labelDate: null,
      variant: 'Chlang Variant Cover',
    };
    const response = await upload(await photo('jpeg'));
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      title: 'Saga',
      publisher: 'Image Comics',
      publicationYear: 2012,
      variant: 'Chiang Variant Cover',
      fieldConfidence: { publisher: GUIDE_FILL_CONFIDENCE, publicationYear: GUIDE_FILL_CONFIDENCE },
    });
    expect(data.notes).toEqual([
      'Certification number partly hidden by glare.',
      'Variant matched to the price guide: "Chiang Variant Cover" (the label read "Chlang Variant Cover").',
      expect.stringMatching(/^Publisher taken from the price guide/),
      expect.stringMatching(/^Year taken from the price guide's cover date \(3\/12\)/),
    ]);
  });

  it("reads a variant line the reader could not make out against the guide's variants for the book", async () => {
    const saga = { title: 'Saga', issue: '2', publisher: 'Image Comics', coverDate: '4/12' };
    await upsertGuideRows(t.database.db, [
      guideRow({ ...saga, variant: 'Momoko Variant Cover', fairValueCents: 9000 }, 1),
      guideRow({ ...saga, variant: 'Momoko Virgin Cover', fairValueCents: 15000 }, 2),
    ]);
    answer = { ...READING, title: 'Saga', issueNumber: '2', variant: null };
    // Each letter of 'Momoko Variant Cover' second likeliest: greedily 'Npnplp Wbsjbou Dpwfs'.
    answerLine = matrixOf(blurred('Momoko Variant Cover'));
    const response = await upload(await photo('jpeg'));
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ variant: 'Momoko Variant Cover', fieldConfidence: { variant: 0.5 } });
    expect(data.notes).toContain(
      'The variant line was unclear; it reads best as the price guide\'s "Momoko Variant Cover". Please check the variant.',
    );
  });

  it("answers the spec's blank entry, with the stored photo, when the label cannot be read", async () => {
    behaviour = 'fail';
    const before = await storedState();
    const response = await upload(await photo('jpeg'));
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      title: '',
      issueNumber: '',
      publisher: '',
      publicationYear: null,
      cgcGrade: null,
      cgcCertNumber: null,
      variant: null,
      keyIssue: null,
      confidence: 0,
      notes: EXTRACTION_FAILED_NOTE,
      estimatedValue: null,
    });
    expect(data.imageUrls).toEqual([`/api/images/${data.imageIds[0]}`]);
    expect(await storedState()).toEqual({ rows: before.rows + 1, files: before.files + 2 });
  });

  it('answers 503 with Retry-After when the reader queue is full, and keeps nothing', async () => {
    behaviour = 'busy';
    const before = await storedState();
    const response = await upload(await photo('jpeg'));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ code: 'label_reader_busy' });
    expect(await storedState()).toEqual(before);
  });

  it('refuses with 503 before touching the photo when the reader reports no room', async () => {
    behaviour = 'full';
    const before = await storedState();
    const response = await upload(await photo('jpeg'));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ code: 'label_reader_busy' });
    expect(reads).toHaveLength(0); // never processed nor queued
    expect(await storedState()).toEqual(before);
  });

  it('answers 400 to a request with two files and stores neither', async () => {
    const before = await storedState();
    const boundary = '----twofiles';
    const part = (name: string, file: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        file,
        Buffer.from('\r\n'),
      ]);
    for (const second of ['image', 'other']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/extract-comic-data',
        payload: Buffer.concat([
          part('image', await photo('jpeg', 300, 200)),
          part(second, await photo('jpeg', 300, 200)),
          Buffer.from(`--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'fetch' },
      });
      expect(response.statusCode, second).toBe(400);
      expect(response.json()).toMatchObject({ code: 'too_many_files' });
    }
    expect(reads).toHaveLength(0);
    expect(await storedState()).toEqual(before);
  });
});

describe('GET /api/images/:id', () => {
  it('serves a guest their own photo and thumbnail, privately, and nobody else', async () => {
    const response = await upload(await photo('jpeg', 1000, 500));
    const cookie = guestCookie(response);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const id: string = response.json().data.imageIds[0];

    const own = await t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    // Not kept in the browser's cache, where it would outlive a sign-out.
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(own.rawPayload).metadata()).toMatchObject({ width: 1000, height: 500 });

    const thumb = await t.app.inject({
      method: 'GET',
      url: `/api/images/${id}/thumbnail`,
      headers: { cookie },
    });
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 320, height: 160 });

    // A second upload from the same browser keeps the same guest identity.
    const again = await upload(await photo('png'), { cookie });
    expect(again.cookies.find((c) => c.name === 'guest_uploads')).toBeUndefined();

    const otherGuest = await upload(await photo('jpeg'));
    const strangers = [
      {},
      { cookie: guestCookie(otherGuest) },
      { cookie: 'guest_uploads=not-a-valid-token' },
    ];
    for (const headers of strangers) {
      const denied = await t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers });
      expect(denied.statusCode).toBe(404);
      expect(denied.json()).toMatchObject({ message: 'Image not found' });
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/images/00000000-0000-4000-8000-000000000000',
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/api/images/..%2F..%2Fetc',
      headers: { cookie },
    });
    expect(garbage.statusCode).toBe(404);
  });

  it("serves a signed-in seller's photo to them and to staff, and 404 to another seller", async () => {
    const owner = await insertUser(t.database.db);
    const ownerCookie = await sessionCookie(owner);
    const response = await upload(await photo('jpeg'), { cookie: ownerCookie });
    expect(response.statusCode).toBe(200);
    // Signed in: the photo belongs to the account, no guest cookie is handed out.
    expect(response.cookies.find((c) => c.name === 'guest_uploads')).toBeUndefined();
    const id: string = response.json().data.imageIds[0];
    const [row] = await t.database.db.select().from(images).where(eq(images.id, id));
    expect(row).toMatchObject({
      ownerUserId: owner.id,
      guestTokenHash: null,
      contentType: 'image/jpeg',
      width: 800,
      height: 600,
    });

    const get = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/images/${id}/thumbnail`, headers: { cookie } }))
        .statusCode;
    expect(await get(ownerCookie)).toBe(200);
    expect(await get(await sessionCookie(await insertAdmin(t.database.db)))).toBe(200);
    expect(await get(await sessionCookie(await insertUser(t.database.db)))).toBe(404);
  });
});

describe('the per-uploader hourly bound', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ labelReader: standInReader, env: { UPLOADS_PER_HOUR: '2' } });
  });
  afterAll(() => limited.close());

  it('refuses the upload past UPLOADS_PER_HOUR with 429 for that uploader only', async () => {
    const send = async (cookie?: string, remoteAddress = '203.0.113.1') => {
      const { payload, headers } = multipart(await photo('jpeg', 300, 200));
      return limited.app.inject({
        method: 'POST',
        url: '/api/extract-comic-data',
        payload,
        remoteAddress,
        headers: { ...headers, ...(cookie ? { cookie } : {}) },
      });
    };
    const first = await send();
    const cookie = guestCookie(first);
    expect((await send(cookie)).statusCode).toBe(200);
    const third = await send(cookie);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'upload_quota' });
    const [row] = await limited.database.db.select({ n: count() }).from(images);
    expect(row?.n).toBe(2);
    expect((await send(undefined, '203.0.113.2')).statusCode).toBe(200); // another guest is not affected
  });
});
