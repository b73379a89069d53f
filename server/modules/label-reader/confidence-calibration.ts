// Turns the reader's raw per-field confidences (OCR character probabilities times the parser's
// doubts) into calibrated ones: per field, a monotone step table fitted on the bench's readings of
// the dev photos and their phone-style variants (scripts/calibrate-labels.ts writes
// calibration-table.ts). The promise it keeps: a field at 0.8 or more was right at least 98% of
// the time on those photos. Fields the bench cannot score borrow the table of the field they come
// from (the date line's year, the grade's words, the key comments' key-issue flag); the header's
// grader and label kind are left as read.
import type { LabelField, LabelReading } from '../../../shared/label-reading.js';
import { CALIBRATION } from './calibration-table.js';
import { applyCalibration, type CalibrationStep } from './isotonic.js';

/** Which fitted table each field uses. */
const TABLE_OF: Partial<Record<LabelField, string>> = {
  title: 'title',
  issueNumber: 'issueNumber',
  publisher: 'publisher',
  publicationYear: 'publicationYear',
  labelDate: 'publicationYear',
  cgcGrade: 'cgcGrade',
  gradeWords: 'cgcGrade',
  cgcCertNumber: 'cgcCertNumber',
  variant: 'variant',
  pageQuality: 'pageQuality',
  keyIssue: 'keyIssue',
  keyComments: 'keyIssue',
};

/** Weights of the fields in the overall confidence (the ones a seller most needs right). */
const OVERALL_WEIGHTS: Partial<Record<LabelField, number>> = {
  title: 3,
  issueNumber: 2,
  publisher: 1,
  cgcGrade: 3,
  cgcCertNumber: 3,
  publicationYear: 1,
};

/**
 * A reading's overall confidence: its fields' confidences weighted by OVERALL_WEIGHTS (a field
 * without one counts 0), to two decimals. The pipeline gives it from the raw confidences, and
 * `calibrateReading` again from the calibrated ones.
 */
export function overallConfidence(fieldConfidence: Partial<Record<LabelField, number>>): number {
  let weighted = 0;
  let total = 0;
  for (const [field, weight] of Object.entries(OVERALL_WEIGHTS) as [LabelField, number][]) {
    weighted += (fieldConfidence[field] ?? 0) * weight;
    total += weight;
  }
  return Math.round((weighted / total) * 100) / 100;
}

/** Calibrated confidence of one field's raw confidence. */
export function calibrateField(
  field: LabelField,
  raw: number,
  tables: Readonly<Record<string, readonly CalibrationStep[]>> = CALIBRATION,
): number {
  const name = TABLE_OF[field];
  const table = name ? tables[name] : undefined;
  if (!table) return raw;
  return applyCalibration(table, raw);
}

/** The reading with calibrated field confidences and the overall confidence recomputed from them. */
export function calibrateReading(
  reading: LabelReading,
  tables: Readonly<Record<string, readonly CalibrationStep[]>> = CALIBRATION,
): LabelReading {
  const fieldConfidence: LabelReading['fieldConfidence'] = {};
  for (const [field, raw] of Object.entries(reading.fieldConfidence) as [LabelField, number][]) {
    fieldConfidence[field] = Math.round(calibrateField(field, raw, tables) * 100) / 100;
  }
  return { ...reading, fieldConfidence, confidence: overallConfidence(fieldConfidence) };
}
