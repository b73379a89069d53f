// A comic in the seller's draft on /sell: what the label reader filled in, as the seller edits it.
// Edited fields are kept as the text the seller typed (a grade of '9.' mid-typing must survive);
// they are converted and validated against the shared comic schema only on Save and on submit.
import { CHECK_CONFIDENCE } from '../../../../shared/confidence-bars';
import { GRADERS, type Grader } from '../../../../shared/graders';
import { parseMoneyToCents } from '../../../../shared/money';
import { randomId } from './random-id';
import { marketEstimateFromExtraction, type MarketEstimateNote } from './estimate-basis';

/** The note the spec puts on a blank entry when the label could not be read. */
export const EXTRACTION_FAILED_NOTE = 'Extraction failed - please enter details manually';

/**
 * Fields the seller can edit on a comic card: the spec's seven (title, issue number, publisher, CGC grade,
 * certification number, estimated value, notes) plus the year and variant, because the spec also says the
 * seller "can correct every detail" the reader filled in, and a misread variant must not go to the dealer.
 */
export const EDITABLE_FIELDS = [
  'title',
  'issueNumber',
  'publisher',
  'publicationYear',
  'variant',
  'cgcGrade',
  'cgcCertNumber',
  'estimatedValue',
  'notes',
] as const;
/** One editable field. */
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The editable fields' values, as typed. */
export type ComicFields = Record<EditableField, string>;

/** A comic in the draft. */
export interface DraftComic extends ComicFields {
  /** Client-generated at creation (spec section 3). */
  id: string;
  keyIssue: boolean | null;
  /** Overall confidence 0..1 ('Extracted with N% confidence'); 0 for a blank entry. */
  confidence: number;
  /** Per-field confidence 0..1 from the reader; fields it did not report are absent. */
  fieldConfidence: Partial<Record<string, number>>;
  /** The reader's remarks (e.g. barcode and text disagree), shown to help the seller check. */
  readerNotes: string[];
  /** Extra label details shown read-only (grader, label type, page quality, key comments). */
  labelDetails: Partial<Record<'grader' | 'labelType' | 'pageQuality' | 'keyComments', string>>;
  imageUrls: string[];
  /** Ids of the uploaded photos, so the server can attach them on submit. */
  imageIds: string[];
  /** Set when the label could not be read: the entry was added blank. */
  extractionFailed: boolean;
  /** The seller has saved the card, so the reader's doubts no longer need flagging. */
  reviewed: boolean;
  /** The market value the reader's response gave, with what it is based on (see estimate-basis.tsx). */
  marketEstimate?: MarketEstimateNote | null | undefined;
}

/** Field names as the seller sees them. */
export const FIELD_LABELS: Record<EditableField, string> = {
  title: 'Title',
  issueNumber: 'Issue Number',
  publisher: 'Publisher',
  cgcGrade: 'CGC Grade',
  cgcCertNumber: 'Certification Number',
  estimatedValue: 'Estimated Value',
  notes: 'Notes',
  publicationYear: 'Year',
  variant: 'Variant',
};

/** Placeholders of the edit form ('$0.00' for the value is the spec's). */
export const FIELD_PLACEHOLDERS: Record<EditableField, string> = {
  title: 'e.g. Amazing Spider-Man',
  issueNumber: 'e.g. 300',
  publisher: 'e.g. Marvel Comics',
  publicationYear: 'e.g. 1984',
  variant: 'e.g. Newsstand Edition',
  cgcGrade: 'e.g. 9.8',
  cgcCertNumber: 'e.g. 4526002001',
  estimatedValue: '$0.00',
  notes: 'Anything we should know: signatures, pressing, damage to the case...',
};

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function optionalText(value: unknown): string | null {
  const result = text(value);
  return result === '' ? null : result;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function clampConfidence(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

/** A grade as the edit field shows it: 9 -> '9.0', 9.8 -> '9.8' (labels always print one decimal). */
export function gradeText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return value.toFixed(1);
  return text(value);
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * A draft comic from the extraction response's `data` (spec section 3 "Extraction response" plus the
 * reader's extras). Read defensively: whatever the server leaves out becomes a blank field, not a crash.
 */
export function comicFromExtraction(data: unknown): DraftComic {
  const source = record(data);
  const fieldConfidence: Partial<Record<string, number>> = {};
  for (const [field, value] of Object.entries(record(source.fieldConfidence))) {
    if (typeof value === 'number' && Number.isFinite(value)) fieldConfidence[field] = clampConfidence(value);
  }
  // `notes` is the seller's free text on a blank entry, or the reader's list of remarks on a good read.
  const notes = typeof source.notes === 'string' ? source.notes : '';
  const readerNotes = stringList(source.notes);
  const labelDetails: DraftComic['labelDetails'] = {};
  for (const key of ['grader', 'labelType', 'pageQuality', 'keyComments'] as const) {
    const value = optionalText(source[key]);
    if (value) labelDetails[key] = value;
  }
  const year = source.publicationYear;
  const confidence = clampConfidence(source.confidence);
  const title = text(source.title);
  // The server answers 200 with the spec's blank entry when its reader fails; recognise that here.
  const extractionFailed = notes === EXTRACTION_FAILED_NOTE || (confidence === 0 && title === '');
  return {
    id: randomId(),
    title,
    issueNumber: text(source.issueNumber),
    publisher: text(source.publisher),
    cgcGrade: gradeText(source.cgcGrade),
    cgcCertNumber: text(source.cgcCertNumber),
    estimatedValue: text(source.estimatedValue),
    notes: extractionFailed && notes === '' ? EXTRACTION_FAILED_NOTE : notes,
    publicationYear: typeof year === 'number' && Number.isInteger(year) ? String(year) : '',
    variant: text(source.variant),
    keyIssue: typeof source.keyIssue === 'boolean' ? source.keyIssue : null,
    confidence,
    fieldConfidence,
    readerNotes,
    labelDetails,
    imageUrls: stringList(source.imageUrls),
    imageIds: stringList(source.imageIds),
    extractionFailed,
    reviewed: false,
    marketEstimate: marketEstimateFromExtraction(source),
  };
}

/** The spec's blank entry for a photo that could not be read at all (the upload itself failed). */
export function blankComic(): DraftComic {
  return comicFromExtraction({});
}

/**
 * Lines many labels leave out. When the reader found nothing there, that is most likely the answer
 * (most books have no variant), so an empty one is not flagged for checking.
 */
const OFTEN_ABSENT_ON_LABEL: ReadonlySet<EditableField> = new Set(['variant']);

/**
 * The fields of a comic that the reader was unsure of, in display order. Nothing is flagged once the
 * seller has saved the card (every field was in front of them), on a card they filled in by hand, or
 * for an often-absent line the reader found empty.
 */
export function lowConfidenceFields(comic: DraftComic): EditableField[] {
  if (comic.extractionFailed || comic.reviewed) return [];
  return EDITABLE_FIELDS.filter((field) => {
    const value = comic.fieldConfidence[field];
    // Under the bar the reader is calibrated to, a field is highlighted for the seller to check.
    if (value === undefined || value >= CHECK_CONFIDENCE) return false;
    return !(OFTEN_ABSENT_ON_LABEL.has(field) && comic[field].trim() === '');
  });
}

/** The reader's remarks while they still help: once the seller has saved the card they are answered. */
export function visibleReaderNotes(comic: DraftComic): string[] {
  return comic.reviewed || comic.extractionFailed ? [] : comic.readerNotes;
}

/** 'Extracted with N% confidence': the percentage, rounded. */
export function confidencePercent(comic: Pick<DraftComic, 'confidence'>): number {
  return Math.round(comic.confidence * 100);
}

/** The line under a card's title: the reader's confidence, or 'Entered by you' for a hand-filled card. */
export function sourceLine(comic: Pick<DraftComic, 'confidence' | 'extractionFailed'>): string {
  return comic.extractionFailed ? 'Entered by you' : `Extracted with ${confidencePercent(comic)}% confidence`;
}

/** The grading company of the comic's label, when the reader recognised it or the seller chose it. */
export function graderOf(comic: Pick<DraftComic, 'labelDetails'>): Grader | null {
  const grader = comic.labelDetails.grader;
  return (GRADERS as readonly string[]).includes(grader ?? '') ? (grader as Grader) : null;
}

/** The editable fields of a comic, for the edit form's starting values. */
export function editableFields(comic: DraftComic): ComicFields {
  return {
    title: comic.title,
    issueNumber: comic.issueNumber,
    publisher: comic.publisher,
    cgcGrade: comic.cgcGrade,
    cgcCertNumber: comic.cgcCertNumber,
    estimatedValue: comic.estimatedValue,
    notes: comic.notes,
    publicationYear: comic.publicationYear,
    variant: comic.variant,
  };
}

/** The name a comic goes by: "Wolverine #1", or "Comic 2" (its 1-based position) before a title is known. */
export function comicName(comic: Pick<DraftComic, 'title' | 'issueNumber'>, position: number): string {
  if (!comic.title) return `Comic ${position}`;
  return comic.issueNumber ? `${comic.title} #${comic.issueNumber}` : comic.title;
}

/** The draft's estimated total in cents, or null while no comic has a value (then no number is shown). */
export function estimatedTotalCents(comics: readonly Pick<DraftComic, 'estimatedValue'>[]): number | null {
  let total: number | null = null;
  for (const comic of comics) {
    const cents = parseMoneyToCents(comic.estimatedValue);
    if (cents !== null && cents > 0) total = (total ?? 0) + cents;
  }
  return total;
}
