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
}) satisfies z.ZodType<DraftComic>;

const storedDraftSchema = z.object({ comics: z.array(draftComicSchema).max(200) });

/** The saved draft's comics; an empty list when there is none or it cannot be read. */
export function loadDraft(storage: DraftStorage | null): DraftComic[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return [];
    const parsed = storedDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.comics : [];
  } catch {
    return [];
  }
}

/** Saves the draft (removes it when empty). Storage that is full or disabled only loses persistence, not the page. */
export function saveDraft(storage: DraftStorage | null, comics: readonly DraftComic[]): void {
  if (!storage) return;
  try {
    if (comics.length === 0) storage.removeItem(DRAFT_STORAGE_KEY);
    else storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ comics }));
  } catch {
    // Private browsing or a full quota: the draft still works for this visit.
  }
}

/** The browser's localStorage, or null where it is unavailable (disabled cookies make it throw). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
