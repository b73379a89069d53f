// Variant snapping against the dealer's price guide: the pure decision, and the lookup on a real
// database (PGlite, or PostgreSQL with DATABASE_URL) with guide rows written through the valuation
// module's own upsert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { guideRow, labelReading } from '../../test/factories.js';
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
});
