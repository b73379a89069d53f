import { describe, expect, it } from 'vitest';
import { readVariant } from './variant-line.js';

describe('readVariant', () => {
  it('keeps variant lines that read as words, repairing near-miss label words', () => {
    expect(readVariant('Third Printing')).toEqual({ variant: 'Third Printing', certainty: 1 });
    expect(readVariant('Nakayama Variant Cover').variant).toBe('Nakayama Variant Cover');
    expect(readVariant('Robbit Comies Editien').variant).toBe('Robbit Comics Edition');
    expect(readVariant('Whatnot Special Foil Edition B').variant).toBe('Whatnot Special Foil Edition B');
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
