import { describe, expect, it } from 'vitest';
import { blankComic, comicFromExtraction } from './draft-comic';
import { DRAFT_STORAGE_KEY, loadDraft, saveDraft, type DraftStorage } from './draft-storage';

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
    const comics = [edited, blankComic()];
    saveDraft(storage, comics);
    expect(loadDraft(storage)).toEqual(comics);
  });

  it('removes the entry when the draft becomes empty', () => {
    const storage = memoryStorage();
    saveDraft(storage, [blankComic()]);
    saveDraft(storage, []);
    expect(storage.values.has(DRAFT_STORAGE_KEY)).toBe(false);
    expect(loadDraft(storage)).toEqual([]);
  });

  it('ignores corrupt or foreign data instead of trusting it', () => {
    const storage = memoryStorage();
    storage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(loadDraft(storage)).toEqual([]);
    storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ comics: [{ id: 'x', title: 5 }] }));
    expect(loadDraft(storage)).toEqual([]);
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
    expect(() => saveDraft(broken, [blankComic()])).not.toThrow();
    expect(loadDraft(broken)).toEqual([]);
    expect(loadDraft(null)).toEqual([]);
  });

  it('stores nothing but the draft', () => {
    const storage = memoryStorage();
    saveDraft(storage, [blankComic()]);
    expect([...storage.values.keys()]).toEqual([DRAFT_STORAGE_KEY]);
    expect(storage.values.get(DRAFT_STORAGE_KEY)).not.toMatch(/token|session|password/i);
  });
});
