import { useId, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { toast } from '../../ui/use-toast';

/** One text field of an action dialog. */
export interface TextField {
  name: string;
  label: string;
  /** Shown under the field and in the failure toast when the field is left blank. */
  requiredMessage: string;
  multiline?: boolean;
  maxLength: number;
}

/** Props of an action dialog that asks for text before it acts. */
export interface TextActionDialogProps {
  open: boolean;
  title: string;
  description: string;
  fields: TextField[];
  submitLabel: string;
  /** The spec's failure toast title, also used when a field is blank (spec section 8). */
  failureTitle: string;
  pending: boolean;
  onSubmit: (values: Record<string, string>) => void;
  onClose: () => void;
}

/**
 * Mark as Paid and Open Dispute (spec sections 2 and 5): every field trimmed and required; a blank
 * one is named under the field and in the action's failure toast, and nothing is sent.
 */
export function TextActionDialog(props: TextActionDialogProps) {
  const { open, pending, onClose } = props;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts empty. */}
        <TextActionForm {...props} />
      </DialogContent>
    </Dialog>
  );
}

function TextActionForm(props: TextActionDialogProps) {
  const { fields, pending, onClose } = props;
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const baseId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = Object.fromEntries(
      fields.map((field) => [field.name, (values[field.name] ?? '').trim()]),
    );
    const missing = Object.fromEntries(
      fields.filter((field) => !trimmed[field.name]).map((field) => [field.name, field.requiredMessage]),
    );
    setErrors(missing);
    const first = Object.values(missing)[0];
    if (first) {
      toast({ title: props.failureTitle, description: first, variant: 'destructive' });
      return;
    }
    props.onSubmit(trimmed);
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogDescription>{props.description}</DialogDescription>
      <div className="mt-5 grid gap-4">
        {fields.map((field) => {
          const id = `${baseId}-${field.name}`;
          const errorId = `${id}-error`;
          const common = {
            id,
            name: field.name,
            maxLength: field.maxLength,
            value: values[field.name] ?? '',
            'aria-invalid': errors[field.name] ? true : undefined,
            'aria-describedby': errors[field.name] ? errorId : undefined,
            onChange: (event: { target: { value: string } }) =>
              setValues((current) => ({ ...current, [field.name]: event.target.value })),
          };
          return (
            <div key={field.name} className="grid gap-1.5">
              <Label htmlFor={id}>{field.label}</Label>
              {field.multiline ? (
                <textarea
                  {...common}
                  rows={4}
                  className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-blue-600 focus-visible:outline-3 focus-visible:outline-blue-600/40 aria-invalid:border-red-700"
                />
              ) : (
                <Input {...common} autoComplete="off" />
              )}
              {errors[field.name] && (
                <p id={errorId} className="text-sm text-red-800">
                  {errors[field.name]}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {props.submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
