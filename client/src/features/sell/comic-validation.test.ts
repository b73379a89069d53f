import { describe, expect, it } from 'vitest';
import { comicInputSchema } from '../../../../shared/schemas/comic';
import { toComicInput, validateComicFields, validateDraftForSubmit } from './comic-validation';
import { blankComic, comicFromExtraction, editableFields } from './draft-comic';

const photoId = '7f1c2b9e-3a44-4f3e-9d1a-0c5e2b7d8a61';
const saga = comicFromExtraction({
  title: 'Saga',
  issueNumber: '1',
  publisher: 'Image Comics',
  publicationYear: 2012,
  cgcGrade: 9.8,
  cgcCertNumber: '4245413006',
  confidence: 0.93,
  imageIds: [photoId],
});

describe('validateComicFields', () => {
  it('passes a good read unchanged', () => {
    expect(validateComicFields(editableFields(saga))).toEqual({});
  });

  it('names each broken field with the shared schema messages', () => {
    const errors = validateComicFields({
      ...editableFields(saga),
      title: '  ',
      cgcGrade: '9.7',
      cgcCertNumber: 'ABC',
      estimatedValue: 'lots',
    });
    expect(errors).toEqual({
      title: 'Please enter a title.',
      cgcGrade: 'Please enter a grade from the CGC scale, such as 9.8.',
      cgcCertNumber: 'Please enter a valid certification number.',
      estimatedValue: 'Please enter an amount like $12.50.',
    });
  });

  it('accepts what sellers type: "$1,250", a dashed CGC number, blank optional fields', () => {
    expect(
      validateComicFields({
        ...editableFields(saga),
        estimatedValue: '$1,250',
        cgcCertNumber: '4245413-006',
        publisher: '',
        cgcGrade: '',
      }),
    ).toEqual({});
  });
});

describe('validateDraftForSubmit', () => {
  it('reports the comics the server would refuse, by name and field', () => {
    const blank = blankComic();
    const problems = validateDraftForSubmit([saga, blank]);
    expect(problems).toEqual([
      { id: blank.id, name: 'Comic 2', errors: { title: 'Please enter a title.' }, summary: 'Title' },
    ]);
  });

  it('sends what the server schema accepts, photo ids included', () => {
    const parsed = comicInputSchema.parse(toComicInput({ ...saga, estimatedValue: '$45.50' }));
    expect(parsed).toMatchObject({
      title: 'Saga',
      cgcGrade: 9.8,
      cgcCertNumber: '4245413006',
      estimatedValue: 4550,
      imageIds: [photoId],
      confidence: 0.93,
    });
  });
});

describe("cert numbers: the grader's format and one slab per submission", () => {
  it("refuses a 9-digit CGC number with the grader's format in the message", () => {
    const fields = { ...editableFields(saga), cgcCertNumber: '447169300' };
    expect(validateComicFields(fields, 'CGC')).toEqual({
      cgcCertNumber: 'CGC certification numbers have 10 digits, such as 4245413006.',
    });
    expect(validateComicFields(fields, 'PGX')).toEqual({});
    // Reported alongside other messages, not only once everything else is right.
    expect(validateComicFields({ ...fields, title: '' }, 'CGC').cgcCertNumber).toContain('10 digits');
  });

  it('sends the grader with the comic so the server applies the same rule', () => {
    expect(toComicInput(saga).grader).toBeNull();
    const read = comicFromExtraction({
      title: 'Saga',
      cgcCertNumber: '447169300',
      grader: 'CGC',
      confidence: 0.9,
    });
    expect(toComicInput(read).grader).toBe('CGC');
    expect(validateDraftForSubmit([read])[0]?.errors.cgcCertNumber).toContain('10 digits');
  });

  it('opens the repeat of a cert number already in the list', () => {
    const again = { ...saga, id: 'again', cgcCertNumber: '4245413-006' };
    const problems = validateDraftForSubmit([saga, again]);
    expect(problems).toEqual([
      {
        id: 'again',
        name: 'Saga #1',
        errors: { cgcCertNumber: 'This cert number is already in your list (Saga #1).' },
        summary: 'Certification Number',
      },
    ]);
  });
});
