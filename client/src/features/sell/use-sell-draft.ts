import { useCallback, useEffect, useState } from 'react';
import type { FieldErrors } from './comic-validation';
import type { ComicFields, DraftComic } from './draft-comic';
import { browserStorage, DRAFT_STORAGE_KEY, loadDraft, saveDraft } from './draft-storage';

/** The draft on /sell and the edit state of its cards. */
export interface SellDraft {
  comics: DraftComic[];
  editingIds: ReadonlySet<string>;
  errorsById: Readonly<Record<string, FieldErrors>>;
  add: (comic: DraftComic) => void;
  startEditing: (id: string, errors?: FieldErrors) => void;
  stopEditing: (id: string) => void;
  save: (id: string, fields: ComicFields) => void;
  remove: (id: string) => void;
  clear: () => void;
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

/** Holds the draft, saving it to localStorage on every change so it survives sign-in and reloads. */
export function useSellDraft(): SellDraft {
  const [comics, setComics] = useState<DraftComic[]>(() => loadDraft(browserStorage()));
  const [editingIds, setEditingIds] = useState<ReadonlySet<string>>(() => new Set());
  const [errorsById, setErrorsById] = useState<Readonly<Record<string, FieldErrors>>>({});

  useEffect(() => saveDraft(browserStorage(), comics), [comics]);

  // Another tab of the site changed the draft (or submitted it): follow it instead of overwriting it later.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === DRAFT_STORAGE_KEY) setComics(loadDraft(browserStorage()));
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const stopEditing = useCallback((id: string) => {
    setEditingIds((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
    setErrorsById((current) => without(current, id));
  }, []);

  return {
    comics,
    editingIds,
    errorsById,
    add: useCallback((comic) => setComics((current) => [...current, comic]), []),
    startEditing: useCallback((id, errors) => {
      setEditingIds((current) => new Set(current).add(id));
      setErrorsById((current) => (errors ? { ...current, [id]: errors } : without(current, id)));
    }, []),
    stopEditing,
    save: useCallback(
      (id, fields) => {
        setComics((current) =>
          current.map((comic) => (comic.id === id ? { ...comic, ...fields, reviewed: true } : comic)),
        );
        stopEditing(id);
      },
      [stopEditing],
    ),
    remove: useCallback(
      (id) => {
        setComics((current) => current.filter((comic) => comic.id !== id));
        stopEditing(id);
      },
      [stopEditing],
    ),
    clear: useCallback(() => {
      setComics([]);
      setEditingIds(new Set());
      setErrorsById({});
    }, []),
  };
}
