// Variant snapping against the dealer's price guide: the pure decision, and the lookup on a real
// database (PGlite, or PostgreSQL with DATABASE_URL) with guide rows written through the valuation
// module's own upsert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { guideRow, labelReading } from '../../test/factories.js';
import { blurred, clean, matrixOf } from '../label-reader/fixtures/line-matrix.js';
import { upsertGuideRows } from '../valuation/price-guide-repository.js';
import { closestGuideVariant, snapVariantToGuide } from './variant-snap.js';

describe('closestGuideVariant', () => {
  it("puts right an artist's name misread by a letter, or two on a long name", () => {
    // Readings of dev photos' variant lines (sessions 23-24).
    expect(closestGuideVariant('Chlang Variant Cover', ['Chiang Variant Cover', 'Variant Cover B'])).toBe(
      'Chiang Variant Cover',
    );
    expect(closestGuideVariant('Vecdhio Virgin Variant', ['Vecchio Virgin Variant'])).toBe(
      'Vecchio Virgin Variant',
    );
    expect(closestGuideVariant('Campbcll Virgin Edition', ['Campbell Virgin Edition'])).toBe(
      'Campbell Virgin Edition',
    );
    expect(closestGuideVariant('Kirkhamm Variant Cover', ['Kirkham Variant Cover'])).toBe(
      'Kirkham Variant Cover',
    );
  });

  it('never changes the wording around the name, an edition letter or a short name', () => {
    // Virgin and trade-dress covers are different books.
    expect(closestGuideVariant('Chiang Variant Cover', ['Chiang Virgin Cover'])).toBeNull();
    expect(closestGuideVariant('Variant Cover F', ['Variant Cover E'])).toBeNull();
    expect(closestGuideVariant('Lee Variant Cover', ['Lim Variant Cover'])).toBeNull();
    // A name read too far off ('Medke' for Momoko) is left for the seller.
    expect(closestGuideVariant('Medke Variant Cover', ['Momoko Variant Cover'])).toBeNull();
    // Another word count is another variant line.
    expect(closestGuideVariant('Chlang Variant', ['Chiang Variant Cover'])).toBeNull();
  });

  it('leaves a variant the guide has, or one two of its variants are as close to, as read', () => {
    expect(
      closestGuideVariant('Chiang Variant Cover', ['Chiang Variant Cover', 'Chlang Variant Cover']),
    ).toBeNull();
    expect(
      closestGuideVariant('Mayhew Variant Cover', ['Mayhev Variant Cover', 'Maybew Variant Cover']),
    ).toBeNull();
    expect(closestGuideVariant('Chlang Variant Cover', [])).toBeNull();
  });
});

describe('snapVariantToGuide on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await upsertGuideRows(t.database.db, [
      guideRow({ title: 'Transformers', issue: '1', publisher: 'Image Comics' }, 1),
      guideRow(
        { title: 'Transformers', issue: '1', publisher: 'Image Comics', variant: 'Chiang Variant Cover' },
        2,
      ),
      guideRow(
        { title: 'Transformers', issue: '1', publisher: 'Image Comics', variant: 'Variant Cover B' },
        3,
      ),
      guideRow(
        { title: 'Transformers', issue: '2', publisher: 'Image Comics', variant: 'Vecchio Variant Cover' },
        4,
      ),
    ]);
  });
  afterAll(() => t.close());

  const reading = (variant: string | null, issueNumber = '1') =>
    labelReading({
      title: 'Transformers',
      issueNumber,
      publisher: 'Image Comics',
      cgcGrade: 9.8,
      variant,
      fieldConfidence: { variant: 0.4 },
      notes: ['Low-resolution photo: please check.'],
    });

  it('snaps a near-miss variant of the same book and says so in the notes', async () => {
    const snapped = await snapVariantToGuide(t.database.db, reading('Chlang Variant Cover'));
    expect(snapped.variant).toBe('Chiang Variant Cover');
    expect(snapped.fieldConfidence.variant).toBe(0.4);
    expect(snapped.notes).toEqual([
      'Low-resolution photo: please check.',
      'Variant matched to the price guide: "Chiang Variant Cover" (the label read "Chlang Variant Cover").',
    ]);
  });

  it("leaves a variant as read when only another issue's variant is close, or none was read", async () => {
    const otherIssue = await snapVariantToGuide(t.database.db, reading('Vecdhio Variant Cover'));
    expect(otherIssue.variant).toBe('Vecdhio Variant Cover');
    expect(otherIssue.notes).toEqual(['Low-resolution photo: please check.']);
    expect((await snapVariantToGuide(t.database.db, reading(null))).variant).toBeNull();
    // The regular cover's row ('') is never a variant to snap to.
    expect((await snapVariantToGuide(t.database.db, reading('Vecdhio Variant Cover', '2'))).variant).toBe(
      'Vecchio Variant Cover',
    );
  });

  // What the recogniser saw on a blurred 'Chiang Variant Cover' line: each letter second likeliest.
  const chiangLine = () => matrixOf(blurred('Chiang Variant Cover'));

  it("reads an unread variant line against the book's variants, flagged for the seller to check", async () => {
    const read = await snapVariantToGuide(t.database.db, reading(null), chiangLine());
    expect(read.variant).toBe('Chiang Variant Cover');
    expect(read.fieldConfidence.variant).toBe(0.5);
    expect(read.notes).toEqual([
      'Low-resolution photo: please check.',
      'The variant line was unclear; it reads best as the price guide\'s "Chiang Variant Cover". Please check the variant.',
    ]);
  });

  it('puts a variant the guide does not list right from the line, and names what the label read', async () => {
    const read = await snapVariantToGuide(t.database.db, reading('Cbjbnh Variont Cover'), chiangLine());
    expect(read.variant).toBe('Chiang Variant Cover');
    expect(read.notes.at(-1)).toBe(
      'The variant line was unclear; it reads best as the price guide\'s "Chiang Variant Cover" (the label read "Cbjbnh Variont Cover"). Please check the variant.',
    );
  });

  it('keeps a listed variant, another issue, and a line that spells none of the variants', async () => {
    const listed = await snapVariantToGuide(t.database.db, reading('Variant Cover B'), chiangLine());
    expect(listed.variant).toBe('Variant Cover B');
    expect(listed.fieldConfidence.variant).toBe(0.4);
    // Issue 2's one variant is Vecchio's: a Chiang line does not spell it.
    expect((await snapVariantToGuide(t.database.db, reading(null, '2'), chiangLine())).variant).toBeNull();
    // A book the guide does not hold.
    expect((await snapVariantToGuide(t.database.db, reading(null, '9'), chiangLine())).variant).toBeNull();
    // A line a word longer than any of the book's variants.
    const longer = matrixOf(clean('Chiang Virgin Variant Cover'));
    expect((await snapVariantToGuide(t.database.db, reading(null), longer)).variant).toBeNull();
  });
});
