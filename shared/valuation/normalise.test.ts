import { describe, expect, it } from 'vitest';
import { issueKey, publisherKey, titleKey, variantKey, variantWords } from './normalise.js';

describe('titleKey', () => {
  it('drops a leading article and punctuation', () => {
    expect(titleKey('The Amazing Spider-Man')).toBe(titleKey('Amazing Spider-Man'));
    expect(titleKey('Amazing Spider-Man')).toBe('amazing spider man');
    expect(titleKey('  AMAZING   SPIDER MAN ')).toBe('amazing spider man');
  });
  it('keeps words that make a different series', () => {
    expect(titleKey('Spider-Man 2099')).not.toBe(titleKey('Spider-Man'));
    expect(titleKey('Edge of Spider-Verse')).not.toBe(titleKey('Spider-Verse'));
    // 'The' inside a title is part of it.
    expect(titleKey('Spider-Gwen: The Ghost-Spider')).toBe('spider gwen the ghost spider');
  });
  it('reads apostrophes, dots, ampersands and accents the same way however written', () => {
    expect(titleKey("G'nort's Swimsuit Edition")).toBe(titleKey('Gnorts Swimsuit Edition'));
    expect(titleKey('Batman & Robin')).toBe(titleKey('Batman and Robin'));
    expect(titleKey('Pokémon')).toBe(titleKey('Pokemon'));
    expect(titleKey('S.H.I.E.L.D.')).toBe(titleKey('SHIELD'));
  });
});

describe('publisherKey', () => {
  it("treats 'D.C. Comics', 'DC Comics' and 'DC' alike", () => {
    expect(publisherKey('D.C. Comics')).toBe('dc');
    expect(publisherKey('DC Comics')).toBe('dc');
    expect(publisherKey('DC')).toBe('dc');
    expect(publisherKey('Marvel Comics')).toBe(publisherKey('Marvel'));
  });
  it('keeps imprints apart', () => {
    expect(publisherKey('Image/Skybound')).toBe('image skybound');
    expect(publisherKey('Image Comics')).toBe('image');
  });
});

describe('issueKey', () => {
  it("reads the 'nn' of books without a number in every spelling", () => {
    for (const spelling of ['nn', 'NN', 'N/N', 'No Number', 'n.n.']) expect(issueKey(spelling)).toBe('nn');
  });
  it('drops # and leading zeros but keeps issue 0', () => {
    expect(issueKey('#001')).toBe('1');
    expect(issueKey('1')).toBe('1');
    expect(issueKey('0')).toBe('0');
    expect(issueKey('1000')).toBe('1000');
    expect(issueKey('Annual 1')).toBe('annual 1');
  });
  it('is empty when the issue is unknown', () => {
    expect(issueKey('')).toBe('');
    expect(issueKey('  ')).toBe('');
  });
});

describe('variantKey', () => {
  it('ignores variant words, quotes and word order', () => {
    expect(variantKey('Nakayama Variant Cover')).toBe('nakayama');
    expect(variantKey('Nakayama Variant')).toBe('nakayama');
    expect(variantKey('Paratore "Virgin" Edition')).toBe(variantKey('Virgin Variant Paratore'));
  });
  it('keeps a virgin cover apart from the trade-dress cover', () => {
    expect(variantKey('Momoko "Virgin" Edition')).not.toBe(variantKey('Momoko Variant Cover'));
  });
  it('keeps a filler-only variant line apart from the regular cover', () => {
    expect(variantKey('Variant Edition')).toBe('variant');
    expect(variantKey(null)).toBe('');
    expect(variantKey('')).toBe('');
  });
  it('keeps cover letters', () => {
    expect(variantKey('Comic Mint Edition C')).not.toBe(variantKey('Comic Mint Edition'));
    expect(variantKey('KRS Comics Edition A')).not.toBe(variantKey('KRS Comics Edition B'));
  });
});

describe('variantWords', () => {
  it("lists a variant line's words in order, the ones that say which variant marked distinctive", () => {
    expect(variantWords('Chiang "Virgin" Edition')).toEqual([
      { word: 'chiang', distinctive: true },
      { word: 'virgin', distinctive: false },
      { word: 'edition', distinctive: false },
    ]);
    expect(variantWords('Variant Cover B').map((word) => word.distinctive)).toEqual([false, false, true]);
    expect(variantWords('')).toEqual([]);
  });
});
