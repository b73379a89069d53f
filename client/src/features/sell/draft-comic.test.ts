import { describe, expect, it } from 'vitest';
import {
  blankComic,
  comicFromExtraction,
  confidencePercent,
  estimatedTotalCents,
  EXTRACTION_FAILED_NOTE,
  gradeText,
  graderOf,
  sourceLine,
  visibleReaderNotes,
  lowConfidenceFields,
} from './draft-comic';

// A response shaped like the route's answer for dev-001.jpg (spec fields plus the reader's extras).
const wolverine = {
  title: 'Wolverine',
  issueNumber: '1',
  publisher: 'Marvel Comics',
  publicationYear: 2024,
  cgcGrade: 9.8,
  cgcCertNumber: '4526002001',
  variant: 'Gleason Variant Cover',
  keyIssue: false,
  confidence: 0.914,
  imageUrls: ['/api/images/0b7c'],
  imageIds: ['0b7c'],
  estimatedValue: null,
  fieldConfidence: {
    title: 0.97,
    issueNumber: 0.95,
    publisher: 0.6,
    variant: 0.5,
    cgcGrade: 0.99,
    cgcCertNumber: 0.7,
    labelDate: 0.2,
  },
  notes: ['Barcode did not decode; certification number read from text.'],
  grader: 'CGC',
  labelType: 'Universal',
  pageQuality: 'WHITE',
  keyComments: null,
};

describe('comicFromExtraction', () => {
  it('fills every field from a good read', () => {
    const comic = comicFromExtraction(wolverine);
    expect(comic).toMatchObject({
      title: 'Wolverine',
      issueNumber: '1',
      publisher: 'Marvel Comics',
      cgcGrade: '9.8',
      cgcCertNumber: '4526002001',
      estimatedValue: '',
      notes: '',
      publicationYear: '2024',
      variant: 'Gleason Variant Cover',
      keyIssue: false,
      confidence: 0.914,
      imageUrls: ['/api/images/0b7c'],
      imageIds: ['0b7c'],
      readerNotes: ['Barcode did not decode; certification number read from text.'],
      labelDetails: { grader: 'CGC', labelType: 'Universal', pageQuality: 'WHITE' },
      extractionFailed: false,
    });
    expect(comic.id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(comicFromExtraction(wolverine).id).not.toBe(comic.id);
  });

  it("recognises the server's blank entry for an unreadable label and keeps its photo", () => {
    const comic = comicFromExtraction({
      title: '',
      issueNumber: '',
      publisher: '',
      confidence: 0,
      notes: EXTRACTION_FAILED_NOTE,
      imageUrls: ['/api/images/9f'],
      imageIds: ['9f'],
    });
    expect(comic.extractionFailed).toBe(true);
    expect(comic.notes).toBe(EXTRACTION_FAILED_NOTE);
    expect(comic.confidence).toBe(0);
    expect(comic.imageIds).toEqual(['9f']);
  });

  it('survives missing and malformed fields', () => {
    const comic = comicFromExtraction({
      title: 42,
      confidence: 7,
      fieldConfidence: { title: 'high' },
      imageIds: [1, 'a'],
    });
    expect(comic).toMatchObject({ title: '42', confidence: 1, fieldConfidence: {}, imageIds: ['a'] });
    expect(comicFromExtraction(null).title).toBe('');
  });
});

describe('blankComic', () => {
  it("is the spec's failure entry: empty fields, the note, confidence 0", () => {
    expect(blankComic()).toMatchObject({
      title: '',
      issueNumber: '',
      publisher: '',
      cgcGrade: '',
      cgcCertNumber: '',
      notes: EXTRACTION_FAILED_NOTE,
      confidence: 0,
      imageIds: [],
      extractionFailed: true,
    });
  });
});

describe('lowConfidenceFields', () => {
  it('lists editable fields under 0.8 in form order', () => {
    expect(lowConfidenceFields(comicFromExtraction(wolverine))).toEqual([
      'publisher',
      'variant',
      'cgcCertNumber',
    ]);
  });

  it('stops flagging once the seller has saved the card', () => {
    expect(lowConfidenceFields({ ...comicFromExtraction(wolverine), reviewed: true })).toEqual([]);
  });

  it('flags nothing on a blank entry (every field needs filling anyway)', () => {
    expect(lowConfidenceFields(blankComic())).toEqual([]);
  });
});

describe('display helpers', () => {
  it('prints grades with one decimal like the label', () => {
    expect(gradeText(9)).toBe('9.0');
    expect(gradeText(9.8)).toBe('9.8');
    expect(gradeText(null)).toBe('');
  });

  it('rounds the confidence to a whole percent', () => {
    expect(confidencePercent({ confidence: 0.914 })).toBe(91);
    expect(confidencePercent({ confidence: 0 })).toBe(0);
  });
});

describe('estimatedTotalCents', () => {
  it('adds the values sellers typed, exactly, in cents', () => {
    expect(
      estimatedTotalCents([
        { estimatedValue: '$1,250.50' },
        { estimatedValue: '19.99' },
        { estimatedValue: '0.01' },
      ]),
    ).toBe(127050);
  });

  it('is null while no comic has a value, so the page shows no number', () => {
    expect(estimatedTotalCents([{ estimatedValue: '' }, { estimatedValue: 'lots' }])).toBeNull();
    expect(estimatedTotalCents([])).toBeNull();
  });
});

describe('warnings that follow their cause', () => {
  it('does not flag an empty variant the reader was unsure of, but does flag a doubtful one it read', () => {
    const noVariant = comicFromExtraction({ ...wolverine, variant: null });
    expect(lowConfidenceFields(noVariant)).toEqual(['publisher', 'cgcCertNumber']);
    expect(lowConfidenceFields(comicFromExtraction(wolverine))).toEqual([
      'publisher',
      'variant',
      'cgcCertNumber',
    ]);
  });

  it("drops the flags and the reader's remarks once the seller has saved the card", () => {
    const comic = comicFromExtraction(wolverine);
    expect(visibleReaderNotes(comic)).toEqual([
      'Barcode did not decode; certification number read from text.',
    ]);
    const saved = { ...comic, reviewed: true };
    expect(lowConfidenceFields(saved)).toEqual([]);
    expect(visibleReaderNotes(saved)).toEqual([]);
  });

  it("says 'Entered by you' on a hand-filled card instead of a 0% confidence", () => {
    expect(sourceLine(comicFromExtraction(wolverine))).toBe('Extracted with 91% confidence');
    expect(sourceLine(blankComic())).toBe('Entered by you');
  });

  it("knows the label's grader only when it is one of the three", () => {
    expect(graderOf(comicFromExtraction(wolverine))).toBe('CGC');
    expect(graderOf(blankComic())).toBeNull();
    expect(graderOf(comicFromExtraction({ ...wolverine, grader: 'ACME' }))).toBeNull();
  });
});
