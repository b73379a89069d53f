import { describe, expect, it } from 'vitest';
import { readVariant } from './variant-line.js';

describe('readVariant', () => {
  it('keeps variant lines that read as words, repairing near-miss label words', () => {
    expect(readVariant('Third Printing')).toEqual({ variant: 'Third Printing', certainty: 1 });
    expect(readVariant('Nakayama Variant Cover').variant).toBe('Nakayama Variant Cover');
    expect(readVariant('Robbit Comies Editien').variant).toBe('Robbit Comics Edition');
    expect(readVariant('Whatnot Special Foil Edition B').variant).toBe('Whatnot Special Foil Edition B');
  });

  it('parts a quoted word glued to its neighbours and an edition letter glued to its word', () => {
    expect(readVariant('Sad Lemons Comics "Virgin"Edition')).toEqual({
      variant: 'Sad Lemons Comics "Virgin" Edition',
      certainty: 1,
    });
    expect(readVariant('Comic Mint"Virgin" Edition').variant).toBe('Comic Mint "Virgin" Edition');
    expect(readVariant('Variant CovtrF')).toEqual({ variant: 'Variant Cover F', certainty: 1 });
    // A capital ending a word that is no label word is left on it (parted, 'McFarlan E' would
    // read as words); the word then reads as none.
    expect(readVariant('McFarlanE Variant Cover').variant).toBeNull();
  });

  it("puts right the words of shops' names that labels print ('Comic', 'Comix', 'Collectibles')", () => {
    // dev-024's scan read 'Comkc Mint dition'.
    expect(readVariant('Comkc Mint dition').variant).toBe('Comic Mint Edition');
    expect(readVariant('Wanted Comix Edition')).toEqual({ variant: 'Wanted Comix Edition', certainty: 1 });
    expect(readVariant('Crush Collectibls Edition').variant).toBe('Crush Collectibles Edition');
  });

  it("puts a three-letter word right only to 'Foil', one letter away", () => {
    expect(readVariant('KRS Comics Fol Edition').variant).toBe('KRS Comics Foil Edition');
    expect(readVariant('Tao Variant Cover').variant).toBe('Tao Variant Cover');
  });

  it("completes the word after 'Variant', 'Foil' or 'Virgin' cut short at the line's end, less surely", () => {
    expect(readVariant('Young Variat Ce')).toEqual({ variant: 'Young Variant Cover', certainty: 0.7 });
    // A stray mark after the last word (dev-005's scan enlarged bilinear, ADR 0061).
    expect(readVariant('Young Variaet Ceve!')).toEqual({ variant: 'Young Variant Cover', certainty: 0.7 });
    expect(readVariant('Variant Ed')).toEqual({ variant: 'Variant Edition', certainty: 0.7 });
    expect(readVariant('KRS Comics "Virgin" Eion').variant).toBe('KRS Comics "Virgin" Edition');
    expect(readVariant('Li"Vigin Eion').variant).toBe('Li "Virgin Edition');
    // Label words and edition letters stay as read.
    expect(readVariant('Variant Cover E')).toEqual({ variant: 'Variant Cover E', certainty: 1 });
    expect(readVariant('Special Comics Edition').variant).toBe('Special Comics Edition');
  });

  it("takes a word two letters from 'Foil' or 'Sketch', starting as it does, before 'Edition' or 'Cover'", () => {
    expect(readVariant('Frison Fel Editon')).toEqual({ variant: 'Frison Foil Edition', certainty: 0.7 });
    expect(readVariant('Trinity Comics Sheth Edition').variant).toBe('Trinity Comics Sketch Edition');
    // Names before the tail stay: another first letter, or too far from any label word.
    expect(readVariant('VeVe Edition').variant).toBe('VeVe Edition');
    expect(readVariant('Frbon Foil Edition').variant).toBe('Frbon Foil Edition');
    expect(readVariant('Vegi Cover').variant).toBe('Vegi Cover');
  });

  it('names are less sure than dictionary words', () => {
    expect(readVariant('Nakayama Variant Cover').certainty).toBeLessThan(1);
  });

  it('never takes the page-quality line', () => {
    expect(readVariant('OFF-WHITE TO WHITE Pages')).toEqual({ variant: null, certainty: 0 });
    expect(readVariant('WHITE Pages')).toEqual({ variant: null, certainty: 0 });
  });

  it('returns nothing for noise, non-Latin characters or a name without variant wording', () => {
    expect(readVariant('玉E').variant).toBeNull();
    expect(readVariant('喜').variant).toBeNull();
    expect(readVariant('tf436002002e').variant).toBeNull();
    expect(readVariant('vsrintcovere').variant).toBeNull();
    expect(readVariant('Farso s Variant Cove').variant).toBeNull();
    expect(readVariant('Nakayama').variant).toBeNull();
  });
});
