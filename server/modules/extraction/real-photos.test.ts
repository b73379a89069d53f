// Real slab photos through the whole route and the real label reader (worker threads, OCR models).
// The photos are not in the repository: they live in ../shared/data/slabs-dev beside the checkout.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../project-root.js';
import { createTestApp, type TestApp } from '../../test/app.js';

const SLABS_DIR = path.join(projectRoot, '..', 'shared', 'data', 'slabs-dev');
const PHOTOS = ['images/dev-003.jpg', 'images/dev-005.jpg', 'images/dev-010.jpg'];

interface TruthRow {
  file: string;
  title: string;
  issueNumber: string;
  publisher: string;
  year: number;
  grade: number;
  certNumber: string;
}

/** Case-, space- and punctuation-insensitive form, as the bench compares titles. */
const loose = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

describe('POST /api/extract-comic-data with real slab photos', () => {
  // The photos live beside the repository (../shared/data); without them this suite fails rather
  // than skips, so a run that never read a real photo cannot pass as green.
  beforeAll(() => {
    if (!existsSync(path.join(SLABS_DIR, 'truth.json')))
      throw new Error(`the slab photos are missing: ${SLABS_DIR}`);
  });
  let t: TestApp;
  let truth: TruthRow[];
  beforeAll(async () => {
    t = await createTestApp();
    truth = JSON.parse(readFileSync(path.join(SLABS_DIR, 'truth.json'), 'utf8')) as TruthRow[];
  });
  afterAll(() => t?.close());

  it.each(PHOTOS)('reads %s and stores the photo', { timeout: 180_000 }, async (file) => {
    const expected = truth.find((row) => row.file === file);
    if (!expected) throw new Error(`${file} is not in truth.json`);
    const boundary = 'slabboundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${path.basename(file)}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      readFileSync(path.join(SLABS_DIR, file)),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/extract-comic-data',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'fetch' },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(loose(data.title)).toBe(loose(expected.title));
    expect(data.issueNumber).toBe(expected.issueNumber);
    expect(loose(data.publisher)).toBe(loose(expected.publisher));
    expect(data.publicationYear).toBe(expected.year);
    expect(data.cgcGrade).toBe(expected.grade);
    expect(data.cgcCertNumber).toBe(expected.certNumber);
    expect(data.confidence).toBeGreaterThan(0.5);
    expect(data.estimatedValue).toBeNull();

    const cookie = response.cookies.find((c) => c.name === 'guest_uploads');
    const photo = await t.app.inject({
      method: 'GET',
      url: data.imageUrls[0],
      headers: { cookie: `guest_uploads=${cookie?.value}` },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
  });
});
