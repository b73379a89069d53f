import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../../shared/schemas/safe-text.js';
import { HttpError } from './errors.js';

/** Deeper than any body this app accepts; walking stops there (the route's schema refuses it anyway). */
const MAX_DEPTH = 64;

/** The path ('comics.0.title') of the first string or key in the value that PostgreSQL cannot store. */
export function findUnstorableText(value: unknown): string | null {
  // Iterative: a hostile body nested thousands deep must not overflow the stack.
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string[] };
    if (typeof item.value === 'string') {
      if (!isStorableText(item.value)) return item.path.join('.');
      continue;
    }
    if (item.value === null || typeof item.value !== 'object' || item.path.length >= MAX_DEPTH) continue;
    for (const [key, child] of Object.entries(item.value)) {
      if (!isStorableText(key)) return [...item.path, '(key)'].join('.');
      stack.push({ value: child, path: [...item.path, key] });
    }
  }
  return null;
}

/**
 * Defence in depth behind the shared schemas' safeString(): any parsed body (JSON or form) holding a
 * NUL or a lone surrogate anywhere is refused with a 400 naming the field, before a route runs. A
 * route whose schema forgot the rule still cannot hand such text to the database (a 500).
 */
export const bodyGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (request.body === undefined || request.body === null || Buffer.isBuffer(request.body)) return;
      const path = findUnstorableText(request.body);
      if (path !== null) {
        throw new HttpError(400, 'Invalid request', 'validation_failed', [
          { path, message: UNSTORABLE_TEXT_MESSAGE },
        ]);
      }
    });
  },
  { name: 'body-guard' },
);
