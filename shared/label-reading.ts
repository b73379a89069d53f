// What the slab-label reader returns for one photo: the spec's extraction fields (section 3,
// "Extraction response", minus imageUrls/estimatedValue which the route adds) plus the extras the
// label carries, each with its own confidence so the /sell page can highlight fields to check.
import { z } from 'zod';
import { GRADERS } from './graders.js';

// The graders live in a zod-free module the seller's page can load alone; re-exported for everyone else.
export { GRADERS };
export type { Grader } from './graders.js';

/** Label kinds (the label's colour and header: blue Universal, yellow Signature Series, ...). */
export const LABEL_TYPES = ['Universal', 'Signature Series', 'Qualified', 'Restored'] as const;
/** One label kind. */
export type LabelType = (typeof LABEL_TYPES)[number];

/** The fields that carry a per-field confidence. */
export const LABEL_FIELDS = [
  'title',
  'issueNumber',
  'publisher',
  'publicationYear',
  'cgcGrade',
  'cgcCertNumber',
  'variant',
  'keyIssue',
  'labelDate',
  'gradeWords',
  'pageQuality',
  'keyComments',
  'labelType',
  'grader',
] as const;
/** One field with a confidence. */
export type LabelField = (typeof LABEL_FIELDS)[number];

/** A 0..1 confidence. */
const confidence = z.number().min(0).max(1);

/** Schema of one label reading. */
export const labelReadingSchema = z.object({
  /** Series title as printed on the label, e.g. "Amazing Spider-Man". Empty when unread. */
  title: z.string(),
  /** Issue number as printed after '#': "19", "1000", "nn" (no number), "Annual 1". Empty when unread. */
  issueNumber: z.string(),
  /** Publisher as printed, e.g. "Marvel Comics", "Image/Skybound". Empty when unread. */
  publisher: z.string(),
  /** Cover year from the label's date line; null for "No Date" or unread. */
  publicationYear: z.number().int().min(1930).max(2100).nullable(),
  /** Numeric grade on the grader's 0.5-10.0 scale, e.g. 9.8. */
  cgcGrade: z.number().min(0.5).max(10).nullable(),
  /** Certification number: CGC 10 digits, CBCS like "21-2EC8B4A-002", PGX 7-10 digits. */
  cgcCertNumber: z.string().nullable(),
  /** Variant line, e.g. "Nakayama Variant Cover"; null when the label has none. */
  variant: z.string().nullable(),
  /** True when the key comments mark a first appearance, origin, death or similar. */
  keyIssue: z.boolean().nullable(),
  /** Overall confidence 0..1 (the spec's 'Extracted with N% confidence'). */
  confidence,
  /** The label's date line as printed: "11/24", "No Date". */
  labelDate: z.string().nullable(),
  /** Grade words when the label prints them (older labels), e.g. "NM/M". */
  gradeWords: z.string().nullable(),
  /** Page quality, upper case as printed: "WHITE", "OFF-WHITE TO WHITE". */
  pageQuality: z.string().nullable(),
  /** Key comments (right column), lines joined with newlines. */
  keyComments: z.string().nullable(),
  /** Label kind, when recognised. */
  labelType: z.enum(LABEL_TYPES).nullable(),
  /** Grading company, when recognised. */
  grader: z.enum(GRADERS).nullable(),
  /** Confidence of each field, 0..1 (the reader fills every field, 0 when not read; others may send a subset). */
  fieldConfidence: z.partialRecord(z.enum(LABEL_FIELDS), confidence),
  /** Value decoded from the label's barcode, null when it did not decode (common: bars blur through the plastic). */
  barcode: z.string().nullable(),
  /** Human-readable remarks: disagreements, guesses, what to check. */
  notes: z.array(z.string()),
});

/** One label reading. */
export type LabelReading = z.infer<typeof labelReadingSchema>;
