import { describe, expect, it } from 'vitest';
import {
  clearSignInReturn,
  readInterruptedUploads,
  readSignInReturn,
  rememberSignInReturn,
  rememberUploadsInFlight,
  SIGN_IN_RETURN_KEY,
  type NoteStorage,
} from './session-notes';

function memoryStorage(): NoteStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('session notes of /sell', () => {
  it('keeps the ticked Terms box across the sign-in trip, for an hour at most', () => {
    const storage = memoryStorage();
    rememberSignInReturn(storage, true, 1000);
    expect(readSignInReturn(storage, 2000)).toEqual({ termsAccepted: true });
    expect(readSignInReturn(storage, 1000 + 60 * 60 * 1000 + 1)).toBeNull();
    clearSignInReturn(storage);
    expect(readSignInReturn(storage, 2000)).toBeNull();
  });

  it('ignores a note it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(SIGN_IN_RETURN_KEY, '{"termsAccepted":"yes"}');
    expect(readSignInReturn(storage)).toBeNull();
    storage.setItem(SIGN_IN_RETURN_KEY, 'not json');
    expect(readSignInReturn(storage)).toBeNull();
    expect(readSignInReturn(null)).toBeNull();
  });

  it('remembers which photos were still uploading, and forgets them when none are', () => {
    const storage = memoryStorage();
    rememberUploadsInFlight(storage, ['a.jpg', 'b.jpg']);
    expect(readInterruptedUploads(storage)).toEqual(['a.jpg', 'b.jpg']);
    rememberUploadsInFlight(storage, []);
    expect(readInterruptedUploads(storage)).toEqual([]);
    expect(storage.data.size).toBe(0);
  });
});
