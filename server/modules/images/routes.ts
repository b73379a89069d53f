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

  app.get<{ Params: { id: string } }>('/images/:id', (request, reply) =>
    serve(request.params.id, 'display', request, reply),
  );
  app.get<{ Params: { id: string } }>('/images/:id/thumbnail', (request, reply) =>
    serve(request.params.id, 'thumbnail', request, reply),
  );
}
