// How a reading is scored against the grading company's record of a dev photo: each field after
// the normalisation the product applies. Shared by the bench, the parser evaluation and the
// calibration script, so all three count "right" the same way.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  normaliseCertNumber,
  normaliseGrade,
  normaliseIssueNumber,
  normalisePublisher,
  normaliseText,
  normaliseTitle,
} from '../server/modules/label-reader/field-normalisation.js';
import { isKeyComment } from '../server/modules/label-reader/validators.js';
import type { LabelReading } from '../shared/label-reading.js';

/**
 * The folder of photos and truth.json the label benches read: `given` (the command line's), else
 * LABEL_BENCH_DIR, else the dev set beside the repository (../shared/data/slabs-dev).
 */
export function benchDir(given: string | undefined): string {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  return path.resolve(
    given ?? process.env.LABEL_BENCH_DIR ?? path.join(repoRoot, '..', 'shared', 'data', 'slabs-dev'),
  );
}

/** The truth.json rows of the photo folder `dir`. */
export async function readTruth(dir: string): Promise<TruthRow[]> {
  return JSON.parse(await readFile(path.join(dir, 'truth.json'), 'utf8')) as TruthRow[];
}

/** One row of the dev set's truth.json. */
export interface TruthRow {
  file: string;
  title: string;
  issueNumber: string;
  publisher: string;
  labelDate: string | null;
  year: number | null;
  grade: number;
  pageQuality: string | null;
  certNumber: string;
  variant: string | null;
  keyNotes: string | null;
}

/** The scored fields: expected and read value, normalised. */
const FIELDS: Record<string, (row: TruthRow, reading: LabelReading | null) => [unknown, unknown]> = {
  title: (row, r) => [normaliseTitle(row.title), normaliseTitle(r?.title)],
  // The title with its word breaks: catches words run together ('Legionof'), which the title
  // key above forgives.
  titleWords: (row, r) => [titleWords(row.title), titleWords(r?.title)],
  issueNumber: (row, r) => [normaliseIssueNumber(row.issueNumber), normaliseIssueNumber(r?.issueNumber)],
  publisher: (row, r) => [normalisePublisher(row.publisher), normalisePublisher(r?.publisher)],
  // The record says 1900 for books whose label reads "No Date".
  publicationYear: (row, r) => [row.year === 1900 ? null : row.year, r?.publicationYear ?? null],
  cgcGrade: (row, r) => [normaliseGrade(row.grade), normaliseGrade(r?.cgcGrade)],
  cgcCertNumber: (row, r) => [normaliseCertNumber(row.certNumber), normaliseCertNumber(r?.cgcCertNumber)],
  variant: (row, r) => [normaliseText(row.variant), normaliseText(r?.variant)],
  pageQuality: (row, r) => [normaliseText(row.pageQuality), normaliseText(r?.pageQuality)],
  keyIssue: (row, r) => [isKeyComment(row.keyNotes ?? ''), r?.keyIssue ?? null],
};

/** A title's words: lower case, hyphens, dots and apostrophes dropped, other punctuation a break. */
export function titleWords(title: string | null | undefined): string {
  return (title ?? '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The reading's field whose confidence a scored field carries (titleWords is the title's). */
export function confidenceField(field: string): string {
  return field === 'titleWords' ? 'title' : field;
}

/** The scored field names, in table order. */
export const SCORED_FIELDS = Object.keys(FIELDS);
/** The fields with a 95% aim. */
export const AIM_FIELDS = [
  'title',
  'issueNumber',
  'publisher',
  'cgcGrade',
  'cgcCertNumber',
  'publicationYear',
];

/** One field of one reading, scored. */
export interface FieldResult {
  field: string;
  expected: unknown;
  actual: unknown;
  right: boolean;
}

/** Scores every field of a reading (null: the read failed, every field counts as unread). */
export function compareFields(row: TruthRow, reading: LabelReading | null): FieldResult[] {
  return Object.entries(FIELDS).map(([field, compare]) => {
    const [expected, actual] = compare(row, reading);
    return { field, expected, actual, right: expected === actual };
  });
}

/** One field of one photo as `npm run bench:labels -- --record FILE` writes it. */
export interface RecordedField {
  field: string;
  raw: number;
  right: boolean;
  /** The photo is at least `LARGE_PHOTO_WIDTH` px wide (the aim counts only those). */
  large: boolean;
  file: string;
}

/** Photos at least this wide are the ones the 95% aim is measured on. */
export const LARGE_PHOTO_WIDTH = 450;

/** The q-quantile (0..1) of `values`: the value at floor(q x n) once sorted, the largest for q = 1. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const CALIBRATION_BANDS: [number, number][] = [
  [0, 0.5],
  [0.5, 0.8],
  [0.8, 1.01],
];

/** Prints, per scored field, how often it was right in each band of calibrated confidence. */
export function printCalibrationBands(
  rows: readonly { field: string; calibrated: number; right: boolean; large: boolean }[],
): void {
  const bands = (of: typeof rows) =>
    CALIBRATION_BANDS.map(([lo, hi]) => {
      const inBand = of.filter((r) => r.calibrated >= lo && r.calibrated < hi);
      const right = inBand.filter((r) => r.right).length;
      const text = inBand.length
        ? `${right}/${inBand.length} ${((100 * right) / inBand.length).toFixed(0)}%`
        : '-';
      return text.padStart(12);
    }).join('');
  console.log(
    `calibration: fields right per band of calibrated confidence (all photos | photos >= ${LARGE_PHOTO_WIDTH} px)`,
  );
  console.log('field                   <0.5     0.5-0.8       >=0.8  |        <0.5     0.5-0.8       >=0.8');
  for (const field of SCORED_FIELDS) {
    const of = rows.filter((r) => r.field === field);
    console.log(`${field.padEnd(16)}${bands(of)}  |${bands(of.filter((r) => r.large))}`);
  }
}
