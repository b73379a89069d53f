import { Ban, CircleCheck, ImageOff, PackageCheck, PackageX } from 'lucide-react';
import { formatCents } from '../../../../shared/money';
import type { Comic, Submission } from '../../../../shared/schemas/submission';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { comicName, isAccepted, isOutOfSale } from './submission-rules';
import { useOfferResponse } from './submissions-api';

/** The comic's first photo (its thumbnail), or a placeholder when it has none. */
function ComicThumbnail({ comic }: { comic: Comic }) {
  const src = comic.thumbnailUrls[0] ?? comic.imageUrls[0];
  const frame =
    'aspect-[3/4] w-16 shrink-0 self-start overflow-hidden rounded-lg border border-slate-200 bg-slate-100 sm:w-20';
  if (!src) {
    return (
      <div className={cn(frame, 'grid place-items-center text-slate-500')} data-testid="comic-placeholder">
        <ImageOff className="size-6" aria-hidden="true" />
        <span className="sr-only">No photo</span>
      </div>
    );
  }
  return <img src={src} alt={comicName(comic)} loading="lazy" className={cn(frame, 'object-cover')} />;
}

/** The seller's offer area of one comic while the submission is pending (spec section 4). */
function OfferArea({ comic }: { comic: Comic }) {
  const respond = useOfferResponse();
  if (comic.adminStatus === 'rejected') {
    return <p className="text-sm font-semibold text-slate-700">No Offer Available</p>;
  }
  if (comic.userResponse === 'accepted_cash') {
    return (
      <p className="flex items-center gap-1.5 text-sm font-bold text-green-800">
        <CircleCheck className="size-4" aria-hidden="true" />
        ACCEPTED CASH OFFER OF {formatCents(comic.cashOfferCents ?? 0)}
      </p>
    );
  }
  if (comic.userResponse === 'accepted_credit') {
    return (
      <p className="flex items-center gap-1.5 text-sm font-bold text-green-800">
        <CircleCheck className="size-4" aria-hidden="true" />
        ACCEPTED STORE CREDIT OF {formatCents(comic.storeCreditOfferCents ?? 0)}
      </p>
    );
  }
  if (comic.userResponse === 'user_rejected') {
    return (
      <p className="flex items-center gap-1.5 text-sm font-bold text-red-800">
        <Ban className="size-4" aria-hidden="true" />
        Offer Declined
      </p>
    );
  }
  if (comic.cashOfferCents === null && comic.storeCreditOfferCents === null) return null;

  const can = (action: Comic['allowedActions'][number]) => comic.allowedActions.includes(action);
  const name = comicName(comic);
  const busy = respond.isPending;
  return (
    <div className="grid gap-3 rounded-xl bg-slate-50 p-3">
      <p className="text-sm font-bold text-slate-900">Our Offers</p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">Cash</dt>
          <dd className="font-bold text-slate-950">
            {comic.cashOfferCents === null ? 'No cash offer' : formatCents(comic.cashOfferCents)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Store Credit</dt>
          <dd className="font-bold text-slate-950">
            {comic.storeCreditOfferCents === null
              ? 'No credit offer'
              : formatCents(comic.storeCreditOfferCents)}
          </dd>
        </div>
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {can('accept_cash') && (
          <Button
            size="sm"
            disabled={busy}
            aria-label={`Accept Cash for ${name}`}
            onClick={() => respond.mutate({ comicId: comic.id, userResponse: 'accepted_cash' })}
          >
            Accept Cash
          </Button>
        )}
        {can('accept_credit') && (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={`Accept Credit for ${name}`}
            onClick={() => respond.mutate({ comicId: comic.id, userResponse: 'accepted_credit' })}
          >
            Accept Credit
          </Button>
        )}
        {can('decline') && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Decline All Offers for ${name}`}
            onClick={() => respond.mutate({ comicId: comic.id, userResponse: 'user_rejected' })}
          >
            Decline All Offers
          </Button>
        )}
      </div>
    </div>
  );
}

/** What the shipping step says about one comic: pack it, or keep it. */
function ShipmentMark({ comic }: { comic: Comic }) {
  if (isAccepted(comic)) {
    return (
      <p className="flex items-center gap-1.5 text-sm font-bold text-green-800">
        <PackageCheck className="size-4" aria-hidden="true" />
        Include in your shipment
      </p>
    );
  }
  return (
    <p className="flex items-center gap-1.5 text-sm font-bold text-red-800">
      <PackageX className="size-4" aria-hidden="true" />
      Do Not Ship: keep this comic
    </p>
  );
}

/** One comic on a submission card: photo, details, and what its status asks of the seller. */
export function ComicRow({ comic, submission }: { comic: Comic; submission: Submission }) {
  const details = [
    comic.issueNumber.trim() ? `Issue #${comic.issueNumber.trim()}` : null,
    comic.publisher || null,
    comic.cgcGrade != null ? `CGC ${comic.cgcGrade}` : null,
    comic.cgcCertNumber ? `Cert #${comic.cgcCertNumber}` : null,
  ].filter((part): part is string => part !== null);
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0 sm:gap-4" aria-label={comicName(comic)}>
      <ComicThumbnail comic={comic} />
      <div className="grid min-w-0 flex-1 content-start gap-2">
        <div>
          <p className="font-bold break-words text-slate-950">{comic.title.trim() || 'Untitled comic'}</p>
          <p className="text-sm text-slate-700">{details.join(' · ')}</p>
        </div>
        {submission.status === 'pending' && <OfferArea comic={comic} />}
        {submission.status === 'awaiting_shipment' && <ShipmentMark comic={comic} />}
        {submission.status !== 'pending' &&
          submission.status !== 'awaiting_shipment' &&
          !isOutOfSale(comic) &&
          isAccepted(comic) && (
            <p className="text-sm font-semibold text-slate-800">
              {comic.userResponse === 'accepted_cash'
                ? `Accepted cash offer of ${formatCents(comic.cashOfferCents ?? 0)}`
                : `Accepted store credit of ${formatCents(comic.storeCreditOfferCents ?? 0)}`}
            </p>
          )}
      </div>
    </li>
  );
}
