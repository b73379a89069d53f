import { useId, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { errorToastMessage } from '../../lib/api-request';
import { toast } from '../../ui/use-toast';
import { savePaymentEmail, validateDialogPaymentEmail } from './payment-email';

/** Props of the payment-email dialog. */
export interface PaymentEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after the server accepted the email; the page refetches the user and retries the submit. */
  onSaved: () => void;
}

/**
 * Asks a seller with no payment email on file for their PayPal email (spec sections 2, 5, 8): the save
 * button stays disabled while the input is empty or saving; a bad address gets 'Invalid Email'.
 */
export function PaymentEmailDialog({ open, onOpenChange, onSaved }: PaymentEmailDialogProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const errorId = useId();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateDialogPaymentEmail(email);
    if (problem) {
      setError(problem);
      toast({ title: 'Invalid Email', description: problem, variant: 'destructive' });
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await savePaymentEmail(email.trim());
      toast({
        title: 'Payment Email Saved',
        description: 'Your PayPal email has been configured. Submitting your comics now...',
      });
      onOpenChange(false);
      onSaved();
    } catch (failure) {
      // The toast is the spec's; the field says what the server objected to (e.g. 'a@b' lacks a domain).
      setError(errorToastMessage(failure, 'Failed to save payment email. Please try again.'));
      toast({
        title: 'Failed to update payment email',
        description: 'Failed to save payment email. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={save} noValidate>
          <DialogTitle>Where should we send your payment?</DialogTitle>
          <DialogDescription>
            We pay sellers through PayPal. Enter the email address of your PayPal account; you can change it
            later in Settings.
          </DialogDescription>
          <div className="mt-5 grid gap-1.5">
            <Label htmlFor={inputId}>PayPal email</Label>
            <Input
              id={inputId}
              type="email"
              name="paymentEmail"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              disabled={saving}
              // The dialog opens because the seller pressed submit; the field is the only thing to do here.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
            />
            {error && (
              <p id={errorId} className="text-sm font-medium text-red-700">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || email.trim() === ''}>
              {saving && <Loader2 className="animate-spin" aria-hidden="true" />}
              {saving ? 'Saving...' : 'Save and Submit'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
