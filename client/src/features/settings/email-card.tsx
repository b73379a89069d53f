import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { emailToastTitle } from '../../../../shared/schemas/user-emails';
import { apiRequestJson, errorToastMessage } from '../../lib/api-request';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { toast } from '../../ui/use-toast';
import { refreshCurrentUser } from '../auth/current-user';

/** What one editable email card needs: its texts, its rule, and where and how it saves. */
export interface EmailCardProps {
  title: string;
  description: string;
  label: string;
  /** The saved value, shown under the form ('Not set' when empty). */
  current: string | null;
  /** The shared zod rule (the server applies the same one). */
  schema: ZodType<string>;
  /** The PUT route and the body field the value goes in. */
  path: string;
  field: string;
  successTitle: string;
  successDescription: string;
  failureMessage: string;
}

/** An editable email with its own Save button (spec: Settings emails, sections 5 and 8). */
export function EmailCard(props: EmailCardProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [value, setValue] = useState(props.current ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (email: string) => apiRequestJson<unknown>('PUT', props.path, { [props.field]: email }),
    onSuccess: async (_user, email) => {
      setValue(email);
      toast({ title: props.successTitle, description: props.successDescription });
      await refreshCurrentUser();
    },
    onError: (failure) => {
      toast({
        title: 'Update Failed',
        description: errorToastMessage(failure, props.failureMessage),
        variant: 'destructive',
      });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = props.schema.safeParse(value);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please enter a valid email address.';
      setError(message);
      toast({ title: emailToastTitle(message), description: message, variant: 'destructive' });
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-3">
          <Label htmlFor={inputId}>{props.label}</Label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              id={inputId}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <Button type="submit" disabled={save.isPending} className="sm:w-32">
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
          {error && (
            <p id={errorId} className="text-sm font-semibold text-red-700">
              {error}
            </p>
          )}
          <p className="text-sm text-slate-600">
            Current:{' '}
            <span className="font-medium text-slate-900" data-testid={`${props.field}-current`}>
              {props.current || 'Not set'}
            </span>
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
