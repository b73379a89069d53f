import { describe, expect, it } from 'vitest';
import {
  CERT_FORMATS,
  certNumberProblem,
  CGC_GRADES,
  COMIC_MESSAGES,
  comicInputSchema,
  isCgcGrade,
  isPlausibleCertNumber,
  normalizeCertNumber,
  type ComicInput,
} from './comic.js';
import { MONEY_MESSAGES } from './money.js';

const imageId = '0b8f5a4e-4a0b-4c55-9d39-2f1d1b7d9c10';

function parse(overrides: Partial<ComicInput>) {
  return comicInputSchema.safeParse({ title: 'Amazing Spider-Man', ...overrides });
}

function messageFor(overrides: Partial<ComicInput>): string | undefined {
  return parse(overrides).error?.issues[0]?.message;
}

describe('comicInputSchema', () => {
  it('cleans a full comic as typed in the edit form', () => {
    const result = comicInputSchema.parse({
      title: '  Amazing Spider-Man ',
      issueNumber: ' 300 ',
      publisher: 'Marvel Comics',
      publicationYear: '1988',
      cgcGrade: '9.8',
      cgcCertNumber: ' 4245413006 ',
      variant: '  ',
      keyIssue: true,
      notes: ' First full Venom ',
      confidence: 0.93,
      estimatedValue: '$1,234.50',
      imageIds: [imageId],
    });
    expect(result).toEqual({
      title: 'Amazing Spider-Man',
      issueNumber: '300',
      publisher: 'Marvel Comics',
      publicationYear: 1988,
      cgcGrade: 9.8,
      cgcCertNumber: '4245413006',
      variant: null,
      keyIssue: true,
      notes: 'First full Venom',
      confidence: 0.93,
      estimatedValue: 123450,
      imageIds: [imageId],
    });
  });

  it('fills defaults for a minimal comic', () => {
    expect(comicInputSchema.parse({ title: 'Saga' })).toEqual({
      title: 'Saga',
      issueNumber: '',
      publisher: '',
      publicationYear: null,
      cgcGrade: null,
      cgcCertNumber: null,
      variant: null,
      keyIssue: null,
      notes: '',
      confidence: 0,
      estimatedValue: null,
      imageIds: [],
    });
  });

  it('accepts numbers as the label reader gives them', () => {
    const result = comicInputSchema.parse({ title: 'X-Men', publicationYear: 1963, cgcGrade: 10 });
    expect(result.publicationYear).toBe(1963);
    expect(result.cgcGrade).toBe(10);
  });

  it('reads blank or null optional fields as none', () => {
    const result = comicInputSchema.parse({
      title: 'Spawn',
      publicationYear: ' ',
      cgcGrade: '',
      cgcCertNumber: '',
      estimatedValue: '',
      variant: null,
      issueNumber: null,
    });
    expect(result).toMatchObject({
      publicationYear: null,
      cgcGrade: null,
      cgcCertNumber: null,
      estimatedValue: null,
      variant: null,
      issueNumber: '',
    });
  });

  it('requires a title', () => {
    expect(messageFor({ title: '' })).toBe(COMIC_MESSAGES.titleRequired);
    expect(messageFor({ title: '   ' })).toBe('Please enter a title.');
    expect(comicInputSchema.safeParse({}).success).toBe(false);
  });

  it.each([
    [{ title: 'x'.repeat(201) }, COMIC_MESSAGES.titleTooLong],
    [{ issueNumber: '1'.repeat(21) }, COMIC_MESSAGES.issueTooLong],
    [{ publisher: 'p'.repeat(101) }, COMIC_MESSAGES.publisherTooLong],
    [{ variant: 'v'.repeat(201) }, COMIC_MESSAGES.variantTooLong],
    [{ notes: 'n'.repeat(2001) }, COMIC_MESSAGES.notesTooLong],
  ])('limits text length (%#)', (overrides, message) => {
    expect(messageFor(overrides)).toBe(message);
  });

  it('allows notes of exactly the maximum length', () => {
    expect(parse({ notes: 'n'.repeat(2000) }).success).toBe(true);
  });

  describe('publicationYear', () => {
    const nextYear = new Date().getFullYear() + 1;
    it.each([1900, 1938, 2024, nextYear])('accepts %i', (year) => {
      expect(parse({ publicationYear: year }).success).toBe(true);
    });
    it.each([1899, nextYear + 1, 1988.5, '88', 'nineteen', '1988a', -1988])('rejects %j', (year) => {
      expect(messageFor({ publicationYear: year })).toBe(COMIC_MESSAGES.year);
    });
  });

  describe('cgcGrade', () => {
    it.each(['10', '10.0', '9.9', '9.8', '9.0', '9', '8.5', '1.8', '1.0', '0.5', ' 9.6 '])(
      'accepts %j',
      (grade) => {
        expect(parse({ cgcGrade: grade }).success).toBe(true);
      },
    );
    it.each(['9.7', '9.5', '1.9', '0', '0.0', '10.5', '11', '-9.8', '9.8.1', 'NM', '9,8'])(
      'rejects %j',
      (grade) => {
        expect(messageFor({ cgcGrade: grade })).toBe(COMIC_MESSAGES.grade);
      },
    );
    it('rejects off-scale numbers', () => {
      expect(messageFor({ cgcGrade: 9.7 })).toBe(COMIC_MESSAGES.grade);
      expect(parse({ cgcGrade: Number.NaN }).success).toBe(false);
    });
  });

  describe('cgcCertNumber', () => {
    it.each([
      ['4245413006', '4245413006'],
      ['4245413-006', '4245413006'],
      [' 4245 413 006 ', '4245413006'],
      ['21-2ec8b4a-002', '21-2EC8B4A-002'],
      ['1234567', '1234567'],
      ['123456', '123456'],
    ])('accepts %j as %j', (input, normalized) => {
      expect(parse({ cgcCertNumber: input }).data?.cgcCertNumber).toBe(normalized);
    });
    it.each(['12345', '12345678901', 'ABCDEFGHIJ', '21-2EC8B4A-02', '4245413_006', '4245413--006'])(
      'rejects %j',
      (input) => {
        expect(messageFor({ cgcCertNumber: input })).toBe(COMIC_MESSAGES.certNumber);
      },
    );
  });

  it('keeps confidence between 0 and 1', () => {
    expect(parse({ confidence: 0 }).success).toBe(true);
    expect(parse({ confidence: 1 }).success).toBe(true);
    expect(messageFor({ confidence: 1.01 })).toBe(COMIC_MESSAGES.confidence);
    expect(messageFor({ confidence: -0.1 })).toBe(COMIC_MESSAGES.confidence);
  });

  it('turns the estimated value into cents and refuses bad or negative amounts', () => {
    expect(parse({ estimatedValue: '19.99' }).data?.estimatedValue).toBe(1999);
    expect(messageFor({ estimatedValue: 'lots' })).toBe(MONEY_MESSAGES.invalid);
    expect(messageFor({ estimatedValue: '-5' })).toBe(MONEY_MESSAGES.negative);
  });

  it('takes at most 10 photo ids, each a uuid', () => {
    expect(parse({ imageIds: Array.from({ length: 10 }, () => imageId) }).success).toBe(true);
    expect(messageFor({ imageIds: Array.from({ length: 11 }, () => imageId) })).toBe(
      COMIC_MESSAGES.tooManyImages,
    );
    expect(parse({ imageIds: ['not-a-uuid'] }).success).toBe(false);
  });
});

describe('grading scale', () => {
  it('has the 25 steps from 10 down to 0.5, highest first', () => {
    expect(CGC_GRADES).toHaveLength(25);
    expect(CGC_GRADES[0]).toBe(10);
    expect(CGC_GRADES.at(-1)).toBe(0.5);
    expect([...CGC_GRADES].sort((a, b) => b - a)).toEqual([...CGC_GRADES]);
    expect(isCgcGrade(9.8)).toBe(true);
    expect(isCgcGrade(9.7)).toBe(false);
  });
});

describe('certification numbers', () => {
  it('normalises spaces, case and the dashed CGC form', () => {
    expect(normalizeCertNumber(' 21-2ec8b4a-002 ')).toBe('21-2EC8B4A-002');
    expect(normalizeCertNumber('0065432-001')).toBe('0065432001');
    expect(isPlausibleCertNumber('0065432-001')).toBe(true);
  });
});

describe("certNumberProblem: the grader's format", () => {
  it("names the grader's format when the number does not fit it", () => {
    expect(certNumberProblem('447169300', 'CGC')).toBe(CERT_FORMATS.CGC.message);
    expect(CERT_FORMATS.CGC.message).toContain('10 digits');
    expect(certNumberProblem('4471693001', 'CGC')).toBeNull();
    expect(certNumberProblem('4471693-001', 'CGC')).toBeNull();
    expect(certNumberProblem('4471693001', 'CBCS')).toBe(CERT_FORMATS.CBCS.message);
    expect(certNumberProblem('21-2ec8b4a-002', 'CBCS')).toBeNull();
    expect(certNumberProblem('447169300', 'PGX')).toBeNull();
    expect(certNumberProblem('512345', 'PGX')).toBeNull();
    expect(certNumberProblem('4471693001', 'PGX')).toBe(CERT_FORMATS.PGX.message);
    expect(CERT_FORMATS.PGX.message).toContain('6 to 9 digits');
    expect(certNumberProblem('', 'CGC')).toBeNull();
    expect(certNumberProblem(null, 'CGC')).toBeNull();
  });

  it('without a grader checks only the general shape', () => {
    expect(certNumberProblem('447169300', null)).toBeNull();
    expect(certNumberProblem('12', null)).toBe(COMIC_MESSAGES.certNumber);
  });

  it('is applied by the schema when the grader is given', () => {
    const result = comicInputSchema.safeParse({
      title: 'Wolverine',
      cgcCertNumber: '447169300',
      grader: 'CGC',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['cgcCertNumber'],
      message: CERT_FORMATS.CGC.message,
    });
    expect(
      comicInputSchema.safeParse({ title: 'Wolverine', cgcCertNumber: '447169300', grader: 'PGX' }).success,
    ).toBe(true);
  });
});
