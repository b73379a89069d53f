import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { fileTooLargeToast, MAX_UPLOAD_BYTES } from '../../../shared/limits.js';
import { HttpError } from '../../plugins/errors.js';

/** The one uploaded file of a request. */
export interface UploadedFile {
  bytes: Buffer;
  /** The client's file name: only for messages, never for deciding anything. */
  filename: string;
}

const noImage = () =>
  new HttpError(
    400,
    'No image was uploaded. Send the photo in the multipart field "image".',
    'missing_image',
  );

function tooLarge(filename: string) {
  // The spec's wording, as the upload zone's toast says it.
  return new HttpError(413, fileTooLargeToast(filename).description, 'file_too_large');
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const oneFileOnly = () =>
  new HttpError(400, 'Send one photo per request, in the field "image".', 'too_many_files');

/**
 * Reads the single multipart field `image`, buffered and capped at 10 MB, and reads the body to its
 * end so that a second file is noticed. Anything else is a clear 4xx: no body or no file (400), more
 * than one file (400), not multipart (415), over the size limit (413), a truncated body (400).
 */
export async function readSingleUpload(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    if (!hasBody(request)) throw noImage();
    throw new HttpError(415, 'Send the photo as multipart/form-data in the field "image".', 'not_multipart');
  }
  let upload: UploadedFile | null = null;
  let filename = 'upload';
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: 1,
        fields: 5,
        fieldSize: 1024,
        parts: 6,
        headerPairs: 100,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      filename = part.filename || 'The file';
      if (upload !== null || part.fieldname !== 'image') {
        part.file.resume(); // drain it so the request can finish
        throw upload !== null ? oneFileOnly() : noImage();
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge(filename);
      if (bytes.length === 0) throw new HttpError(400, `${filename} is empty.`, 'empty_file');
      upload = { bytes, filename };
    }
  } catch (error) {
    throw error instanceof HttpError ? error : asClientError(error, filename);
  }
  if (!upload) throw noImage();
  return upload;
}

function asClientError(error: unknown, filename: string): HttpError {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(filename);
  if (code === 'FST_FILES_LIMIT') return oneFileOnly();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'Send one photo per request, in the field "image".', 'too_many_parts');
  }
  // Malformed or cut-off multipart bodies (busboy errors, premature close).
  return new HttpError(400, 'The upload was incomplete or malformed. Please try again.', 'bad_upload');
}
