import type { LabelReading } from '../../../shared/label-reading.js';
import { centsToInputValue } from '../../../shared/money.js';
import type { MarketEstimate } from '../../../shared/schemas/valuation.js';
import { imageUrl } from '../images/routes.js';

/** The spec's note on the blank entry made when the label could not be read. */
export const EXTRACTION_FAILED_NOTE = 'Extraction failed - please enter details manually';

/** The photo the response refers to. */
interface StoredPhoto {
  id: string;
}

/** The fields the spec's extraction response always carries (section 3), plus the photo ids. */
type ExtractionCore = Pick<
  LabelReading,
  | 'title'
  | 'issueNumber'
  | 'publisher'
  | 'publicationYear'
  | 'cgcGrade'
  | 'cgcCertNumber'
  | 'variant'
  | 'keyIssue'
  | 'confidence'
> & {
  imageUrls: string[];
  imageIds: string[];
  /** The market value from the price guide ('45.00'), or null when there is no market data. */
  estimatedValue: string | null;
  /** What the value rests on ('based on 6 sales in the last year'); null without a value. */
  estimateBasis: string | null;
};

/** A successful read: the core fields plus every extra the reader returned (notes is its remark list). */
export type ExtractionSuccess = ExtractionCore & Omit<LabelReading, keyof ExtractionCore>;

/** The spec's blank entry: empty fields, the failure note, confidence 0, and the stored photo. */
export type ExtractionBlank = ExtractionCore & { notes: string; fieldConfidence: Record<string, never> };

/** `data` of a successful read, with the stored photo and the market estimate (when there is one). */
export function extractionFromReading(
  reading: LabelReading,
  photo: StoredPhoto,
  estimate: MarketEstimate | null = null,
): ExtractionSuccess {
  const valued = estimate?.status === 'estimated' ? estimate : null;
  return {
    ...reading,
    imageUrls: [imageUrl(photo.id)],
    imageIds: [photo.id],
    estimatedValue: valued ? centsToInputValue(valued.valueCents) : null,
    estimateBasis: valued ? valued.basis : null,
  };
}

/** `data` when the reader could not read the label: the photo is kept, the seller types the fields. */
export function blankExtraction(photo: StoredPhoto): ExtractionBlank {
  return {
    title: '',
    issueNumber: '',
    publisher: '',
    publicationYear: null,
    cgcGrade: null,
    cgcCertNumber: null,
    variant: null,
    keyIssue: null,
    confidence: 0,
    notes: EXTRACTION_FAILED_NOTE,
    fieldConfidence: {},
    imageUrls: [imageUrl(photo.id)],
    imageIds: [photo.id],
    estimatedValue: null,
    estimateBasis: null,
  };
}
