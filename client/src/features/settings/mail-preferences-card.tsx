import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailPreferencesSchema, type MailPreferences } from '../../../../shared/schemas/mail-preferences';
import { apiRequestJson, errorToastMessage } from '../../lib/api-request';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Label } from '../../ui/label';
import { toast } from '../../ui/use-toast';

const KEY = ['/api/user/mail-preferences'] as const;

/** The reminder opt-out: mail about changes to a submission always goes; reminders can be turned off. */
export function MailPreferencesCard() {
  const checkboxId = useId();
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: KEY,
    queryFn: async () => mailPreferencesSchema.parse(await apiRequestJson<unknown>('GET', KEY[0])),
  });
  const save = useMutation({
    mutationFn: async (preferences: MailPreferences) =>
      mailPreferencesSchema.parse(await apiRequestJson<unknown>('PUT', KEY[0], preferences)),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      toast({
        title: 'Mail Preferences Updated',
        description: saved.reminders ? 'Reminder emails are on.' : 'Reminder emails are off.',
      });
    },
    onError: (failure) =>
      toast({
        title: 'Update Failed',
        description: errorToastMessage(failure, 'Failed to update mail preferences. Please try again.'),
        variant: 'destructive',
      }),
  });
  const checked = save.isPending ? (save.variables?.reminders ?? false) : (data?.reminders ?? true);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Email Reminders</CardTitle>
        <CardDescription>
          We always email you when something happens to a submission (offers ready, payment sent...).
          Reminders are extra: when offers wait 3 days for your answer, or accepted comics are not shipped
          after 5 days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-3">
          <Checkbox
            id={checkboxId}
            checked={checked}
            disabled={isLoading || save.isPending}
            onCheckedChange={(value) => save.mutate({ reminders: value === true })}
          />
          <Label htmlFor={checkboxId}>Send me reminder emails</Label>
        </div>
      </CardContent>
    </Card>
  );
}
