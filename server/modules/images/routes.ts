import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { ensureCookieSupport } from './cookie-support.js';
import { currentViewer } from './current-viewer.js';
import { canViewImage } from './image-access.js';
import { findImage } from './image-repository.js';
import type { ImageStorage } from './storage/image-storage.js';

/** Dependencies of the image-serving routes. */
export interface ImageRoutesOptions {
  database: Database;
  storage: ImageStorage;
}

/** The API path of a stored photo (what comics' imageUrls hold). */
export function imageUrl(id: string): string {
  return `/api/images/${id}`;
}

// One answer for "no such image" and "not yours", so ids cannot be probed for existence.
const notFound = () => new HttpError(404, 'Image not found', 'not_found');

// What the API description says of both image routes (their answers are bytes, not JSON).
const IMAGE_DESCRIPTION =
  "Answers the image bytes, not JSON, as image/jpeg (every upload is re-encoded to JPEG when stored; the stored content type is sent). Only the uploader (signed in, or the guest browser holding the upload's guest cookie) and staff may see it; anyone else gets 404, as for an unknown id.";

/** GET /api/images/:id and /api/images/:id/thumbnail: private photo bytes for uploader and staff. */
export async function imageRoutes(app: FastifyInstance, options: ImageRoutesOptions) {
  const { database, storage } = options;
  await ensureCookieSupport(app);
  // Abandoned photos are swept by the 'sweep.abandoned-images' job (server/jobs/registry.ts).

  const serve = async (
    id: string,
    variant: 'display' | 'thumbnail',
    viewerRequest: Parameters<typeof currentViewer>[0],
    reply: FastifyReply,
  ) => {
    const image = await findImage(database.db, id);
    if (!image || !canViewImage(image, currentViewer(viewerRequest))) throw notFound();
    const key = variant === 'thumbnail' ? (image.thumbnailKey ?? image.storageKey) : image.storageKey;
    const stored = await storage.get(key);
    if (!stored) throw notFound();
    return (
      reply
        // Private photos: not kept in the browser's cache, where they would outlive a sign-out.
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .type(stored.contentType)
        .send(stored.bytes)
    );
  };

  app.openapi.add({
    method: 'GET',
    path: '/api/images/:id',
    summary: 'A stored photo (display size)',
    description: IMAGE_DESCRIPTION,
    tags: ['images'],
    access: 'public',
    errors: [404],
  });
  app.get<{ Params: { id: string } }>('/images/:id', (request, reply) =>
    serve(request.params.id, 'display', request, reply),
  );
  app.openapi.add({
    method: 'GET',
    path: '/api/images/:id/thumbnail',
    summary: "A stored photo's thumbnail",
    description: IMAGE_DESCRIPTION,
    tags: ['images'],
    access: 'public',
    errors: [404],
  });
  app.get<{ Params: { id: string } }>('/images/:id/thumbnail', (request, reply) =>
    serve(request.params.id, 'thumbnail', request, reply),
  );
}
