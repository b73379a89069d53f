import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_VALUATION_SETTINGS,
  valuationSettingsSchema,
  type ValuationSettings,
} from '../../../../shared/schemas/valuation';
import { ApiError, errorToastMessage } from '../../lib/api-request';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { toast } from '../../ui/use-toast';
import { saveSettings, VALUATION_SETTINGS_QUERY_KEY } from './price-guide-api';

type Field = keyof ValuationSettings;

/** The settings' fields as staff read them, in form order. */
const FIELDS: ReadonlyArray<{ field: Field; label: string; hint: string; step: string }> = [
  {
    field: 'baselinePercent',
    label: 'Baseline cash offer (% of market value)',
    hint: 'The spec: typically 60-70%.',
    step: '0.5',
  },
  {
    field: 'premiumPercent',
    label: 'Higher cash offer (%)',
    hint: 'Key issues, high grades, fast movers: 70% and up.',
    step: '0.5',
  },
  {
    field: 'reducedPercent',
    label: 'Lower cash offer (%)',
    hint: 'Thin sales data, low grades: under 60%.',
    step: '0.5',
  },
  {
    field: 'creditBonusPercent',
    label: 'Store credit above cash (%)',
    hint: 'The spec: typically 15-20% more than cash.',
    step: '0.5',
  },
  {
    field: 'highGrade',
    label: 'High grade from',
    hint: 'Grades at or above this get the higher offer (9.8).',
    step: '0.1',
  },
  {
    field: 'lowGradeBelow',
    label: 'Low grade below',
    hint: 'Grades below this get the lower offer.',
    step: '0.1',
  },
  {
    field: 'fastMoverSales',
    label: 'Fast mover: sales a year, at least',
    hint: 'Books selling this often get the higher offer.',
    step: '1',
  },
  {
    field: 'thinDataSales',
    label: 'Thin data: sales a year, fewer than',
    hint: 'Books selling less often get the lower offer.',
    step: '1',
  },
];

type Draft = Record<Field, string>;
const toDraft = (settings: ValuationSettings): Draft =>
  Object.fromEntries(FIELDS.map(({ field }) => [field, String(settings[field])])) as Draft;

/** The dealer's offer percentages and tier thresholds, with the spec's figures as defaults. */
export function OfferSettingsCard({ settings }: { settings: ValuationSettings }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: async (saved) => {
      setDraft(toDraft(saved));
      toast({ title: 'Offer Settings Saved', description: 'New offer suggestions use these figures.' });
      await queryClient.invalidateQueries({ queryKey: VALUATION_SETTINGS_QUERY_KEY });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.issues.length > 0) {
        setErrors(Object.fromEntries(failure.issues.map((issue) => [issue.path, issue.message])));
      }
      toast({
        title: 'Failed to save offer settings',
        description: errorToastMessage(failure, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(
      FIELDS.map(({ field }) => [field, draft[field].trim() === '' ? Number.NaN : Number(draft[field])]),
    );
    const parsed = valuationSettingsSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= Number.isNaN(values[field]) ? 'Please enter a number.' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Offer settings</CardTitle>
        <CardDescription>
          Suggested offers in the Make an Offer dialog start from these. Staff can always change the amounts.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-describedby={`${formId}-note`}>
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map(({ field, label, hint, step }) => {
              const id = `${formId}-${field}`;
              const error = errors[field];
              return (
                <div key={field} className="grid content-start gap-1.5">
                  <Label htmlFor={id}>{label}</Label>
                  <Input
                    id={id}
                    type="number"
                    inputMode="decimal"
                    step={step}
                    value={draft[field]}
                    onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                  />
                  <p id={`${id}-hint`} className="text-xs text-slate-600">
                    {hint}
                  </p>
                  {error && (
                    <p id={`${id}-error`} className="text-sm font-medium text-red-700">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
          <p id={`${formId}-note`} className="text-xs text-slate-600">
            Thin data or a low grade lowers an offer even when the book is a key or a 9.8.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save offer settings'}
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setDraft(toDraft(DEFAULT_VALUATION_SETTINGS));
                setErrors({});
              }}
            >
              Use the spec's figures
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
