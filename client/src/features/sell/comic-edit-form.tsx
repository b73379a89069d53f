import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { cn } from '../../ui/cn';
import { CheckMarker } from './check-marker';
import { validateComicFields, type FieldErrors } from './comic-validation';
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
  cgcCertNumber: 'CGC: 10 digits. CBCS and PGX numbers as printed.',
  estimatedValue: 'Optional: what you think it is worth.',
};

/** Props of the comic edit form. */
export interface ComicEditFormProps {
  comicName: string;
  initial: ComicFields;
  flagged: ReadonlySet<EditableField>;
  /** Errors to show straight away (a submit attempt found this comic incomplete). */
  initialErrors?: FieldErrors;
  onSave: (fields: ComicFields) => void;
  onCancel: () => void;
}

/** The edit side of a comic card: the spec's seven fields, Save applies, Cancel reverts. */
export function ComicEditForm({
  comicName,
  initial,
  flagged,
  initialErrors,
  onSave,
  onCancel,
}: ComicEditFormProps) {
  const [values, setValues] = useState<ComicFields>(initial);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors ?? {});
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // Put the cursor where the seller's attention is needed: the first error, else the first doubtful field.
  useEffect(() => {
    const first =
      EDITABLE_FIELDS.find((field) => initialErrors?.[field]) ??
      EDITABLE_FIELDS.find((field) => flagged.has(field));
    const target = formRef.current?.querySelector<HTMLElement>(`[name="${first ?? 'title'}"]`);
    target?.focus();
    // Only when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateComicFields(values);
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
    onSave(trimmed);
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={`Edit ${comicName}`} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {EDITABLE_FIELDS.map((field) => {
          const id = `${formId}-${field}`;
          const error = errors[field];
          const isFlagged = flagged.has(field);
          const describedBy =
            [error && `${id}-error`, isFlagged && `${id}-check`, HINTS[field] && `${id}-hint`]
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
              {HINTS[field] && (
                <p id={`${id}-hint`} className="text-xs text-slate-600">
                  {HINTS[field]}
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
