import { describe, expect, it } from 'vitest';
import { blankComic, comicFromExtraction } from './draft-comic';
import { draftForViewer, DRAFT_STORAGE_KEY, loadDraft, saveDraft, type DraftStorage } from './draft-storage';

function memoryStorage(): DraftStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe('draft storage', () => {
  it('round-trips the comics, edits and photo ids included', () => {
    const storage = memoryStorage();
    const edited = {
      ...comicFromExtraction({ title: 'Saga', issueNumber: '1', confidence: 0.9, imageIds: ['a1'] }),
    };
    edited.cgcGrade = '9.6';
    const draft = { comics: [edited, blankComic()], ownerId: 'user-1' };
    saveDraft(storage, draft);
    expect(loadDraft(storage)).toEqual(draft);
  });

  it('removes the entry when the draft becomes empty', () => {
    const storage = memoryStorage();
    saveDraft(storage, { comics: [blankComic()], ownerId: null });
    saveDraft(storage, { comics: [], ownerId: null });
    expect(storage.values.has(DRAFT_STORAGE_KEY)).toBe(false);
    expect(loadDraft(storage)).toEqual({ comics: [], ownerId: null });
  });

  it('ignores corrupt or foreign data instead of trusting it', () => {
    const storage = memoryStorage();
    storage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(loadDraft(storage).comics).toEqual([]);
    storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ comics: [{ id: 'x', title: 5 }] }));
    expect(loadDraft(storage).comics).toEqual([]);
  });

  it('keeps working when storage throws (private mode, full quota) or is absent', () => {
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => saveDraft(broken, { comics: [blankComic()], ownerId: null })).not.toThrow();
    expect(loadDraft(broken).comics).toEqual([]);
    expect(loadDraft(null).comics).toEqual([]);
  });

  it('stores nothing but the draft', () => {
    const storage = memoryStorage();
    saveDraft(storage, { comics: [blankComic()], ownerId: 'user-1' });
    expect([...storage.values.keys()]).toEqual([DRAFT_STORAGE_KEY]);
    expect(storage.values.get(DRAFT_STORAGE_KEY)).not.toMatch(/token|session|password/i);
  });
});

describe('draftForViewer', () => {
  const comics = [blankComic()];

  it("hands a guest's draft to whoever signs in from it", () => {
    expect(draftForViewer({ comics, ownerId: null }, 'user-1')).toEqual({ comics, ownerId: 'user-1' });
  });

  it('keeps a draft for its owner, and for a guest or an account still loading', () => {
    expect(draftForViewer({ comics, ownerId: 'user-1' }, 'user-1')).toEqual({ comics, ownerId: 'user-1' });
    expect(draftForViewer({ comics, ownerId: null }, null)).toEqual({ comics, ownerId: null });
    expect(draftForViewer({ comics, ownerId: 'user-1' }, undefined)).toEqual({ comics, ownerId: 'user-1' });
  });

  it("drops another account's draft instead of showing it", () => {
    expect(draftForViewer({ comics, ownerId: 'user-1' }, 'user-2')).toEqual({
      comics: [],
      ownerId: 'user-2',
    });
  });
});
