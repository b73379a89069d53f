import { useCallback, useEffect, useState } from 'react';
import type { Grader } from '../../../../shared/graders';
import type { FieldErrors } from './comic-validation';
import type { ComicFields, DraftComic } from './draft-comic';
import type { MarketEstimateNote } from './estimate-basis';
import { estimateFieldsKey } from './re-estimate';
import {
  browserStorage,
  draftForViewer,
  DRAFT_STORAGE_KEY,
  loadDraft,
  saveDraft,
  type StoredDraft,
} from './draft-storage';

/** The draft on /sell and the edit state of its cards. */
export interface SellDraft {
  comics: DraftComic[];
  editingIds: ReadonlySet<string>;
  errorsById: Readonly<Record<string, FieldErrors>>;
  add: (comic: DraftComic) => void;
  /** Puts a comic back at a position (Undo after Remove). */
  insert: (comic: DraftComic, index: number) => void;
  startEditing: (id: string, errors?: FieldErrors) => void;
  stopEditing: (id: string) => void;
  save: (id: string, fields: ComicFields, grader?: Grader) => void;
  /**
   * Sets a comic's market estimate (value and basis; both empty with no market data), unless the
   * comic's estimate fields have changed since it was asked for (`askedFor`, estimateFieldsKey).
   */
  setEstimate: (
    id: string,
    askedFor: string,
    estimatedValue: string,
    note: MarketEstimateNote | null,
  ) => void;
  remove: (id: string) => void;
  clear: () => void;
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

/**
 * Holds the draft, saving it to localStorage on every change so it survives sign-in and reloads.
 * `viewerId`: the signed-in user's id, null for a guest, undefined while the account loads.
 */
export function useSellDraft(viewerId: string | null | undefined): SellDraft {
  const [stored, setStored] = useState<StoredDraft>(() =>
    draftForViewer(loadDraft(browserStorage()), viewerId),
  );
  // Once we know who is looking, the draft becomes theirs (or another account's draft is dropped).
  // Adjusted during render, React's pattern for state that follows a prop, so no stale frame shows.
  const [viewerSeen, setViewerSeen] = useState(viewerId);
  if (viewerSeen !== viewerId) {
    setViewerSeen(viewerId);
    setStored((current) => draftForViewer(current, viewerId));
  }
  const comics = stored.comics;
  const setComics = useCallback(
    (update: (current: DraftComic[]) => DraftComic[]) =>
      setStored((current) => ({ ...current, comics: update(current.comics) })),
    [],
  );
  const [editingIds, setEditingIds] = useState<ReadonlySet<string>>(() => new Set());
  const [errorsById, setErrorsById] = useState<Readonly<Record<string, FieldErrors>>>({});

  useEffect(() => saveDraft(browserStorage(), stored), [stored]);

  // Another tab of the site changed the draft (or submitted it): follow it instead of overwriting it later.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === DRAFT_STORAGE_KEY) setStored(loadDraft(browserStorage()));
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
    add: useCallback((comic) => setComics((current) => [...current, comic]), [setComics]),
    insert: useCallback(
      (comic, index) =>
        setComics((current) =>
          current.some((other) => other.id === comic.id)
            ? current
            : [...current.slice(0, index), comic, ...current.slice(index)],
        ),
      [setComics],
    ),
    startEditing: useCallback((id, errors) => {
      setEditingIds((current) => new Set(current).add(id));
      setErrorsById((current) => (errors ? { ...current, [id]: errors } : without(current, id)));
    }, []),
    stopEditing,
    save: useCallback(
      (id, fields, grader) => {
        setComics((current) =>
          current.map((comic) =>
            comic.id === id
              ? {
                  ...comic,
                  ...fields,
                  reviewed: true,
                  labelDetails: grader ? { ...comic.labelDetails, grader } : comic.labelDetails,
                }
              : comic,
          ),
        );
        stopEditing(id);
      },
      [setComics, stopEditing],
    ),
    setEstimate: useCallback(
      (id, askedFor, estimatedValue, note) =>
        setComics((current) =>
          current.map((comic) =>
            comic.id === id && estimateFieldsKey(comic) === askedFor
              ? { ...comic, estimatedValue, marketEstimate: note }
              : comic,
          ),
        ),
      [setComics],
    ),
    remove: useCallback(
      (id) => {
        setComics((current) => current.filter((comic) => comic.id !== id));
        stopEditing(id);
      },
      [setComics, stopEditing],
    ),
    clear: useCallback(() => {
      setComics(() => []);
      setEditingIds(new Set());
      setErrorsById({});
    }, [setComics]),
  };
}
