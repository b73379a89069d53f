import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { LabelReading } from '../../../shared/label-reading.js';
import { MAX_UPLOAD_BYTES } from '../../../shared/limits.js';
import type { Database, Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { isHeif } from '../images/image-types.js';
import { LabelReaderBusyError } from '../label-reader/errors.js';
import { ensureCookieSupport } from '../images/cookie-support.js';
import { optionalUser } from '../images/current-viewer.js';
import { ensureGuestTokenHash } from '../images/guest-token.js';
import { discardImage, ingestImage } from '../images/ingest-image.js';
import type { ImageOwner } from '../images/image-repository.js';
import type { ImageStorage } from '../images/storage/image-storage.js';
import { blankExtraction, extractionFromReading } from './extraction-response.js';
import type { LabelReader, ReadingWithVariantLine } from '../label-reader/label-reader.js';
import { readSingleUpload } from './read-upload.js';
import { fillFromGuide } from './guide-fill.js';
import { snapTitleToGuide } from './title-snap.js';
import { snapVariantToGuide } from './variant-snap.js';
import { estimateForReading } from '../valuation/estimate-reading.js';
import { keepReading } from './kept-readings.js';

/** Dependencies of POST /api/extract-comic-data. */
export interface ExtractionRoutesOptions {
  database: Database;
  storage: ImageStorage;
  labelReader: LabelReader;
  uploadsPerHour: number;
  /** Mark the guest cookie Secure (the site is served over https). */
  secureCookies: boolean;
}

/** Uploads one client address may make per minute. */
const UPLOADS_PER_MINUTE_PER_ADDRESS = 60;

/** Seconds a client should wait before retrying when the reader's queue is full. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * POST /api/extract-comic-data: stores the photo (re-encoded, private to the uploader) and reads its
 * slab label. A label that cannot be read still answers 200 with the spec's blank entry and the
 * stored photo; only a full reader queue is an error (503 with Retry-After).
 */
export async function extractionRoutes(app: FastifyInstance, options: ExtractionRoutesOptions) {
  const { database, storage, labelReader } = options;
  await ensureCookieSupport(app);
  // Registered here, not globally: this is the only route that takes files.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  if (!app.hasDecorator('rateLimit')) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          429,
          `Too many uploads. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
          'rate_limited',
        ),
    });
  }
  // Per client address, in this process: a 20-photo drop with retries fits easily, a script
  // hammering the (CPU-heavy) reader does not. The per-uploader hourly bound (uploadsPerHour) is
  // kept in the database and so holds across processes and guest cookies alike.
  const perAddress = { rateLimit: { max: UPLOADS_PER_MINUTE_PER_ADDRESS, timeWindow: '1 minute' } };

  const busy = (reply: FastifyReply) => {
    reply.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    return new HttpError(
      503,
      'The label reader is busy. Please try again in a few seconds.',
      'label_reader_busy',
    );
  };

  app.openapi.add({
    method: 'POST',
    path: '/api/extract-comic-data',
    summary: "Upload one photo of a slabbed comic; stores it and reads the label's details",
    description:
      'The body is multipart/form-data with one file in the field "image" (JPEG, PNG, GIF, WebP or HEIC/HEIF, at most 10 MB). Guests may upload (a guest cookie then owns the photo). Answers { data: { title, issueNumber, publisher, publicationYear, cgcGrade, cgcCertNumber, variant, keyIssue, confidence, imageUrls, imageIds, estimatedValue, estimateBasis, ... } }; a label that cannot be read still answers 200 with blank fields and the note "Extraction failed - please enter details manually". 413: file too large; 415: not multipart or not an image; 429: too many uploads; 503: the reader is busy (Retry-After).',
    tags: ['extraction'],
    access: 'public',
    errors: [400, 413, 415, 429, 503],
  });
  // The dealer's price guide puts right a title that is a near miss of one of its titles, and a
  // variant that is a near miss of one of that book's variants, then fills in a publisher or year
  // the label did not give (each with a note). A failed lookup must never cost the seller the
  // reading: each step falls back to what it was given. The variant step also reads the variant
  // line against the book's guide variants from what the recogniser saw on it (`variantLine`).
  const matchToGuide = async ({ reading, variantLine }: ReadingWithVariantLine): Promise<LabelReading> => {
    const steps: { name: string; run: (db: Db, read: LabelReading) => Promise<LabelReading> }[] = [
      { name: 'snapTitleToGuide', run: snapTitleToGuide },
      { name: 'snapVariantToGuide', run: (db, read) => snapVariantToGuide(db, read, variantLine) },
      { name: 'fillFromGuide', run: fillFromGuide },
    ];
    let matched = reading;
    for (const step of steps) {
      try {
        matched = await step.run(database.db, matched);
      } catch (error) {
        app.log.error({ err: error, step: step.name }, 'price-guide lookup failed');
      }
    }
    return matched;
  };
  // Stand-in readers (tests) may have no readWithVariantLine: then no variant line was seen.
  const readLabel = (bytes: Buffer): Promise<ReadingWithVariantLine> =>
    labelReader.readWithVariantLine
      ? labelReader.readWithVariantLine(bytes)
      : labelReader.read(bytes).then((reading) => ({ reading, variantLine: null }));

  app.post('/extract-comic-data', { config: perAddress }, async (request, reply) => {
    // Refused before the photo is read or decoded: a full queue costs the server nothing more.
    if (labelReader.hasRoom?.() === false) throw busy(reply);
    const upload = await readSingleUpload(request);
    const user = optionalUser(request);
    const owner: ImageOwner = user
      ? { userId: user.id }
      : { guestTokenHash: ensureGuestTokenHash(request, reply, { secure: options.secureCookies }) };
    const deps = { db: database.db, storage, uploadsPerHour: options.uploadsPerHour };
    // A guest's uploads also count against the client address (request.ip honours TRUST_PROXY only).
    const guestAddress = user ? null : request.ip;
    const { image, processed } = await ingestImage(deps, upload.bytes, owner, upload.filename, guestAddress);

    // The reader gets the original bytes (what it is measured on; it applies EXIF orientation
    // itself), except HEIC, which only our converted JPEG makes readable to sharp. Feeding it the
    // re-encoded display JPEG instead saved memory on huge photos but misread real labels (dev-001's
    // 'Wolverine' became 'Wolveree' in the browser test), so accuracy wins until the reader is
    // re-measured on display JPEGs (issue 12).
    const readable = isHeif(processed.sourceType) ? processed.display.bytes : upload.bytes;
    try {
      // Matched to the dealer's price guide: a near-miss title (title-snap.ts) or variant
      // (variant-snap.ts), an unread publisher or year (guide-fill.ts).
      const reading = await matchToGuide(await readLabel(readable));
      // Kept with the photo as the seller was shown it: a submission later copies it to the comic (kept-readings.ts).
      await keepReading(database.db, image.id, reading);
      const estimate = await estimateForReading(database.db, reading, request.log);
      return { data: extractionFromReading(reading, image, estimate) };
    } catch (error) {
      if (error instanceof LabelReaderBusyError) {
        // Nothing half-done stays behind: the client retries the whole upload.
        await discardImage(deps, image);
        throw busy(reply);
      }
      // Anything else (no label, a read that timed out and whose worker was replaced) keeps the
      // photo and answers the spec's blank entry, which tells the seller to type the details.
      request.log.warn({ err: error, imageId: image.id }, 'label could not be read');
      return { data: blankExtraction(image) };
    }
  });
}
