import type { Viewer } from './current-viewer.js';

/** The fields of an image row the access rule looks at. */
export interface ImageOwnership {
  ownerUserId: string | null;
  guestTokenHash: string | null;
}

/**
 * Photos are private: the uploader (same account, or same guest cookie) and staff may see them;
 * anyone else is told the image does not exist.
 */
export function canViewImage(image: ImageOwnership, viewer: Viewer): boolean {
  if (viewer.isAdmin) return true;
  if (viewer.userId !== null && image.ownerUserId === viewer.userId) return true;
  return viewer.guestTokenHash !== null && image.guestTokenHash === viewer.guestTokenHash;
}
