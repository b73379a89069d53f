// The shared comic schema applied to the draft: on a card's Save (field messages under the inputs)
// and before submitting (every card checked, the incomplete ones opened). One schema, the same the
// server validates the submission with.
import { DUPLICATE_IN_LIST_WARNING, findDuplicateCerts } from '../../../../shared/cert-duplicates';
import type { Grader } from '../../../../shared/graders';
import { certNumberProblem, comicInputSchema, type ComicInput } from '../../../../shared/schemas/comic';
import {
  comicName,
  EDITABLE_FIELDS,
  graderOf,
  FIELD_LABELS,
  type ComicFields,
  type DraftComic,
  type EditableField,
} from './draft-comic';

/** A message per editable field that broke a rule. */
export type FieldErrors = Partial<Record<EditableField, string>>;

/** A comic as POST /api/submissions takes it (typed text allowed; the server normalises). */
export function toComicInput(comic: DraftComic): ComicInput {
  return {
    title: comic.title,
    issueNumber: comic.issueNumber,
    publisher: comic.publisher,
    publicationYear: comic.publicationYear,
    cgcGrade: comic.cgcGrade,
    cgcCertNumber: comic.cgcCertNumber,
    variant: comic.variant,
    keyIssue: comic.keyIssue,
    notes: comic.notes,
    confidence: comic.confidence,
    estimatedValue: comic.estimatedValue,
    imageIds: comic.imageIds,
    grader: graderOf(comic),
  };
}

function isEditableField(value: unknown): value is EditableField {
  return (EDITABLE_FIELDS as readonly unknown[]).includes(value);
}

function errorsOf(input: ComicInput): FieldErrors {
  const result = comicInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    // Only fields the seller can edit are reported here; anything else is the page's own bug.
    if (isEditableField(field) && !errors[field]) errors[field] = issue.message;
  }
  // The schema's whole-comic check (the grader's cert format) only runs once every field parses; the
  // seller should see it alongside the other messages, so it is asked directly with the same rule.
  const certProblem = errors.cgcCertNumber ? null : certNumberProblem(input.cgcCertNumber, input.grader);
  if (certProblem) errors.cgcCertNumber = certProblem;
  return errors;
}

/** Checks a card's edited fields against the grader's rules; an empty object means they can be saved. */
export function validateComicFields(fields: ComicFields, grader: Grader | null = null): FieldErrors {
  return errorsOf({ ...fields, confidence: 0, imageIds: [], grader });
}

/** A comic that cannot be submitted as it is. */
export interface DraftProblem {
  id: string;
  /** How the seller knows the comic ("Wolverine #1", "Comic 2"). */
  name: string;
  errors: FieldErrors;
  /** The broken fields in words ("Title, CGC Grade"). */
  summary: string;
}

/** Every comic in the draft that the server would refuse, with the reasons per field. */
export function validateDraftForSubmit(comics: readonly DraftComic[]): DraftProblem[] {
  const problems: DraftProblem[] = [];
  // A repeated cert number is refused by the server too (one slab, one comic): the repeat is opened.
  const repeats = new Map(findDuplicateCerts(comics).map((repeat) => [repeat.index, repeat]));
  comics.forEach((comic, index) => {
    const errors = errorsOf(toComicInput(comic));
    const repeat = repeats.get(index);
    if (repeat && !errors.cgcCertNumber) {
      const first = comics[repeat.firstIndex];
      errors.cgcCertNumber = `${DUPLICATE_IN_LIST_WARNING}${first ? ` (${comicName(first, repeat.firstIndex + 1)})` : ''}.`;
    }
    const fields = EDITABLE_FIELDS.filter((field) => errors[field]);
    if (fields.length > 0) {
      problems.push({
        id: comic.id,
        name: comicName(comic, index + 1),
        errors,
        summary: fields.map((field) => FIELD_LABELS[field]).join(', '),
      });
    }
  });
  return problems;
}
