// Filling an unread publisher or year from the dealer's price guide: the pure decision, and the
// lookup on a real database (PGlite, or PostgreSQL with DATABASE_URL) with guide rows written
// through the valuation module's own upsert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUESS_CONFIDENCE } from '../../../shared/confidence-bars.js';
import type { LabelReading } from '../../../shared/label-reading.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { titlePublisherNote } from '../label-reader/title-publisher.js';
import { guideRow, labelReading } from '../../test/factories.js';
import { upsertGuideRows } from '../valuation/price-guide-repository.js';
import {
  fillFromGuide,
  guideDoubts,
  guideFill,
  GUIDE_FILL_CONFIDENCE,
  type GuideBookRow,
} from './guide-fill.js';

/** A phone photo's reading: title, issue and grade read, the publisher-and-date line not. */
const reading = (overrides: Partial<LabelReading> = {}): LabelReading =>
  labelReading({
    title: 'Amazing Spider-Man',
    issueNumber: '21',
    cgcGrade: 9.8,
    confidence: 0.7,
    labelType: 'Universal',
    grader: 'CGC',
    fieldConfidence: { title: 0.95, issueNumber: 0.95, publisher: 0, publicationYear: 0, labelDate: 0 },
    ...overrides,
  });

const row = (publisher: string, coverDate: string): GuideBookRow => ({ publisher, coverDate });

describe('guideFill', () => {
  it('takes the publisher and cover date the rows agree on', () => {
    const rows = [row('Marvel Comics', '4/23'), row('Marvel Comics', '4/23')];
    expect(guideFill(reading(), rows)).toEqual({ publisher: 'Marvel Comics', year: 2023, coverDate: '4/23' });
  });

  it('fills nothing the rows disagree on', () => {
    // Two publishers' books with this title and number (IDW's and Skybound's Transformers #1).
    const rows = [row('IDW Publishing', '9/84'), row('Image/Skybound', '10/23')];
    expect(guideFill(reading({ title: 'Transformers', issueNumber: '1' }), rows)).toEqual({
      publisher: null,
      year: null,
      coverDate: null,
    });
  });

  it("dates the book by the read publisher's rows only", () => {
    const rows = [row('IDW Publishing', '9/84'), row('Image/Skybound', '10/23')];
    const fill = guideFill(reading({ publisher: 'Image/Skybound' }), rows);
    expect(fill).toEqual({ publisher: null, year: 2023, coverDate: '10/23' });
  });

  it('matches publishers by key, and keeps the year when the rows write its date differently', () => {
    const rows = [row('Marvel Comics', '4/23'), row('Marvel', '04/23'), row('', '')];
    expect(guideFill(reading(), rows)).toEqual({ publisher: 'Marvel Comics', year: 2023, coverDate: null });
  });

  it('never replaces what the label gave surer than a guess', () => {
    const rows = [row('Marvel Comics', '4/23')];
    const read = reading({
      publisher: 'DC Comics',
      publicationYear: 2024,
      labelDate: '1/24',
      fieldConfidence: {
        title: 0.95,
        issueNumber: 0.95,
        publisher: 0.35,
        publicationYear: 0.35,
        labelDate: 0.35,
      },
    });
    expect(guideFill(read, rows)).toEqual({ publisher: null, year: null, coverDate: null });
  });

  it('replaces a publisher and year the reader only guessed when the rows say otherwise', () => {
    // A short name fitted to a blurred 'Marvel Comics, 4/23' (capped at 0.3), and the year guessed
    // from what the blurred date left (0.25).
    const rows = [row('Marvel Comics', '4/23')];
    const guessed = reading({
      publisher: 'Atlas',
      publicationYear: 2021,
      labelDate: null,
      fieldConfidence: {
        title: 0.95,
        issueNumber: 0.95,
        publisher: 0.3,
        publicationYear: 0.25,
        labelDate: 0,
      },
    });
    expect(guideFill(guessed, rows)).toEqual({ publisher: 'Marvel Comics', year: 2023, coverDate: '4/23' });
    // Guesses the rows agree with are taken from the guide too, as surer than the reader's guess.
    const agreeing = { ...guessed, publisher: 'Marvel Comics', publicationYear: 2023 };
    expect(guideFill(agreeing, rows)).toEqual({ publisher: 'Marvel Comics', year: 2023, coverDate: '4/23' });
  });

  it('fills nothing from rows without a publisher or a date it can read', () => {
    expect(guideFill(reading(), [row('', 'unknown')])).toEqual({
      publisher: null,
      year: null,
      coverDate: null,
    });
    expect(guideFill(reading(), [])).toEqual({ publisher: null, year: null, coverDate: null });
  });
});

/** A reading whose publisher and year were read with the given confidences. */
const readAt = (
  publisher: string,
  publisherConfidence: number,
  labelDate: string,
  year: number,
  yearConfidence: number,
): LabelReading =>
  reading({
    publisher,
    publicationYear: year,
    labelDate,
    fieldConfidence: {
      title: 0.95,
      issueNumber: 0.95,
      publisher: publisherConfidence,
      publicationYear: yearConfidence,
      labelDate: yearConfidence,
    },
  });

describe('guideDoubts', () => {
  const rows = [row('Marvel Comics', '4/23')];

  it("gives the guide's value where it differs from one read unsure", () => {
    // A blurred '4/23' read as '4/21' with some confidence; a DC name read from a blurred line.
    expect(guideDoubts(readAt('Marvel Comics', 0.9, '4/21', 2021, 0.71), rows)).toEqual({
      publisher: null,
      date: '4/23',
    });
    expect(guideDoubts(readAt('DC Comics', 0.6, '4/23', 2023, 0.9), rows)).toEqual({
      publisher: 'Marvel Comics',
      date: null,
    });
  });

  it('says nothing where the values agree, were read sure, or only guessed (the fill takes those)', () => {
    expect(guideDoubts(readAt('Marvel', 0.6, '4/23', 2023, 0.6), rows)).toEqual({
      publisher: null,
      date: null,
    });
    expect(guideDoubts(readAt('DC Comics', 0.8, '4/21', 2021, 0.85), rows)).toEqual({
      publisher: null,
      date: null,
    });
    expect(guideDoubts(readAt('Atlas', 0.3, '4/21', 2021, 0.25), rows)).toEqual({
      publisher: null,
      date: null,
    });
  });

  it("compares the year among the read publisher's rows, and only when they agree on one", () => {
    const transformers = [row('IDW Publishing', '9/84'), row('Image/Skybound', '10/23')];
    const skybound = {
      ...readAt('Image/Skybound', 0.9, '10/21', 2021, 0.6),
      title: 'Transformers',
      issueNumber: '1',
    };
    expect(guideDoubts(skybound, transformers)).toEqual({ publisher: null, date: '10/23' });
    const twoDates = [row('Marvel Comics', '4/23'), row('Marvel Comics', '4/24')];
    expect(guideDoubts(readAt('Marvel Comics', 0.9, '4/21', 2021, 0.6), twoDates)).toEqual({
      publisher: null,
      date: null,
    });
  });
});

describe('fillFromGuide on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await upsertGuideRows(t.database.db, [
      guideRow(
        {
          title: 'Amazing Spider-Man',
          issue: '21',
          publisher: 'Marvel Comics',
          coverDate: '4/23',
          grade: 9.8,
        },
        1,
      ),
      guideRow(
        {
          title: 'Amazing Spider-Man',
          issue: '21',
          publisher: 'Marvel Comics',
          coverDate: '4/23',
          grade: 9.6,
        },
        2,
      ),
      guideRow(
        { title: 'Transformers', issue: '1', publisher: 'IDW Publishing', coverDate: '9/84', grade: 9.8 },
        3,
      ),
      guideRow(
        { title: 'Transformers', issue: '1', publisher: 'Image/Skybound', coverDate: '10/23', grade: 9.8 },
        4,
      ),
    ]);
    // 60 editions of one book, each with its own cover date: more than the lookup reads.
    await upsertGuideRows(
      t.database.db,
      Array.from({ length: 60 }, (_, i) =>
        guideRow(
          {
            title: 'Many Editions',
            issue: '1',
            publisher: 'Marvel Comics',
            variant: `Edition ${i}`,
            coverDate: `${(i % 12) + 1}/${10 + Math.floor(i / 12)}`,
          },
          10 + i,
        ),
      ),
    );
  });
  afterAll(() => t.close());

  it('fills an unread publisher and year, marked for checking, and says so in the notes', async () => {
    const filled = await fillFromGuide(t.database.db, reading());
    expect(filled.publisher).toBe('Marvel Comics');
    expect(filled.publicationYear).toBe(2023);
    expect(filled.labelDate).toBe('4/23');
    expect(filled.fieldConfidence).toMatchObject({
      publisher: GUIDE_FILL_CONFIDENCE,
      publicationYear: GUIDE_FILL_CONFIDENCE,
      labelDate: GUIDE_FILL_CONFIDENCE,
      title: 0.95,
    });
    expect(filled.notes.join(' ')).toMatch(/Publisher taken from the price guide \("Marvel Comics"\)/);
    expect(filled.notes.join(' ')).toMatch(/cover date \(4\/23\)/);
  });

  it('leaves the reading as it was when the guide does not know the book or cannot say', async () => {
    const unknown = reading({ title: 'Spider-Boy', issueNumber: '1' });
    expect(await fillFromGuide(t.database.db, unknown)).toEqual(unknown);
    const ambiguous = reading({ title: 'Transformers', issueNumber: '1' });
    expect(await fillFromGuide(t.database.db, ambiguous)).toEqual(ambiguous);
    // More editions than the lookup reads: nothing is judged from a sample, whose rows could all be
    // one publisher's while the rows left out name another.
    const many = reading({ title: 'Many Editions', issueNumber: '1' });
    expect(await fillFromGuide(t.database.db, many)).toEqual(many);
    // Another issue of a book the guide has is another book.
    const otherIssue = reading({ issueNumber: '22' });
    expect(await fillFromGuide(t.database.db, otherIssue)).toEqual(otherIssue);
  });

  it('replaces a guessed publisher and year, and says what was guessed', async () => {
    const guessed = reading({
      publisher: 'Atlas',
      publicationYear: 2021,
      labelDate: '4/21',
      fieldConfidence: {
        title: 0.95,
        issueNumber: 0.95,
        publisher: 0.3,
        publicationYear: 0.25,
        labelDate: 0.25,
      },
    });
    const filled = await fillFromGuide(t.database.db, guessed);
    expect(filled).toMatchObject({ publisher: 'Marvel Comics', publicationYear: 2023, labelDate: '4/23' });
    expect(filled.fieldConfidence).toMatchObject({
      publisher: GUIDE_FILL_CONFIDENCE,
      labelDate: GUIDE_FILL_CONFIDENCE,
    });
    expect(filled.notes.join(' ')).toMatch(/publisher line was read only as a guess \("Atlas"\)/);
    expect(filled.notes.join(' ')).toMatch(/date was read only as a guess \(2021\)/);
    // A guess the guide agrees with is confirmed, and the note says so.
    const agreeing = await fillFromGuide(t.database.db, { ...guessed, publisher: 'Marvel Comics' });
    expect(agreeing.fieldConfidence.publisher).toBe(GUIDE_FILL_CONFIDENCE);
    expect(agreeing.notes.join(' ')).toMatch(
      /Publisher taken from the price guide \("Marvel Comics"\): the label's blurred publisher line was only guessed as the same/,
    );
  });

  it("takes the guide's publisher over one guessed from the title, and drops the guess's note", async () => {
    const fromTitle = reading({
      publisher: 'Marvel Comics',
      fieldConfidence: { title: 0.95, issueNumber: 0.95, publisher: GUESS_CONFIDENCE },
      notes: [titlePublisherNote('Marvel Comics')],
    });
    const filled = await fillFromGuide(t.database.db, fromTitle);
    expect(filled.publisher).toBe('Marvel Comics');
    expect(filled.fieldConfidence.publisher).toBe(GUIDE_FILL_CONFIDENCE);
    expect(filled.notes.filter((note) => /^Publisher/.test(note))).toEqual([
      'Publisher taken from the price guide ("Marvel Comics"): the label\'s publisher line could not be read. Please check it.',
    ]);
  });

  it('fills only what is missing and needs a title and issue to look up', async () => {
    const dated = await fillFromGuide(
      t.database.db,
      reading({
        publicationYear: 2024,
        labelDate: '4/24',
        fieldConfidence: {
          title: 0.95,
          issueNumber: 0.95,
          publisher: 0,
          publicationYear: 0.7,
          labelDate: 0.7,
        },
      }),
    );
    expect(dated.publicationYear).toBe(2024);
    expect(dated.publisher).toBe('Marvel Comics');
    // The year read unsure is kept; the guide's other date is noted beside the publisher's fill.
    expect(dated.fieldConfidence.publicationYear).toBe(0.7);
    expect(dated.notes).toHaveLength(2);
    expect(dated.notes[1]).toBe(
      "The price guide's cover date for this book is 4/23; the label's date was read as 4/24. Please check it.",
    );
    const noIssue = reading({ issueNumber: '' });
    expect(await fillFromGuide(t.database.db, noIssue)).toEqual(noIssue);
  });

  it("notes the guide's values beside values read unsure, and changes none of them", async () => {
    const unsure = readAt('DC Comics', 0.6, '4/21', 2021, 0.71);
    const checked = await fillFromGuide(t.database.db, unsure);
    expect(checked).toEqual({
      ...unsure,
      notes: [
        'The price guide lists this book under "Marvel Comics"; the label\'s publisher line was read as "DC Comics". Please check it.',
      ],
    });
    // The year is compared among the read publisher's rows: the guide has no DC Amazing Spider-Man.
    const marvel = readAt('Marvel Comics', 0.6, '4/21', 2021, 0.71);
    expect((await fillFromGuide(t.database.db, marvel)).notes).toEqual([
      "The price guide's cover date for this book is 4/23; the label's date was read as 4/21. Please check it.",
    ]);
    // Values read sure are not looked up at all.
    const sure = readAt('DC Comics', 0.9, '4/21', 2021, 0.9);
    expect(await fillFromGuide(t.database.db, sure)).toEqual(sure);
  });
});
