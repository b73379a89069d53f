// Upload and size limits (spec sections 5 and 9), shared so the upload zone and the server refuse
// exactly the same files, with the spec's toast texts.

/** Largest photo accepted: 10 MB (10485760 bytes). */
export const MAX_UPLOAD_BYTES = 10_485_760;

/** Most files taken from one drop or file-picker selection. */
export const MAX_FILES_PER_DROP = 20;

/** Most photos kept with one comic. */
export const MAX_IMAGES_PER_COMIC = 10;

/** Most comics in one submission. */
export const MAX_COMICS_PER_SUBMISSION = 100;

/** Longest notes a seller can leave on a comic. */
export const MAX_NOTES_LENGTH = 2000;

/**
 * Photo types accepted: the spec's five plus HEIC/HEIF, which the upload zone advertises and which
 * iPhones produce. The server converts HEIC/HEIF for display.
 */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/** One accepted photo MIME type. */
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** The `accept` attribute for the file picker (types plus extensions, for browsers that give HEIC no type). */
export const FILE_INPUT_ACCEPT = [...ACCEPTED_IMAGE_TYPES, '.heic', '.heif'].join(',');

/** A toast's title and description. */
export interface ToastText {
  title: string;
  description: string;
}

/** The spec's toast for a file of the wrong type. */
export function invalidFileTypeToast(fileName: string): ToastText {
  return {
    title: 'Invalid File Type',
    description: `${fileName} is not a supported image format. Please use JPEG, PNG, GIF, or WebP.`,
  };
}

/** The spec's toast for a file over the size limit. */
export function fileTooLargeToast(fileName: string): ToastText {
  return { title: 'File Too Large', description: `${fileName} is too large. Maximum file size is 10MB.` };
}

/** True when the MIME type is accepted; HEIC/HEIF files that arrive without a type are judged by extension. */
export function isAcceptedImageFile(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  if ((ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type)) return true;
  // Some browsers and operating systems report HEIC photos with an empty or generic type.
  return (type === '' || type === 'application/octet-stream') && /\.(heic|heif)$/i.test(file.name);
}

/** Why a file cannot be uploaded, as the spec's toast, or null when it is fine. Type is checked before size. */
export function uploadProblem(file: { name: string; type: string; size: number }): ToastText | null {
  if (!isAcceptedImageFile(file)) return invalidFileTypeToast(file.name);
  if (file.size > MAX_UPLOAD_BYTES) return fileTooLargeToast(file.name);
  return null;
}
