// Title snapping against the dealer's price guide: the pure decision, and the lookup on a real
// database (PGlite, or PostgreSQL with DATABASE_URL) with guide rows written through the
// valuation module's own upsert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelReading } from '../../../shared/label-reading.js';
import { titleKey } from '../../../shared/valuation/normalise.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { guideRow, labelReading } from '../../test/factories.js';
import { titleSlipNote } from '../label-reader/title-slips.js';
import { titleRepairNote } from '../label-reader/title-words.js';
import { upsertGuideRows } from '../valuation/price-guide-repository.js';
import { closestGuideTitle, snapTitleToGuide, type GuideTitle } from './title-snap.js';

const guide = (title: string, sameIssue = true): GuideTitle => ({
  title,
  titleKey: titleKey(title),
  sameIssue,
});

describe('closestGuideTitle', () => {
  it('puts back word breaks whatever the letters', () => {
    expect(closestGuideTitle('Legionof Super-Heroes', [guide('Legion of Super-Heroes')])?.title).toBe(
      'Legion of Super-Heroes',
    );
    expect(closestGuideTitle('Talesof Suspense', [guide('Tales of Suspense', false)])?.title).toBe(
      'Tales of Suspense',
    );
  });

  it('fixes one misread letter on a long title the guide has with this issue', () => {
    expect(
      closestGuideTitle('Vengeance of the Moon Knlght', [guide('Vengeance of the Moon Knight')])?.title,
    ).toBe('Vengeance of the Moon Knight');
    // Not when the guide has that title only with other issues.
    expect(
      closestGuideTitle('Vengeance of the Moon Knlght', [guide('Vengeance of the Moon Knight', false)]),
    ).toBeNull();
  });

  it('never swaps in another series or changes short titles by letters', () => {
    expect(closestGuideTitle('Batgirls', [guide('Batgirl')])).toBeNull();
    expect(closestGuideTitle('Spider-Boy', [guide('Spider-Man')])).toBeNull();
    expect(closestGuideTitle('Ultimate Invasion', [guide('Ultimate X-Men')])).toBeNull();
    // An exact title needs no snap even when a near one exists.
    expect(closestGuideTitle('Avengers', [guide('Avengers'), guide('Avenger')])).toBeNull();
  });
});

describe('snapTitleToGuide on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await upsertGuideRows(t.database.db, [
      guideRow({ title: 'Legion of Super-Heroes', issue: '1', publisher: 'DC Comics' }, 1),
      guideRow({ title: 'Batman', issue: '1', publisher: 'DC Comics' }, 2),
      guideRow({ title: 'Female Force: Taylor Swift', issue: '1', publisher: 'TidalWave Comics' }, 3),
    ]);
  });
  afterAll(() => t.close());

  const reading = (title: string): LabelReading =>
    labelReading({
      title,
      issueNumber: '1',
      publisher: 'DC Comics',
      publicationYear: 2023,
      cgcGrade: 9.8,
      cgcCertNumber: '4350046014',
      keyIssue: false,
      confidence: 0.9,
      labelDate: '1/23',
      labelType: 'Universal',
      grader: 'CGC',
      fieldConfidence: { title: 0.9 },
    });

  it('snaps a near-miss title and says so in the notes', async () => {
    const snapped = await snapTitleToGuide(t.database.db, reading('Legionof Super-Heroes'));
    expect(snapped.title).toBe('Legion of Super-Heroes');
    expect(snapped.notes.join(' ')).toMatch(/price guide.*Legionof Super-Heroes/);
  });

  it("drops the reader's doubt about a misread word once the guide's title replaces it", async () => {
    const read = reading('Female Force: Taylor Switt');
    read.notes = [titleSlipNote({ read: 'Switt', word: 'swift' }), 'Low-resolution photo: please check.'];
    const snapped = await snapTitleToGuide(t.database.db, read);
    expect(snapped.title).toBe('Female Force: Taylor Swift');
    expect(snapped.notes).toEqual([
      'Low-resolution photo: please check.',
      'Title matched to the price guide: "Female Force: Taylor Swift" (the label read "Female Force: Taylor Switt").',
    ]);
  });

  it("drops the reader's note on a word it put right once the guide's title replaces it", async () => {
    // The reader's repair of one word is moot once the guide's title replaces the whole title.
    const read = reading('Legionof Super-Heroes');
    read.notes = [titleRepairNote({ read: 'Heroez', word: 'Heroes', cost: 0.4 })];
    const snapped = await snapTitleToGuide(t.database.db, read);
    expect(snapped.notes).toEqual([
      'Title matched to the price guide: "Legion of Super-Heroes" (the label read "Legionof Super-Heroes").',
    ]);
  });

  it('leaves an exact or unknown title as read', async () => {
    expect((await snapTitleToGuide(t.database.db, reading('Batman'))).title).toBe('Batman');
    const unknown = await snapTitleToGuide(t.database.db, reading('Transformers'));
    expect(unknown.title).toBe('Transformers');
    expect(unknown.notes).toEqual([]);
  });
});
