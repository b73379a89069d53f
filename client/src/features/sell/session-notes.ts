// Small notes the /sell page leaves itself in sessionStorage (this tab only) to survive a full-page
// trip: the sign-in redirect (the seller's ticked Terms box and their place at the submit panel) and
// a reload in the middle of uploads (which files did not finish). Never anything about the account.
import { boolean, list, number, readAs, shape, text } from './stored-shape';

/** The part of the Storage API used here (a fake in tests). */
export type NoteStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Key of the note written just before the sign-in redirect. */
export const SIGN_IN_RETURN_KEY = 'sell-sign-in-return:v1';
/** Key of the names of the photos still uploading. */
export const UPLOADS_IN_FLIGHT_KEY = 'sell-uploads-in-flight:v1';

/** A sign-in that takes longer than this (a forgotten tab) no longer counts as "coming back". */
const SIGN_IN_RETURN_TTL_MS = 60 * 60 * 1000;

// Checked like the draft (stored-shape.ts): a note that does not match is ignored.
const signInReturn = shape({ termsAccepted: boolean, savedAt: number() });
const inFlight = list(text(500), 200);

/** The browser's sessionStorage, or null where it is unavailable. */
export function sessionNotes(): NoteStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(storage: NoteStorage | null, key: string): unknown {
  if (!storage) return undefined;
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function write(storage: NoteStorage | null, key: string, value: unknown): void {
  if (!storage) return;
  try {
    if (value === undefined) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page only forgets a convenience.
  }
}

/** Notes, before leaving for sign-in, whether the Terms box was ticked. */
export function rememberSignInReturn(
  storage: NoteStorage | null,
  termsAccepted: boolean,
  now = Date.now(),
): void {
  write(storage, SIGN_IN_RETURN_KEY, { termsAccepted, savedAt: now });
}

/** The note left before sign-in; null when there is none or it is stale. Clear it once used. */
export function readSignInReturn(
  storage: NoteStorage | null,
  now = Date.now(),
): { termsAccepted: boolean } | null {
  const note = readAs(signInReturn, read(storage, SIGN_IN_RETURN_KEY));
  if (!note || now - note.savedAt > SIGN_IN_RETURN_TTL_MS || now < note.savedAt) return null;
  return { termsAccepted: note.termsAccepted };
}

/** Removes the sign-in note (it is used once). */
export function clearSignInReturn(storage: NoteStorage | null): void {
  write(storage, SIGN_IN_RETURN_KEY, undefined);
}

/** Records the names of the photos not yet processed (removes the note when there are none). */
export function rememberUploadsInFlight(storage: NoteStorage | null, fileNames: readonly string[]): void {
  write(storage, UPLOADS_IN_FLIGHT_KEY, fileNames.length > 0 ? fileNames.slice(0, 200) : undefined);
}

/** The photos that were still uploading when the page went away (clear with rememberUploadsInFlight(s, [])). */
export function readInterruptedUploads(storage: NoteStorage | null): string[] {
  return readAs(inFlight, read(storage, UPLOADS_IN_FLIGHT_KEY)) ?? [];
}
