// Keeps the /sell draft in localStorage so it survives the sign-in round trip (a full-page redirect
// to the identity provider and back) and a reload. Only the draft lives there: comics and the ids of
// their uploaded photos, never a token or anything about the account.
import { z } from 'zod';
import type { DraftComic } from './draft-comic';

/** The localStorage key; the version lets a later shape ignore an old draft instead of misreading it. */
export const DRAFT_STORAGE_KEY = 'sell-draft:v1';

/** The part of the Storage API the draft needs (a fake in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Storage is input like any other: another tab, an older build or the seller's own tinkering may have
// written it. Anything that does not match is dropped rather than trusted.
const confidence = z.number().min(0).max(1);
const draftComicSchema = z.object({
  id: z.string().min(1).max(100),
  title: z.string().max(500),
  issueNumber: z.string().max(100),
  publisher: z.string().max(200),
  cgcGrade: z.string().max(20),
  cgcCertNumber: z.string().max(100),
  estimatedValue: z.string().max(50),
  notes: z.string().max(5000),
  publicationYear: z.string().max(20),
  variant: z.string().max(500),
  keyIssue: z.boolean().nullable(),
  confidence,
  fieldConfidence: z.record(z.string(), confidence),
  readerNotes: z.array(z.string().max(1000)).max(50),
  labelDetails: z.object({
    grader: z.string().max(100).optional(),
    labelType: z.string().max(100).optional(),
    pageQuality: z.string().max(100).optional(),
    keyComments: z.string().max(2000).optional(),
  }),
  imageUrls: z.array(z.string().max(500)).max(20),
  imageIds: z.array(z.string().max(100)).max(20),
  extractionFailed: z.boolean(),
  reviewed: z.boolean(),
  marketEstimate: z.object({ value: z.string().max(50), basis: z.string().max(300) }).nullish(),
}) satisfies z.ZodType<DraftComic>;

const storedDraftSchema = z.object({
  comics: z.array(draftComicSchema).max(200),
  ownerId: z.string().max(100).nullable().default(null),
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
    const parsed = storedDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_DRAFT;
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
