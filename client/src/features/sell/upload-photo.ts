// One photo's trip to POST /api/extract-comic-data. XMLHttpRequest, not fetch: only XHR reports
// upload progress, and a phone on a slow connection needs to see its 5 MB photo moving.
import { CSRF_HEADER } from '../../../../shared/csrf';

/** A failed upload: the HTTP status (0 when the network failed) and what the server said. */
export class UploadError extends Error {
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The `message` of the server's JSON error body, safe to show the seller. */
  readonly serverMessage: string | undefined;
  /** How long the server asked us to wait before trying again (503 with Retry-After). */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, message: string, serverMessage?: string, retryAfterMs?: number) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Progress callbacks of one upload. */
export interface UploadCallbacks {
  /** Fraction of the file's bytes sent so far, 0..1. */
  onProgress: (fraction: number) => void;
  /** Every byte is sent; the server is now reading the label. */
  onUploaded: () => void;
}

/** Sends a photo to the label reader and resolves with the response body's `data` (not yet validated). */
export type PhotoUploader = (file: File, callbacks: UploadCallbacks, signal: AbortSignal) => Promise<unknown>;

/** The extraction endpoint (spec section 7). */
export const EXTRACT_URL = '/api/extract-comic-data';

function readServerMessage(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // Not JSON (a proxy's HTML error page, say): the status line will have to do.
  }
  return undefined;
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** Uploads one photo as the multipart field `image` with XMLHttpRequest, reporting progress. */
export const uploadPhoto: PhotoUploader = (file, { onProgress, onUploaded }, signal) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', EXTRACT_URL);
    xhr.withCredentials = true;
    // The server's CSRF check accepts same-origin requests that carry this header.
    xhr.setRequestHeader(CSRF_HEADER.name, CSRF_HEADER.value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onUploaded();
    xhr.onload = () => {
      const body = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const parsed = JSON.parse(body) as { data?: unknown };
          resolve(parsed.data);
        } catch {
          reject(new UploadError(xhr.status, `${xhr.status}: the response was not JSON`));
        }
        return;
      }
      const serverMessage = readServerMessage(body);
      reject(
        new UploadError(
          xhr.status,
          `${xhr.status}: ${body || xhr.statusText}`,
          serverMessage,
          retryAfterMs(xhr.getResponseHeader('Retry-After')),
        ),
      );
    };
    xhr.onerror = () => reject(new UploadError(0, 'Network error while uploading', undefined));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('image', file, file.name);
    xhr.send(form);
  });
