// After the label is read (and its title matched to the price guide, title-snap.ts), a publisher or
// year the label did not give is taken from the dealer's imported price guide when the guide knows
// the book: its rows for the read title and issue name one publisher, or one cover date. On phone
// photos the publisher-and-date line is the label's smallest print and the one most often unread
// (issue 12), while the title and issue number above it are read; the dealer's own guide says what
// that line most likely says. The filled value is marked for the seller to check (confidence below
// the /sell page's 0.8) and a note says where it came from. Only values the label did not give are
// filled, or gave only as a guess (at GUESS_CONFIDENCE or less: a name fitted loosely to a blurred
// line, 'Atlas' for 'Marvel Comics, 8/23', or the two digits a blurred date left); a value the
// label gave surer than that is never replaced.
import { sql } from 'drizzle-orm';
import { GUESS_CONFIDENCE, type LabelReading } from '../../../shared/label-reading.js';
import { issueKey, publisherKey, titleKey } from '../../../shared/valuation/normalise.js';
import { queryRows, type Db } from '../../db/client.js';
import { yearFromLabelDate } from '../label-reader/validators.js';

/** What one price-guide row says about a book beyond its title and issue. */
export type GuideBookRow = {
  publisher: string;
  coverDate: string;
};

/** Confidence of a value taken from the guide: under the /sell page's 0.8, so the seller checks it. */
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

/**
 * The publisher and year the guide's rows give for a reading's book. The year comes from the rows
 * of the reading's publisher (read or filled) when it is known, so another publisher's edition of
 * the same title and number does not lend its date.
 */
export function guideFill(reading: LabelReading, rows: readonly GuideBookRow[]): GuideFill {
  const named = rows.filter((row) => publisherKey(row.publisher) !== '');
  const guidePublisher = single(named, (row) => publisherKey(row.publisher))?.publisher ?? null;
  const publisher =
    guidePublisher !== null && (reading.publisher === '' || publisherGuessed(reading))
      ? guidePublisher
      : null;
  const knownPublisher = publisherKey(publisher ?? reading.publisher);
  const sameBook = knownPublisher
    ? rows.filter((row) => publisherKey(row.publisher) === knownPublisher)
    : rows;
  const dated = sameBook
    .map((row) => row.coverDate.trim())
    .map((coverDate) => ({ coverDate, year: yearFromLabelDate(coverDate) }))
    .filter((row): row is { coverDate: string; year: number } => row.year !== null);
  const guideYear = single(dated, (row) => String(row.year))?.year ?? null;
  const year =
    guideYear !== null && (reading.publicationYear === null || yearGuessed(reading)) ? guideYear : null;
  const coverDate =
    year !== null && (reading.labelDate === null || yearGuessed(reading))
      ? (single(dated, (row) => row.coverDate)?.coverDate ?? null)
      : null;
  return { publisher, year, coverDate };
}

/** The reader gave a publisher, but only as a guess (GUESS_CONFIDENCE). */
function publisherGuessed(reading: LabelReading): boolean {
  return reading.publisher !== '' && (reading.fieldConfidence.publisher ?? 0) <= GUESS_CONFIDENCE;
}

/** The reader gave a year, but only as a guess (GUESS_CONFIDENCE). */
function yearGuessed(reading: LabelReading): boolean {
  return (
    reading.publicationYear !== null && (reading.fieldConfidence.publicationYear ?? 0) <= GUESS_CONFIDENCE
  );
}

/** The reading with the publisher and year it lacks filled in from the dealer's price guide, with notes. */
export async function fillFromGuide(db: Db, reading: LabelReading): Promise<LabelReading> {
  const publisherSettled = reading.publisher !== '' && !publisherGuessed(reading);
  const yearSettled = reading.publicationYear !== null && !yearGuessed(reading);
  if (publisherSettled && yearSettled) return reading;
  if (!reading.title || !reading.issueNumber) return reading;
  const rows = await findGuideBookRows(db, reading.title, reading.issueNumber);
  if (rows === null) return reading;
  const fill = guideFill(reading, rows);
  if (fill.publisher === null && fill.year === null) return reading;
  const next: LabelReading = {
    ...reading,
    fieldConfidence: { ...reading.fieldConfidence },
    notes: [...reading.notes],
  };
  if (fill.publisher !== null) {
    const why =
      reading.publisher === ''
        ? "the label's publisher line could not be read"
        : publisherKey(reading.publisher) === publisherKey(fill.publisher)
          ? "the label's blurred publisher line was only guessed as the same"
          : `the label's publisher line was read only as a guess ("${reading.publisher}")`;
    next.publisher = fill.publisher;
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
