// The readings the server made of uploaded photos, kept on the photo's row (images.extraction), and
// copied to a comic when the photo is submitted with it (comics.extraction). The browser never sends
// a reading back: what staff compare the submitted comic with is what this server read.
import { eq, inArray, isNotNull, and } from 'drizzle-orm';
import { labelReadingSchema, type LabelReading } from '../../../shared/label-reading.js';
import type { Db } from '../../db/client.js';
import { images, type ExtractionRecord } from '../../db/schema.js';

/** What a comic keeps: the reading of one of its photos, and which photo it was. */
export interface ComicExtraction extends ExtractionRecord {
  imageId: string;
  reading: LabelReading;
}

/** Keeps the reader's output with the photo it read. */
export async function keepReading(db: Db, imageId: string, reading: LabelReading): Promise<void> {
  await db.update(images).set({ extraction: reading }).where(eq(images.id, imageId));
}

/** The kept readings of these photos, by photo id (photos whose label was not read are absent). */
export async function keptReadings(db: Db, imageIds: readonly string[]): Promise<Map<string, LabelReading>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: images.id, extraction: images.extraction })
    .from(images)
    .where(and(inArray(images.id, [...imageIds]), isNotNull(images.extraction)));
  const readings = new Map<string, LabelReading>();
  for (const row of rows) {
    const parsed = labelReadingSchema.safeParse(row.extraction);
    if (parsed.success) readings.set(row.id, parsed.data);
  }
  return readings;
}

/** The comic's extraction: the reading of its first photo that has one, or null. */
export function extractionForComic(
  imageIds: readonly string[],
  readings: ReadonlyMap<string, LabelReading>,
): ComicExtraction | null {
  for (const imageId of imageIds) {
    const reading = readings.get(imageId);
    if (reading) return { imageId, reading };
  }
  return null;
}

/** The reading kept with a comic, or null when there is none (or it no longer fits the schema). */
export function readingOfComic(extraction: ExtractionRecord | null): LabelReading | null {
  if (!extraction) return null;
  const parsed = labelReadingSchema.safeParse(extraction.reading);
  return parsed.success ? parsed.data : null;
}
