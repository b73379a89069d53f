// The opaque page cursor of newest-first lists: base64url of the last row's exact creation time and id.
import { BAD_CURSOR_MESSAGE } from '../../../shared/schemas/submission-queries.js';
import { HttpError } from '../../plugins/errors.js';
import { isUuid } from '../images/image-repository.js';
import type { ListCursor } from './submission-repository.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The cursor as the client carries it. */
export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** The cursor the client sent back; 400 when it is not one the server made. */
export function decodeCursor(text: string): ListCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      TIMESTAMP.test(value[0]) &&
      !Number.isNaN(Date.parse(value[0])) &&
      typeof value[1] === 'string' &&
      isUuid(value[1])
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the one answer for every bad cursor.
  }
  throw new HttpError(400, BAD_CURSOR_MESSAGE, 'bad_cursor');
}
