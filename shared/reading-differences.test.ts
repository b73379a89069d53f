import { describe, expect, it } from 'vitest';
import type { LabelReading } from './label-reading.js';
import { readingDifferences, type SubmittedFields } from './reading-differences.js';

const reading: LabelReading = {
  title: 'Amazing Spider-Man',
  issueNumber: '300',
  publisher: 'Marvel Comics',
  publicationYear: 1988,
  cgcGrade: 9.8,
  cgcCertNumber: '4245413006',
  variant: null,
  keyIssue: true,
  confidence: 0.9,
  labelDate: '5/88',
  gradeWords: null,
  pageQuality: 'WHITE',
  keyComments: null,
  labelType: 'Universal',
  grader: 'CGC',
  fieldConfidence: {},
  barcode: null,
  notes: [],
};
const asRead: SubmittedFields = {
  title: reading.title,
  issueNumber: reading.issueNumber,
  publisher: reading.publisher,
  publicationYear: reading.publicationYear,
  cgcGrade: reading.cgcGrade,
  cgcCertNumber: reading.cgcCertNumber,
  variant: reading.variant,
};

describe('readingDifferences', () => {
  it('finds nothing when the comic is as read, whatever the case, spacing or cert dashes', () => {
    expect(readingDifferences(asRead, reading)).toEqual([]);
    expect(
      readingDifferences(
        { ...asRead, title: ' amazing  SPIDER-MAN ', cgcCertNumber: '4245413-006', variant: '' },
        reading,
      ),
    ).toEqual([]);
  });

  it('names each changed field with what was read, in form order', () => {
    expect(
      readingDifferences(
        {
          ...asRead,
          variant: 'Newsstand Edition',
          cgcGrade: 9.6,
          title: 'The Amazing Spider-Man',
          publicationYear: null,
        },
        reading,
      ),
    ).toEqual([
      { field: 'title', read: 'Amazing Spider-Man' },
      { field: 'publicationYear', read: '1988' },
      { field: 'cgcGrade', read: '9.8' },
      { field: 'variant', read: '' },
    ]);
    expect(readingDifferences({ ...asRead, issueNumber: '301', publisher: 'Marvel' }, reading)).toEqual([
      { field: 'issueNumber', read: '300' },
      { field: 'publisher', read: 'Marvel Comics' },
    ]);
  });
});
