// Which fields of a submitted comic differ from what the label reader read on its photo, for staff:
// a seller may fix a misreading, or change a title, grade or certificate number the label does not
// say. Staff see each change as "edited by seller, read as: X" beside the field (issue 12).
import type { LabelReading } from './label-reading.js';
import { normalizeCertNumber } from './comic-rules.js';

/** The comic fields compared with the reading. */
export const READ_FIELDS = [
  'title',
  'issueNumber',
  'publisher',
  'publicationYear',
  'cgcGrade',
  'cgcCertNumber',
  'variant',
] as const;
/** One compared field. */
export type ReadField = (typeof READ_FIELDS)[number];

/** One field the seller changed, with what the reader read there ('' when it read nothing). */
export interface ReadingDifference {
  field: ReadField;
  read: string;
}

/** The comic as submitted, in the fields compared. */
export type SubmittedFields = {
  title: string;
  issueNumber: string;
  publisher: string;
  publicationYear: number | null;
  cgcGrade: number | null;
  cgcCertNumber: string | null;
  variant: string | null;
};

/** A value as text for comparing: trimmed, inner spaces collapsed, case ignored; '' when absent. */
function comparable(field: ReadField, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (field === 'cgcGrade') return typeof value === 'number' ? value.toFixed(1) : String(value).trim();
  if (field === 'cgcCertNumber') return normalizeCertNumber(String(value));
  return String(value).trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The reading's value as staff see it. */
function shown(field: ReadField, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (field === 'cgcGrade' && typeof value === 'number') return value.toFixed(1);
  return String(value).trim();
}

/** The fields where the submitted comic differs from the reading, in form order. */
export function readingDifferences(comic: SubmittedFields, reading: LabelReading): ReadingDifference[] {
  const differences: ReadingDifference[] = [];
  for (const field of READ_FIELDS) {
    if (comparable(field, comic[field]) !== comparable(field, reading[field])) {
      differences.push({ field, read: shown(field, reading[field]) });
    }
  }
  return differences;
}
