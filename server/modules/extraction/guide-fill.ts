// After the label is read (and its title matched to the price guide, title-snap.ts), a publisher or
// year the label did not give is taken from the dealer's imported price guide when the guide knows
// the book: its rows for the read title and issue name one publisher, or one cover date. On phone
// photos the publisher-and-date line is the label's smallest print and the one most often unread
// (issue 12), while the title and issue number above it are read; the dealer's own guide says what
// that line most likely says. The filled value is marked for the seller to check (confidence below
// CHECK_CONFIDENCE) and a note says where it came from. Only values the label did not give are
// filled, or gave only as a guess (at GUESS_CONFIDENCE or less: a name fitted loosely to a blurred
// line, 'Atlas' for 'Marvel Comics, 8/23', or the two digits a blurred date left); a value the
// label gave surer than that is never replaced. A value read surer than a guess but not sure
// (already flagged for checking) that the guide's one value differs from keeps the label's reading,
// with a note giving the guide's: a blurred '4/23' reads as '4/21' with some confidence, but the
// guide's row may also be another volume of the same title and number.
import { sql } from 'drizzle-orm';
import { CHECK_CONFIDENCE, GUESS_CONFIDENCE } from '../../../shared/confidence-bars.js';
import type { LabelReading } from '../../../shared/label-reading.js';
import { issueKey, publisherKey, titleKey } from '../../../shared/valuation/normalise.js';
import { queryRows, type Db } from '../../db/client.js';
import { isTitlePublisherNote } from '../label-reader/title-publisher.js';
import { yearFromLabelDate } from '../label-reader/validators.js';

/** What one price-guide row says about a book beyond its title and issue. */
export type GuideBookRow = {
  publisher: string;
  coverDate: string;
};

/** Confidence of a value taken from the guide: under CHECK_CONFIDENCE, so the seller checks it. */
export const GUIDE_FILL_CONFIDENCE = 0.5;

/**
 * Distinct (publisher, cover date) pairs read at most: a book has a handful (variants, grades). A
 * book with more is not judged from a sample of them (the rows left out could name another publisher).
 */
const MAX_ROWS = 50;

/**
 * The guide's distinct publishers and cover dates for one title and issue, or null when it has more
 * than MAX_ROWS of them.
 */
export async function findGuideBookRows(
  db: Db,
  title: string,
  issue: string,
): Promise<GuideBookRow[] | null> {
  const titleMatch = titleKey(title);
  const issueMatch = issueKey(issue);
  if (titleMatch === '' || issueMatch === '') return [];
  const rows = await queryRows<GuideBookRow>(
    db,
    sql`select distinct publisher, cover_date as "coverDate"
        from price_guide_entries
        where title_key = ${titleMatch} and issue_key = ${issueMatch}
        limit ${MAX_ROWS + 1}`,
  );
  return rows.length > MAX_ROWS ? null : rows;
}

/** What the guide can fill in: each only when the rows agree on one value. */
export interface GuideFill {
  publisher: string | null;
  year: number | null;
  /** The cover date as the guide writes it ('9/23'), when its rows give one. */
  coverDate: string | null;
}

/** The one value all of `values` share (by `key`), or null when they disagree or there are none. */
function single<T>(values: readonly T[], key: (value: T) => string): T | null {
  const first = values[0];
  if (first === undefined) return null;
  return values.every((value) => key(value) === key(first)) ? first : null;
}

/** The one publisher the guide's rows name for a book, or null when they name none or several. */
function guidePublisher(rows: readonly GuideBookRow[]): string | null {
  const named = rows.filter((row) => publisherKey(row.publisher) !== '');
  return single(named, (row) => publisherKey(row.publisher))?.publisher ?? null;
}

/**
 * The one year the guide's rows give for a book, and its cover date when they also write it alike,
 * among the rows of `publisher` when it is known: another publisher's edition of the same title
 * and number does not lend its date.
 */
function guideDate(
  rows: readonly GuideBookRow[],
  publisher: string,
): { year: number | null; coverDate: string | null } {
  const knownPublisher = publisherKey(publisher);
  const sameBook = knownPublisher
    ? rows.filter((row) => publisherKey(row.publisher) === knownPublisher)
    : rows;
  const dated = sameBook
    .map((row) => row.coverDate.trim())
    .map((coverDate) => ({ coverDate, year: yearFromLabelDate(coverDate) }))
    .filter((row): row is { coverDate: string; year: number } => row.year !== null);
  const year = single(dated, (row) => String(row.year))?.year ?? null;
  const coverDate = year !== null ? (single(dated, (row) => row.coverDate)?.coverDate ?? null) : null;
  return { year, coverDate };
}

/**
 * The publisher and year the guide's rows give for a reading's book, where the reading lacks them
 * or only guessed them. The year comes from the rows of the reading's publisher (read or filled).
 */
export function guideFill(reading: LabelReading, rows: readonly GuideBookRow[]): GuideFill {
  const fromGuide = guidePublisher(rows);
  const publisher =
    fromGuide !== null && (reading.publisher === '' || guessed(reading, 'publisher')) ? fromGuide : null;
  const date = guideDate(rows, publisher ?? reading.publisher);
  const year =
    date.year !== null && (reading.publicationYear === null || guessed(reading, 'publicationYear'))
      ? date.year
      : null;
  const coverDate =
    year !== null && (reading.labelDate === null || guessed(reading, 'publicationYear'))
      ? date.coverDate
      : null;
  return { publisher, year, coverDate };
}

/** Where the guide's one value differs from a value read surer than a guess but not sure. */
export interface GuideDoubts {
  /** The guide's publisher, when it differs from the one read. */
  publisher: string | null;
  /** The guide's cover date (or year, when its rows write the date differently), when its year differs. */
  date: string | null;
}

/**
 * The guide's values that differ from a publisher or year the reader gave above GUESS_CONFIDENCE
 * but under CHECK_CONFIDENCE. The year is compared among the rows of the publisher as read.
 */
export function guideDoubts(reading: LabelReading, rows: readonly GuideBookRow[]): GuideDoubts {
  const fromGuide = guidePublisher(rows);
  const publisher =
    fromGuide !== null &&
    unsure(reading, 'publisher') &&
    publisherKey(fromGuide) !== publisherKey(reading.publisher)
      ? fromGuide
      : null;
  const { year, coverDate } = guideDate(rows, reading.publisher);
  const date =
    year !== null && unsure(reading, 'publicationYear') && year !== reading.publicationYear
      ? (coverDate ?? String(year))
      : null;
  return { publisher, date };
}

/** The fields the guide can speak to. */
type GuideField = 'publisher' | 'publicationYear';

/** The confidence the reader gave `field`, or null when it gave no value. */
function givenConfidence(reading: LabelReading, field: GuideField): number | null {
  const given = field === 'publisher' ? reading.publisher !== '' : reading.publicationYear !== null;
  return given ? (reading.fieldConfidence[field] ?? 0) : null;
}

/** The reader gave the field, but only as a guess (GUESS_CONFIDENCE or less). */
function guessed(reading: LabelReading, field: GuideField): boolean {
  const confidence = givenConfidence(reading, field);
  return confidence !== null && confidence <= GUESS_CONFIDENCE;
}

/** The reader gave the field surer than a guess, but not sure enough to pass unchecked. */
function unsure(reading: LabelReading, field: GuideField): boolean {
  const confidence = givenConfidence(reading, field);
  return confidence !== null && confidence > GUESS_CONFIDENCE && confidence < CHECK_CONFIDENCE;
}

/** The reader gave the field sure enough to pass unchecked. */
function sure(reading: LabelReading, field: GuideField): boolean {
  return (givenConfidence(reading, field) ?? 0) >= CHECK_CONFIDENCE;
}

/**
 * The reading with the publisher and year it lacks (or only guessed) filled in from the dealer's
 * price guide, and a note on each value read unsure that the guide gives otherwise.
 */
export async function fillFromGuide(db: Db, reading: LabelReading): Promise<LabelReading> {
  // Values read sure need nothing from the guide.
  if (sure(reading, 'publisher') && sure(reading, 'publicationYear')) return reading;
  if (!reading.title || !reading.issueNumber) return reading;
  const rows = await findGuideBookRows(db, reading.title, reading.issueNumber);
  if (rows === null) return reading;
  const filled = withFill(reading, guideFill(reading, rows));
  // After the fill: a year is then compared among the rows of the publisher filled in.
  const doubts = guideDoubts(filled, rows);
  const notes: string[] = [];
  if (doubts.publisher !== null)
    notes.push(
      `The price guide lists this book under "${doubts.publisher}"; the label's publisher line was read as "${filled.publisher}". Please check it.`,
    );
  if (doubts.date !== null)
    notes.push(
      `The price guide's cover date for this book is ${doubts.date}; the label's date was read as ${filled.labelDate ?? filled.publicationYear}. Please check it.`,
    );
  return notes.length > 0 ? { ...filled, notes: [...filled.notes, ...notes] } : filled;
}

/** The reading with `fill`'s values taken, marked for checking, and a note on each. */
function withFill(reading: LabelReading, fill: GuideFill): LabelReading {
  if (fill.publisher === null && fill.year === null) return reading;
  const next: LabelReading = {
    ...reading,
    fieldConfidence: { ...reading.fieldConfidence },
    notes: [...reading.notes],
  };
  if (fill.publisher !== null) {
    // A publisher the reader guessed from the title: its note is moot once the guide speaks.
    const fromTitle = reading.notes.some(isTitlePublisherNote);
    const why =
      reading.publisher === '' || fromTitle
        ? "the label's publisher line could not be read"
        : publisherKey(reading.publisher) === publisherKey(fill.publisher)
          ? "the label's blurred publisher line was only guessed as the same"
          : `the label's publisher line was read only as a guess ("${reading.publisher}")`;
    next.publisher = fill.publisher;
    if (fromTitle) next.notes = next.notes.filter((note) => !isTitlePublisherNote(note));
    next.fieldConfidence.publisher = GUIDE_FILL_CONFIDENCE;
    next.notes.push(`Publisher taken from the price guide ("${fill.publisher}"): ${why}. Please check it.`);
  }
  if (fill.year !== null) {
    const why =
      reading.publicationYear === null
        ? "the label's date could not be read"
        : reading.publicationYear === fill.year
          ? "the label's blurred date was only guessed as the same"
          : `the label's date was read only as a guess (${reading.publicationYear})`;
    next.publicationYear = fill.year;
    next.fieldConfidence.publicationYear = GUIDE_FILL_CONFIDENCE;
    if (fill.coverDate !== null) {
      next.labelDate = fill.coverDate;
      next.fieldConfidence.labelDate = GUIDE_FILL_CONFIDENCE;
    } else if (reading.publicationYear !== null) {
      // A guessed date goes with its guessed year.
      next.labelDate = null;
      next.fieldConfidence.labelDate = 0;
    }
    next.notes.push(
      `Year taken from the price guide's cover date (${fill.coverDate ?? fill.year}): ${why}. Please check it.`,
    );
  }
  return next;
}
