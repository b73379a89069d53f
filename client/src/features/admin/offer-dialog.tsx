import { useId, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { formatCents } from '../../../../shared/money';
import { offerFormSchema } from '../../../../shared/schemas/offer';
import type { Comic } from '../../../../shared/schemas/submission';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { toast } from '../../ui/use-toast';
import { ADMIN_ACTIONS, useAdminAction, type OfferInput } from './admin-api';
import { useOfferSuggestion, type OfferSuggestion } from './offer-suggestion';

/** Props of the Make an Offer / Edit Offer dialog. */
export interface OfferDialogProps {
  submissionId: string;
  comic: Comic | null;
  onClose: () => void;
}

const initial = (cents: number | null) => (cents === null ? '' : formatCents(cents));

/**
 * Make an Offer / Edit Offer on one comic (spec sections 2, 5, 7): cash and store-credit amounts as
 * money text ('$1,200.50'), at least one. The shared offer schema checks the form before it is sent;
 * the server checks it again and decides whether the offer is still allowed.
 */
export function OfferDialog({ submissionId, comic, onClose }: OfferDialogProps) {
  const offer = useAdminAction(ADMIN_ACTIONS.makeOffer, submissionId);
  const suggestion = useOfferSuggestion(comic?.id ?? null);
  return (
    <Dialog open={comic !== null} onOpenChange={(open) => !open && !offer.isPending && onClose()}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts from the comic's offer or the suggestion
            (loaded before the dialog opens: prefetchOfferSuggestion). */}
        {comic && <OfferForm comic={comic} offer={offer} suggestion={suggestion} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function OfferForm({
  comic,
  offer,
  suggestion,
  onClose,
}: {
  comic: Comic;
  offer: ReturnType<typeof useAdminAction<OfferInput>>;
  suggestion: OfferSuggestion | null;
  onClose: () => void;
}) {
  const editing = comic.cashOfferCents !== null || comic.storeCreditOfferCents !== null;
  // An existing offer is edited as it stands; a first offer starts from the suggestion, if any.
  const start = editing
    ? { cash: comic.cashOfferCents, credit: comic.storeCreditOfferCents }
    : { cash: suggestion?.cashOfferCents ?? null, credit: suggestion?.storeCreditOfferCents ?? null };
  const [cash, setCash] = useState(() => initial(start.cash));
  const [credit, setCredit] = useState(() => initial(start.credit));
  const [errors, setErrors] = useState<{ cashOffer?: string; storeCreditOffer?: string }>({});
  const ids = { cash: useId(), credit: useId(), cashError: useId(), creditError: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = offerFormSchema.safeParse({ cashOffer: cash, storeCreditOffer: credit });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      toast({
        title: 'Failed to make offer',
        description: next.cashOffer ?? next.storeCreditOffer ?? 'Please check the amounts.',
        variant: 'destructive',
      });
      return;
    }
    setErrors({});
    offer.mutate({ comicId: comic.id, cashOffer: cash, storeCreditOffer: credit }, { onSuccess: onClose });
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>{editing ? 'Edit Offer' : 'Make an Offer'}</DialogTitle>
      <DialogDescription>
        {`${comic.title} #${comic.issueNumber}`}
        {comic.estimatedValueCents != null ? `, estimated at ${formatCents(comic.estimatedValueCents)}` : ''}.
        Enter a cash offer, a store credit offer, or both.
      </DialogDescription>
      {suggestion?.note && <p className="mt-2 text-sm text-slate-700">{suggestion.note}</p>}
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.cash}>Cash Offer</Label>
          <Input
            id={ids.cash}
            inputMode="decimal"
            placeholder="$0.00"
            value={cash}
            aria-invalid={errors.cashOffer ? true : undefined}
            aria-describedby={errors.cashOffer ? ids.cashError : undefined}
            onChange={(event) => setCash(event.target.value)}
          />
          {errors.cashOffer && (
            <p id={ids.cashError} className="text-sm text-red-800">
              {errors.cashOffer}
            </p>
          )}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.credit}>Store Credit Offer</Label>
          <Input
            id={ids.credit}
            inputMode="decimal"
            placeholder="$0.00"
            value={credit}
            aria-invalid={errors.storeCreditOffer ? true : undefined}
            aria-describedby={errors.storeCreditOffer ? ids.creditError : undefined}
            onChange={(event) => setCredit(event.target.value)}
          />
          {errors.storeCreditOffer && (
            <p id={ids.creditError} className="text-sm text-red-800">
              {errors.storeCreditOffer}
            </p>
          )}
        </div>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={offer.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={offer.isPending}>
          {offer.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {editing ? 'Save Offer' : 'Make Offer'}
        </Button>
      </DialogFooter>
    </form>
  );
}
