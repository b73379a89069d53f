// The one rule for every text field that reaches the database: PostgreSQL cannot store a NUL
// character in text, and a lone UTF-16 surrogate has no UTF-8 form (the driver would fail with a 500).
// Every zod string in shared/schemas goes through `safeString()` (or `.check(storableText)`) so such
// input is refused with a 400 and a field-named message before any query runs.
import { z } from 'zod';

/** The message for text that cannot be stored. */
export const UNSTORABLE_TEXT_MESSAGE = 'This text contains characters that cannot be saved.';

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding NUL is the point of this pattern.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when PostgreSQL can store the text as it is (no NUL, no lone surrogate). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** A zod check for any string schema: `z.string().check(storableText)`. */
export const storableText = z.refine<string>(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE });

/** `z.string()` that refuses text PostgreSQL cannot store. Use it for every text field of a request. */
export function safeString() {
  return z.string().check(storableText);
}
