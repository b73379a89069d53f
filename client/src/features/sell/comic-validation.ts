// The shared comic schema applied to the draft: on a card's Save (field messages under the inputs)
// and before submitting (every card checked, the incomplete ones opened). One schema, the same the
// server validates the submission with.
import { comicInputSchema, type ComicInput } from '../../../../shared/schemas/comic';
import {
  comicName,
  EDITABLE_FIELDS,
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
  return errors;
}

/** Checks a card's edited fields; an empty object means they can be saved. */
export function validateComicFields(fields: ComicFields): FieldErrors {
  return errorsOf({ ...fields, confidence: 0, imageIds: [] });
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
  comics.forEach((comic, index) => {
    const errors = errorsOf(toComicInput(comic));
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
