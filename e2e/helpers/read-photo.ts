import { expect, type APIRequestContext } from '@playwright/test';

/** What POST /api/extract-comic-data answers for a photo, in the fields the tests use. */
export interface PhotoReading {
  title: string;
  issueNumber: string;
  publisher: string;
  publicationYear: number | null;
  cgcGrade: number | null;
  imageIds: string[];
}

/**
 * Uploads one JPEG through the real upload route and label reader, as the /sell page does, and
 * returns the reading. A phone photo can take the reader several seconds on a loaded machine.
 */
export async function readPhoto(
  request: APIRequestContext,
  name: string,
  buffer: Buffer,
): Promise<PhotoReading> {
  const upload = await request.post('/api/extract-comic-data', {
    headers: { 'X-Requested-With': 'fetch' },
    multipart: { image: { name, mimeType: 'image/jpeg', buffer } },
    timeout: 150_000,
  });
  expect(upload.status(), await upload.text()).toBe(200);
  return (await upload.json()).data as PhotoReading;
}
