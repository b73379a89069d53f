// Keeps the /sell draft in localStorage so it survives the sign-in round trip (a full-page redirect
// to the identity provider and back) and a reload. Only the draft lives there: comics and the ids of
// their uploaded photos, never a token or anything about the account.
import {
  boolean,
  list,
  nullable,
  number,
  optional,
  readAs,
  record,
  shape,
  text,
  withDefault,
  type Reader,
} from './stored-shape';
import type { DraftComic } from './draft-comic';

/** The localStorage key; the version lets a later shape ignore an old draft instead of misreading it. */
export const DRAFT_STORAGE_KEY = 'sell-draft:v1';

/** The part of the Storage API the draft needs (a fake in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Anything in storage that does not match is dropped rather than trusted (stored-shape.ts says why
// these checks are not zod).
const confidence = number(0, 1);
const draftComic = shape({
  id: text(100, 1),
  title: text(500),
  issueNumber: text(100),
  publisher: text(200),
  cgcGrade: text(20),
  cgcCertNumber: text(100),
  estimatedValue: text(50),
  notes: text(5000),
  publicationYear: text(20),
  variant: text(500),
  keyIssue: nullable(boolean),
  confidence,
  fieldConfidence: record(confidence),
  readerNotes: list(text(1000), 50),
  labelDetails: shape({
    grader: optional(text(100)),
    labelType: optional(text(100)),
    pageQuality: optional(text(100)),
    keyComments: optional(text(2000)),
  }),
  imageUrls: list(text(500), 20),
  imageIds: list(text(100), 20),
  extractionFailed: boolean,
  reviewed: boolean,
  marketEstimate: optional(nullable(shape({ value: text(50), basis: text(300) }))),
}) satisfies Reader<DraftComic>;

const storedDraft = shape({
  comics: list(draftComic, 200),
  ownerId: withDefault(nullable(text(100)), null),
});

/** The draft as stored: the comics, and whose they are once a signed-in seller has seen them. */
export interface StoredDraft {
  comics: DraftComic[];
  /** The signed-in user the draft belongs to; null while it is a guest's. An id, never a token. */
  ownerId: string | null;
}

/** No draft. */
export const EMPTY_DRAFT: StoredDraft = { comics: [], ownerId: null };

/** The saved draft; an empty one when there is none or it cannot be read. */
export function loadDraft(storage: DraftStorage | null): StoredDraft {
  if (!storage) return EMPTY_DRAFT;
  try {
    const raw = storage.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return EMPTY_DRAFT;
    return readAs(storedDraft, JSON.parse(raw)) ?? EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Saves the draft (removes it when empty). Storage that is full or disabled only loses persistence, not the page. */
export function saveDraft(storage: DraftStorage | null, draft: StoredDraft): void {
  if (!storage) return;
  try {
    if (draft.comics.length === 0) storage.removeItem(DRAFT_STORAGE_KEY);
    else storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Private browsing or a full quota: the draft still works for this visit.
  }
}

/**
 * The draft as this visitor may see it. A guest's draft goes with them through sign-in and becomes
 * theirs; a draft another account left on a shared computer is dropped, not shown (its photos would
 * not load for this account, and its details are not this visitor's business).
 * `viewerId` is undefined while the account is still loading, null for a guest.
 */
export function draftForViewer(draft: StoredDraft, viewerId: string | null | undefined): StoredDraft {
  if (!viewerId) return draft;
  if (draft.ownerId === viewerId) return draft;
  if (draft.ownerId !== null) return { comics: [], ownerId: viewerId };
  return { ...draft, ownerId: viewerId };
}

/** The browser's localStorage, or null where it is unavailable (disabled cookies make it throw). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
