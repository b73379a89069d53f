import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { GRADERS, type Grader } from '../../../../shared/graders';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { cn } from '../../ui/cn';
import { CheckMarker } from './check-marker';
import { toast } from '../../ui/use-toast';
import { loadComicValidation } from './comic-rules-loader';
import type { FieldErrors } from './comic-validation';
import {
  EDITABLE_FIELDS,
  FIELD_LABELS,
  FIELD_PLACEHOLDERS,
  type ComicFields,
  type EditableField,
} from './draft-comic';

// Phone keyboards: a numeric pad for the grade, plain text (not digits) for issue numbers like "Annual 1".
const INPUT_MODES: Partial<Record<EditableField, 'decimal' | 'numeric' | 'text'>> = {
  publicationYear: 'numeric',
  cgcGrade: 'decimal',
  estimatedValue: 'decimal',
};

const HINTS: Partial<Record<EditableField, string>> = {
  cgcGrade: 'The number on the label, 0.5 to 10.0.',
  estimatedValue: 'Optional: what you think it is worth.',
};

/** The cert number's hint for the chosen grader (the same formats the check enforces). */
const CERT_HINTS: Record<Grader, string> = {
  CGC: 'CGC: 10 digits, as printed under the barcode.',
  CBCS: 'CBCS: as printed, e.g. 21-2EC8B4A-002.',
  PGX: 'PGX: 6 to 9 digits, as printed.',
};

function hintFor(field: EditableField, grader: Grader): string | undefined {
  return field === 'cgcCertNumber' ? CERT_HINTS[grader] : HINTS[field];
}

/** Props of the comic edit form. */
export interface ComicEditFormProps {
  comicName: string;
  initial: ComicFields;
  /** The grading company read from the label; null when unknown (the form then starts on CGC). */
  initialGrader: Grader | null;
  flagged: ReadonlySet<EditableField>;
  /** Errors to show straight away (a submit attempt found this comic incomplete). */
  initialErrors?: FieldErrors;
  onSave: (fields: ComicFields, grader: Grader) => void;
  onCancel: () => void;
}

/** The edit side of a comic card: the spec's seven fields, Save applies, Cancel reverts. */
export function ComicEditForm({
  comicName,
  initial,
  initialGrader,
  flagged,
  initialErrors,
  onSave,
  onCancel,
}: ComicEditFormProps) {
  const [values, setValues] = useState<ComicFields>(initial);
  const [grader, setGrader] = useState<Grader>(initialGrader ?? 'CGC');
  const [errors, setErrors] = useState<FieldErrors>(initialErrors ?? {});
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // Put the cursor where the seller's attention is needed: the first error, else the first doubtful field.
  // The rules this form's Save applies: asked for as it opens (comic-rules-loader.ts).
  useEffect(() => {
    void loadComicValidation().catch(() => undefined);
  }, []);

  useEffect(() => {
    const first =
      EDITABLE_FIELDS.find((field) => initialErrors?.[field]) ??
      EDITABLE_FIELDS.find((field) => flagged.has(field));
    const target = formRef.current?.querySelector<HTMLElement>(`[name="${first ?? 'title'}"]`);
    target?.focus();
    // Only when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Loaded by now in practice (asked for when the form opened, below); a failed load leaves the form open.
    const rules = await loadComicValidation().catch(() => null);
    if (!rules) {
      toast({
        title: 'Not Saved',
        description: 'The details could not be checked. Please check your connection and try again.',
        variant: 'destructive',
      });
      return;
    }
    const found = rules.validateComicFields(values, grader);
    setErrors(found);
    const firstBad = EDITABLE_FIELDS.find((field) => found[field]);
    if (firstBad) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstBad}"]`)?.focus();
      return;
    }
    // Stray spaces from a phone keyboard are dropped here so the card shows what will be submitted.
    const trimmed = Object.fromEntries(
      EDITABLE_FIELDS.map((field) => [field, values[field].trim()]),
    ) as ComicFields;
    onSave(trimmed, grader);
  }

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Edit ${comicName}`}
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${formId}-grader`}>Grading Company</Label>
          <select
            id={`${formId}-grader`}
            name="grader"
            value={grader}
            onChange={(event) => setGrader(event.target.value as Grader)}
            className={cn(
              'h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900',
              'focus-visible:border-blue-600 focus-visible:outline-3 focus-visible:outline-blue-600/40',
            )}
          >
            {GRADERS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        {EDITABLE_FIELDS.map((field) => {
          const id = `${formId}-${field}`;
          const error = errors[field];
          // A doubtful field the seller has changed is their answer to the doubt: no longer flagged.
          const isFlagged = flagged.has(field) && values[field] === initial[field];
          const hint = hintFor(field, grader);
          const describedBy =
            [error && `${id}-error`, isFlagged && `${id}-check`, hint && `${id}-hint`]
              .filter(Boolean)
              .join(' ') || undefined;
          const common = {
            id,
            name: field,
            value: values[field],
            placeholder: FIELD_PLACEHOLDERS[field],
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy,
            'aria-required': field === 'title' ? true : undefined,
            onChange: (event: { target: { value: string } }) =>
              setValues((current) => ({ ...current, [field]: event.target.value })),
          };
          return (
            <div
              key={field}
              className={cn('grid content-start gap-1.5', field === 'notes' && 'sm:col-span-2')}
            >
              <div className="flex flex-wrap items-center gap-2">
                <Label htmlFor={id}>
                  {FIELD_LABELS[field]}
                  {field === 'title' && <span aria-hidden="true"> *</span>}
                </Label>
                {isFlagged && <CheckMarker id={`${id}-check`} />}
              </div>
              {field === 'notes' ? (
                <textarea
                  {...common}
                  rows={3}
                  maxLength={2000}
                  className={cn(
                    'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900',
                    'placeholder:text-slate-500 focus-visible:border-blue-600 focus-visible:outline-3 focus-visible:outline-blue-600/40',
                    'aria-invalid:border-red-700',
                  )}
                />
              ) : (
                <Input
                  {...common}
                  inputMode={INPUT_MODES[field]}
                  autoComplete="off"
                  className={cn(isFlagged && !error && 'border-amber-500 bg-amber-50/40')}
                />
              )}
              {hint && (
                <p id={`${id}-hint`} className="text-xs text-slate-600">
                  {hint}
                </p>
              )}
              {error && (
                <p id={`${id}-error`} className="text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="secondary">
          Save
        </Button>
      </div>
    </form>
  );
}
