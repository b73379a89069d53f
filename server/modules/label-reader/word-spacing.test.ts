import { describe, expect, it } from 'vitest';
import { mergeBrokenWords, respaceText, respaceTitle, segmentUnknown } from './word-spacing.js';

describe('respaceTitle', () => {
  it("splits a small word glued to the word before or after it ('Legionof', 'ofthe')", () => {
    expect(respaceTitle('Legionof Super-Heroes')).toBe('Legion of Super-Heroes');
    expect(respaceTitle('Talesof Suspense')).toBe('Tales of Suspense');
    expect(respaceTitle('Tales ofthe Titans')).toBe('Tales of the Titans');
  });

  it('splits a camel-case join of a first name and a surname, not real camel-case spellings', () => {
    expect(respaceTitle('PeterParker')).toBe('Peter Parker');
    expect(respaceTitle('SpongeBob')).toBe('SpongeBob');
    expect(respaceTitle('Todd McFarlane')).toBe('Todd McFarlane');
  });

  it('joins a word that a wide letter cut in two', () => {
    expect(respaceTitle('So mething is Killing the Children')).toBe('Something is Killing the Children');
    expect(respaceTitle('A mazing Spider-Man')).toBe('Amazing Spider-Man');
    expect(respaceTitle('Spider G wen Annual')).toBe('Spider Gwen Annual');
    expect(respaceTitle('Spider-G wen Annual')).toBe('Spider-Gwen Annual');
    expect(mergeBrokenWords('A Man')).toBe('A Man');
  });

  it('joins a word cut in two before the punctuation that ends it', () => {
    expect(respaceTitle('Miles M orales: Spider-Man')).toBe('Miles Morales: Spider-Man');
    expect(respaceTitle('So mething, Else')).toBe('Something, Else');
    expect(respaceTitle('A Man: Returns')).toBe('A Man: Returns');
  });

  it('leaves names and compound titles alone', () => {
    for (const title of ['Deadpool', 'Robin', 'Death of the Venomverse', 'Wolverine', 'Batman']) {
      expect(respaceTitle(title)).toBe(title);
    }
  });
});

describe('respaceText (key comments, variant lines)', () => {
  it("puts back the spaces of '1stappearance of'", () => {
    expect(respaceText('1stappearance f Lt Matt Cabl')).toBe('1st appearance f Lt Matt Cabl');
    expect(respaceText('1st appearanceof Venom')).toBe('1st appearance of Venom');
  });

  it('splits an unknown lower-case run into known words, capitalised runs only at label words', () => {
    expect(segmentUnknown('deathofthe')).toBe('death of the');
    expect(respaceText('Manapul Variantcover')).toBe('Manapul Variant cover');
    expect(respaceText('Whatnot Special Foil Edition')).toBe('Whatnot Special Foil Edition');
    expect(respaceText('Nakayama Variant Cover')).toBe('Nakayama Variant Cover');
  });
});
