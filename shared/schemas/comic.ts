// A comic as the seller submits it (spec section 3). The edit form holds typed text, the label reader
// gives numbers, the route needs clean values: the input side accepts both, the output side is clean
// (trimmed text, numbers, null for "none", money in integer cents).
import { z } from 'zod';
import { GRADERS, type Grader } from '../label-reading.js';
import { safeString } from './safe-text.js';
import { MAX_IMAGES_PER_COMIC, MAX_NOTES_LENGTH } from '../limits.js';
import { optionalMoneyAmountSchema } from './money.js';
import { CERT_NUMBER_PATTERNS } from '../cert-lookup.js';
import { CGC_GRADES, isCgcGrade, normalizeCertNumber } from '../comic-rules.js';

export { CGC_GRADES, isCgcGrade, normalizeCertNumber };

/** Length limits of the comic's text fields. */
export const COMIC_TEXT_LIMITS = {
  title: 200,
  issueNumber: 20,
  publisher: 100,
  variant: 200,
  certNumber: 20,
} as const;

/** Earliest publication year accepted (comic books as a format date from the 1930s; this leaves room). */
export const MIN_PUBLICATION_YEAR = 1900;

/** Messages for comic fields. */
export const COMIC_MESSAGES = {
  titleRequired: 'Please enter a title.',
  titleTooLong: `Titles can be at most ${COMIC_TEXT_LIMITS.title} characters.`,
  issueTooLong: `Issue numbers can be at most ${COMIC_TEXT_LIMITS.issueNumber} characters.`,
  publisherTooLong: `Publisher names can be at most ${COMIC_TEXT_LIMITS.publisher} characters.`,
  variantTooLong: `Variant descriptions can be at most ${COMIC_TEXT_LIMITS.variant} characters.`,
  notesTooLong: `Notes can be at most ${MAX_NOTES_LENGTH} characters.`,
  year: 'Please enter a four-digit publication year.',
  grade: 'Please enter a grade from the CGC scale, such as 9.8.',
  certNumber: 'Please enter a valid certification number.',
  confidence: 'Confidence must be between 0 and 1.',
  tooManyImages: `A comic can have at most ${MAX_IMAGES_PER_COMIC} photos.`,
} as const;

// Certification number formats, after trimming, removing inner spaces and upper-casing. Permissive on
// purpose (a seller types what the label shows), but a format has to be recognisable:
// - CGC: 10 digits (e.g. 4245413006); typed with a dash before the last three (4245413-006) it is
//   normalised to the 10 digits first.
// - CBCS: two digits, seven letters/digits, three digits (e.g. 21-2EC8B4A-002).
// - PGX: 6 to 9 digits (docs/decisions/0010: fewer than CGC's ten, so the staff's certificate link
//   and this rule agree on which company a number belongs to).
// The patterns are shared/cert-lookup.ts's, the ones the staff's certificate links use.
const CERT_PATTERNS: readonly RegExp[] = Object.values(CERT_NUMBER_PATTERNS);

/** True when the (normalised) certification number has a CGC, CBCS or PGX shape. */
export function isPlausibleCertNumber(value: string): boolean {
  const normalized = normalizeCertNumber(value);
  return CERT_PATTERNS.some((pattern) => pattern.test(normalized));
}

/** Each grader's certification number format, with the message that names it. */
export const CERT_FORMATS: Record<Grader, { pattern: RegExp; message: string }> = {
  CGC: {
    pattern: CERT_NUMBER_PATTERNS.CGC,
    message: 'CGC certification numbers have 10 digits, such as 4245413006.',
  },
  CBCS: {
    pattern: CERT_NUMBER_PATTERNS.CBCS,
    message: 'CBCS certification numbers look like 21-2EC8B4A-002.',
  },
  PGX: {
    pattern: CERT_NUMBER_PATTERNS.PGX,
    message: 'PGX certification numbers have 6 to 9 digits.',
  },
};

/**
 * Why a certification number does not fit the grader's format, or null when it fits (or is blank).
 * The one rule the edit form and the server both apply once the grader is known; without a grader
 * only the general shape (any of the three formats) is checked.
 */
export function certNumberProblem(
  value: string | null | undefined,
  grader: Grader | null | undefined,
): string | null {
  const normalized = value == null ? '' : normalizeCertNumber(value);
  if (normalized === '') return null;
  if (!grader) return isPlausibleCertNumber(normalized) ? null : COMIC_MESSAGES.certNumber;
  const format = CERT_FORMATS[grader];
  return format.pattern.test(normalized) ? null : format.message;
}

/** Text that may be left out: trimmed, max length, '' when absent. */
function optionalText(max: number, message: string) {
  return safeString()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((value) => value ?? '');
}

/** Text where empty means "none": trimmed, max length, null when blank or absent. */
function nullableText(max: number, message: string) {
  return safeString()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));
}

/** A number typed as text or given as a number; blank, null or absent read as null. NaN for unreadable text. */
function numberOrBlank() {
  return z
    .union([z.number(), safeString()])
    .nullable()
    .optional()
    .transform((value): number | null => {
      if (value == null) return null;
      if (typeof value === 'number') return value;
      const text = value.trim();
      if (text === '') return null;
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    });
}

/** The publication year: an integer from MIN_PUBLICATION_YEAR to next year (checked when validating), or null. */
export const publicationYearSchema = numberOrBlank().superRefine((year, ctx) => {
  if (year === null) return;
  const latest = new Date().getFullYear() + 1;
  if (!Number.isInteger(year) || year < MIN_PUBLICATION_YEAR || year > latest) {
    ctx.addIssue({ code: 'custom', message: COMIC_MESSAGES.year });
  }
});

/** The grade: a step of the 0.5-10.0 scale, or null when not given. */
export const cgcGradeSchema = numberOrBlank().refine(
  (grade) => grade === null || isCgcGrade(grade),
  COMIC_MESSAGES.grade,
);

/** The certification number: normalised, or null when blank; must look like a CGC, CBCS or PGX number. */
export const cgcCertNumberSchema = safeString()
  .max(40, COMIC_MESSAGES.certNumber)
  .nullable()
  .optional()
  .transform((value, ctx) => {
    const normalized = value == null ? '' : normalizeCertNumber(value);
    if (normalized === '') return null;
    if (!isPlausibleCertNumber(normalized)) {
      ctx.addIssue({ code: 'custom', message: COMIC_MESSAGES.certNumber });
      return z.NEVER;
    }
    return normalized;
  });

/** One comic as the seller submits it. Output: trimmed text, numbers, null for none, estimatedValue in cents. */
export const comicInputSchema = z
  .object({
    title: safeString()
      .trim()
      .min(1, { error: COMIC_MESSAGES.titleRequired, abort: true })
      .max(COMIC_TEXT_LIMITS.title, COMIC_MESSAGES.titleTooLong),
    issueNumber: optionalText(COMIC_TEXT_LIMITS.issueNumber, COMIC_MESSAGES.issueTooLong),
    publisher: optionalText(COMIC_TEXT_LIMITS.publisher, COMIC_MESSAGES.publisherTooLong),
    publicationYear: publicationYearSchema,
    cgcGrade: cgcGradeSchema,
    cgcCertNumber: cgcCertNumberSchema,
    variant: nullableText(COMIC_TEXT_LIMITS.variant, COMIC_MESSAGES.variantTooLong),
    keyIssue: z
      .boolean()
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    notes: optionalText(MAX_NOTES_LENGTH, COMIC_MESSAGES.notesTooLong),
    /** The label reader's overall confidence, 0..1 (0 for a blank entry). */
    confidence: z.number().min(0, COMIC_MESSAGES.confidence).max(1, COMIC_MESSAGES.confidence).default(0),
    /** Typed money text ('$1,234.50') in; integer cents (or null) out. */
    estimatedValue: optionalMoneyAmountSchema,
    /** Ids of photos uploaded earlier (POST /api/extract-comic-data), attached to the comic on submit. */
    imageIds: z.array(z.uuid()).max(MAX_IMAGES_PER_COMIC, COMIC_MESSAGES.tooManyImages).default([]),
    /** The grading company whose label it is; when given, the certification number must be in its format. */
    grader: z.enum(GRADERS).nullable().optional(),
  })
  .superRefine((comic, ctx) => {
    const problem = certNumberProblem(comic.cgcCertNumber, comic.grader);
    if (problem) ctx.addIssue({ code: 'custom', path: ['cgcCertNumber'], message: problem });
  });

/** A comic as the client sends it (typed text allowed). */
export type ComicInput = z.input<typeof comicInputSchema>;
/** A comic after validation: clean values, estimatedValue in cents. */
export type ComicValues = z.output<typeof comicInputSchema>;
