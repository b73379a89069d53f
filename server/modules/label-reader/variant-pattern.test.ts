// The variant line read against the guide's variants for the book, on recogniser outputs built by
// hand (fixtures/line-matrix.ts): the kinds of line the dev photos showed (ADR 0051).
import { describe, expect, it } from 'vitest';
import { blurred, clean, matrixOf } from './fixtures/line-matrix.js';
import { readVariantAgainst } from './variant-pattern.js';

describe('readVariantAgainst', () => {
  it("takes the guide's variant that a blurred line spells at its second likeliest letters", () => {
    const line = matrixOf(blurred('Momoko Variant Cover'));
    const read = readVariantAgainst(line, ['Momoko Virgin Cover', 'Momoko Variant Cover', 'Variant Cover B']);
    expect(read?.variant).toBe('Momoko Variant Cover');
    expect(read?.margin).toBeGreaterThanOrEqual(5);
  });

  it("takes a book's only variant when the line spells it, stray marks around it", () => {
    const line = matrixOf([...clean('"'), ...blurred('Gleason Variant Cover'), ...clean('.')]);
    expect(readVariantAgainst(line, ['Gleason Variant Cover'])?.variant).toBe('Gleason Variant Cover');
  });

  it('refuses a variant a word short of the line: the path passed over the word as blanks', () => {
    const line = matrixOf(clean('Trinity Comics Sketch Edition'));
    expect(readVariantAgainst(line, ['Trinity Comics Edition'])).toBeNull();
    expect(
      readVariantAgainst(line, ['Trinity Comics Edition', 'Trinity Comics Sketch Edition'])?.variant,
    ).toBe('Trinity Comics Sketch Edition');
  });

  it('refuses an edition letter the line does not end in, or a line ending in one the variant lacks', () => {
    expect(
      readVariantAgainst(matrixOf(clean('Comic Mint Edition C', 0.6)), ['Comic Mint Edition']),
    ).toBeNull();
    expect(
      readVariantAgainst(matrixOf(clean('Comic Mint Edition', 0.6)), ['Comic Mint Edition C']),
    ).toBeNull();
  });

  it('refuses to choose between edition letters the line does not tell apart', () => {
    const unclear = matrixOf([...clean('Variant Cover '), { A: 0.35, B: 0.35 }, {}]);
    expect(readVariantAgainst(unclear, ['Variant Cover A', 'Variant Cover B'])).toBeNull();
    const clear = matrixOf([...clean('Variant Cover '), { B: 0.9, A: 0.005 }, {}]);
    expect(readVariantAgainst(clear, ['Variant Cover A', 'Variant Cover B'])?.variant).toBe(
      'Variant Cover B',
    );
  });

  it("refuses another artist's variant (a letter the line never shows) and a line of noise", () => {
    expect(readVariantAgainst(matrixOf(blurred('Ramos Variant Cover')), ['Tao Variant Cover'])).toBeNull();
    expect(readVariantAgainst(matrixOf(clean('#.')), ['Gleason Variant Cover'])).toBeNull();
  });

  it("reads a book's many variants against the line by the ten closest to what it read", () => {
    const line = matrixOf(blurred('Momoko Variant Cover'));
    const many = Array.from({ length: 40 }, (_, i) => `Artist ${i} Variant Cover`);
    expect(readVariantAgainst(line, [...many, 'Momoko Variant Cover'])?.variant).toBe('Momoko Variant Cover');
    // A variant far longer than the line can spell is not taken.
    expect(readVariantAgainst(line, ['Momoko Variant Cover '.repeat(4)])).toBeNull();
  });

  it('has nothing to read against without candidates of letters, or without a line', () => {
    const line = matrixOf(clean('Foil Edition'));
    expect(readVariantAgainst(line, [])).toBeNull();
    expect(readVariantAgainst(line, ['', '"'])).toBeNull();
    expect(readVariantAgainst(matrixOf([]), ['Foil Edition'])).toBeNull();
  });
});
