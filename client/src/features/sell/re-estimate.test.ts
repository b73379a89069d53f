import { describe, expect, it } from 'vitest';
import { blankComic, type ComicFields, type DraftComic } from './draft-comic';
import { estimateFieldsKey, estimateRequest, needsNewEstimate } from './re-estimate';

const read: DraftComic = {
  ...blankComic(),
  title: 'Spider-Boy',
  issueNumber: '1',
  publisher: 'Marvel Comics',
  variant: 'Young Variant Cover',
  cgcGrade: '9.8',
  estimatedValue: '33.86',
  marketEstimate: { value: '33.86', basis: 'based on 11 sales in the year to Aug 2026' },
};
const fieldsOf = (comic: DraftComic): ComicFields => ({
  title: comic.title,
  issueNumber: comic.issueNumber,
  publisher: comic.publisher,
  publicationYear: comic.publicationYear,
  variant: comic.variant,
  cgcGrade: comic.cgcGrade,
  cgcCertNumber: comic.cgcCertNumber,
  estimatedValue: comic.estimatedValue,
  notes: comic.notes,
});

describe('needsNewEstimate', () => {
  it('asks again when the title, issue, publisher, variant or grade changed and the value is the market’s', () => {
    for (const change of [
      { title: 'Spider-Girl' },
      { issueNumber: '2' },
      { publisher: 'DC Comics' },
      { variant: '' },
      { cgcGrade: '9.6' },
    ]) {
      expect(needsNewEstimate(read, { ...fieldsOf(read), ...change }), JSON.stringify(change)).toBe(true);
    }
    expect(
      needsNewEstimate(
        { ...read, estimatedValue: '', marketEstimate: null },
        { ...fieldsOf(read), estimatedValue: '', cgcGrade: '9.6' },
      ),
    ).toBe(true);
  });

  it('does not ask when nothing the estimate rests on changed, or the value is the seller’s own', () => {
    expect(
      needsNewEstimate(read, { ...fieldsOf(read), notes: 'tiny corner ding', cgcCertNumber: '4245413006' }),
    ).toBe(false);
    expect(needsNewEstimate(read, { ...fieldsOf(read), title: ' Spider-Boy ' })).toBe(false);
    // Typed in the same save.
    expect(needsNewEstimate(read, { ...fieldsOf(read), cgcGrade: '9.6', estimatedValue: '50' })).toBe(false);
    // Typed in an earlier save.
    const own = { ...read, estimatedValue: '50.00' };
    expect(needsNewEstimate(own, { ...fieldsOf(own), cgcGrade: '9.6' })).toBe(false);
  });
});

describe('estimateRequest', () => {
  it('names the corrected book, or nothing when it has no title, issue or valid grade', () => {
    expect(estimateRequest({ ...fieldsOf(read), cgcGrade: '9.6', variant: ' ' }, 'Universal')).toEqual({
      title: 'Spider-Boy',
      issueNumber: '1',
      publisher: 'Marvel Comics',
      variant: null,
      cgcGrade: 9.6,
      labelType: 'Universal',
    });
    expect(estimateRequest({ ...fieldsOf(read), title: ' ' }, null)).toBeNull();
    expect(estimateRequest({ ...fieldsOf(read), issueNumber: '' }, null)).toBeNull();
    expect(estimateRequest({ ...fieldsOf(read), cgcGrade: '9.7' }, null)).toBeNull();
  });

  it('keys an answer by the fields it was asked for', () => {
    expect(estimateFieldsKey(read)).toBe(estimateFieldsKey({ ...read, title: 'Spider-Boy ' }));
    expect(estimateFieldsKey(read)).not.toBe(estimateFieldsKey({ ...read, cgcGrade: '9.6' }));
  });
});
