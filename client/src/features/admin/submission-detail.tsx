import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ArrowLeft, ExternalLink, Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { certLookup } from '../../../../shared/cert-lookup';
import { trackingUrl } from '../../../../shared/carriers';
import { formatCents, formatOffer } from '../../../../shared/money';
import { shortReference } from '../../../../shared/short-reference';
import { ACTION_MESSAGES, ACTION_TEXT_LIMITS } from '../../../../shared/schemas/submission-actions';
import {
  payoutEmailForDisplay,
  sellerDisplayName,
  type Comic,
  type Submission,
} from '../../../../shared/schemas/submission';
import type { ReadField } from '../../../../shared/reading-differences';
import type { SubmissionAction } from '../../../../shared/lifecycle/actions';
import { ApiError } from '../../lib/api-request';
import { SubmissionTimeline } from '../timeline/submission-timeline';
import { Button, buttonClasses } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { ADMIN_ACTIONS, useAdminAction, useSubmission } from './admin-api';
import { OfferDialog } from './offer-dialog';
import { prefetchOfferSuggestion } from './offer-suggestion';
import { ComicStatusBadge, SubmissionStatusBadge } from './status-badge';
import { TextActionDialog } from './text-action-dialog';

const USER_RESPONSE_TEXT = {
  accepted_cash: 'Accepted cash offer',
  accepted_credit: 'Accepted store credit',
  user_rejected: 'Declined the offers',
} as const;

/** What the Offer Summary says for each status (spec section 4 "Admin actions by submission status"). */
const STATUS_MESSAGES: Partial<Record<Submission['status'], string>> = {
  awaiting_review:
    'Make an offer on or reject every comic. Once every comic is attended and at least one has an offer, mark it processed so the seller can review the offers.',
  submission_processed: "Waiting for the seller's response.",
  user_response: "Review the seller's responses.",
  pending: 'Offers sent. Waiting for the seller to answer each one.',
  awaiting_shipment: 'The seller accepted. Waiting for the package.',
  shipped: 'On its way. Mark it received when the package arrives.',
  inspecting_submission: 'Inspect the comics, then mark it paid or open a dispute.',
  dispute: 'A problem was found in inspection. Resolve the dispute with the seller.',
  declined: 'No offers could be made on any comic.',
  cancelled: 'This submission was cancelled.',
};

function Field({ label, children, note }: { label: string; children: ReactNode; note?: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-950">
        {children}
        {note}
      </dd>
    </div>
  );
}

/**
 * 'Edited by seller, read as: X' when the seller changed this field from what the label reader read
 * on the photo (the server's own reading, kept with the comic); nothing otherwise.
 */
function ReadAsNote({ comic, field }: { comic: Comic; field: ReadField }) {
  const difference = comic.readerDifferences?.find((entry) => entry.field === field);
  if (!difference) return null;
  return (
    <span className="block text-xs font-normal text-amber-800">
      Edited by seller, read as: {difference.read || 'nothing'}
    </span>
  );
}

/**
 * What the label reader noted on the comic's photo (a title matched to the price guide, a publisher
 * or year taken from it, a barcode that disagrees with the printed number), as the seller saw it.
 */
function ReaderNotes({ comic }: { comic: Comic }) {
  const notes = comic.readerNotes ?? [];
  if (notes.length === 0) return null;
  const headingId = `reader-notes-${comic.id}`;
  return (
    <div className="text-xs text-slate-700">
      <p id={headingId} className="font-medium">
        Label reader notes
      </p>
      <ul aria-labelledby={headingId} className="list-disc space-y-0.5 pl-4">
        {notes.map((note, index) => (
          <li key={index}>{note}</li>
        ))}
      </ul>
    </div>
  );
}

function sumCents(comics: Comic[], pick: (comic: Comic) => number | null): number | null {
  const values = comics.map(pick).filter((value): value is number => value !== null);
  return values.length === 0 ? null : values.reduce((total, value) => total + value, 0);
}

/** Props of the detail screen. */
export interface SubmissionDetailProps {
  id: string;
  /** Where 'Back to Dashboard' goes: the dashboard view the detail was opened from. */
  backHref: string;
}

/**
 * One submission for staff (spec section 2 "Admin submission detail"): Submission Information, the
 * Offer Summary with exactly the actions the server allows, every comic with its photos and actions,
 * and the dialogs. Opened in place from the dashboard, and at its own URL.
 */
export function SubmissionDetail({ id, backHref }: SubmissionDetailProps) {
  const query = useSubmission(id);
  const back = (
    <Link href={backHref} className={buttonClasses('outline', 'sm')}>
      <ArrowLeft aria-hidden="true" />
      Back to Dashboard
    </Link>
  );
  if (query.isPending) {
    return (
      <div className="space-y-4">
        {back}
        <p className="flex items-center gap-2 text-slate-700">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading submission...
        </p>
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <p className="text-lg font-semibold text-slate-950" role="alert">
          {missing ? 'Submission not found' : 'The submission could not be loaded. Please try again.'}
        </p>
      </div>
    );
  }
  return <Loaded submission={query.data} back={back} />;
}

function Loaded({ submission, back }: { submission: Submission; back: ReactNode }) {
  const [offerComic, setOfferComic] = useState<Comic | null>(null);
  const [loadingOffer, setLoadingOffer] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // A first offer starts from the valuation's suggestion: load it, then open the dialog.
  const openOffer = async (comic: Comic) => {
    if (comic.cashOfferCents === null && comic.storeCreditOfferCents === null) {
      setLoadingOffer(comic.id);
      await prefetchOfferSuggestion(queryClient, comic.id);
      setLoadingOffer(null);
    }
    setOfferComic(comic);
  };
  const [preview, setPreview] = useState<{ comic: Comic; index: number } | null>(null);
  const [dialog, setDialog] = useState<'paid' | 'dispute' | null>(null);
  const id = submission.id;
  const actions = {
    markProcessed: useAdminAction(ADMIN_ACTIONS.markProcessed, id),
    markDeclined: useAdminAction(ADMIN_ACTIONS.markDeclined, id),
    cancel: useAdminAction(ADMIN_ACTIONS.cancel, id),
    markReceived: useAdminAction(ADMIN_ACTIONS.markReceived, id),
    markPaid: useAdminAction(ADMIN_ACTIONS.markPaid, id),
    openDispute: useAdminAction(ADMIN_ACTIONS.openDispute, id),
    resolveDispute: useAdminAction(ADMIN_ACTIONS.resolveDispute, id),
    resumeInspection: useAdminAction(ADMIN_ACTIONS.resumeInspection, id),
    reject: useAdminAction(ADMIN_ACTIONS.reject, id),
  };
  const busy = Object.values(actions).some((action) => action.isPending);
  const allowed = (action: SubmissionAction) => submission.allowedActions.includes(action);
  const ref = shortReference(id);
  const seller = submission.user;
  const trackingLink = trackingUrl(submission.carrier, submission.trackingId);
  const acceptedCash = submission.comics.some((comic) => comic.adminStatus === 'accepted_cash');
  const acceptedCredit = submission.comics.some((comic) => comic.adminStatus === 'accepted_credit');
  const cashTotal =
    submission.totalCashOfferCents ?? sumCents(submission.comics, (comic) => comic.cashOfferCents);
  const creditTotal =
    submission.totalStoreCreditOfferCents ??
    sumCents(submission.comics, (comic) => comic.storeCreditOfferCents);
  const estimated =
    submission.totalEstimatedValueCents ?? sumCents(submission.comics, (comic) => comic.estimatedValueCents);
  const simple = (
    action: SubmissionAction,
    label: string,
    mutation: { mutate: (input: { id: string }) => void },
    variant: 'primary' | 'outline' | 'destructive' = 'primary',
  ) =>
    allowed(action) && (
      <Button key={action} variant={variant} disabled={busy} onClick={() => mutation.mutate({ id })}>
        {label}
      </Button>
    );

  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold text-slate-950">Submission #{ref}</h2>
        <SubmissionStatusBadge status={submission.status} />
        <span className="text-slate-700">
          Submitted {format(new Date(submission.createdAt), 'MMM dd, yyyy')}
        </span>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card role="region" aria-labelledby="submission-information-title">
          <CardHeader>
            <CardTitle as="h3" id="submission-information-title">
              Submission Information
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Field label="Seller">{(seller && sellerDisplayName(seller)) ?? 'Not provided'}</Field>
              {seller?.username && <Field label="Username">{seller.username}</Field>}
              <Field label="Email">{seller?.email ?? 'Not provided'}</Field>
              <Field label="Payment email">{seller ? payoutEmailForDisplay(seller) : 'Not provided'}</Field>
              <Field label="Store email">{seller?.storeEmail?.trim() || 'Not provided'}</Field>
              <Field label="Reference">
                #{ref} <span className="font-mono text-xs text-slate-600">{id}</span>
              </Field>
              <Field label="Comics">{submission.comics.length}</Field>
              {submission.trackingId && (
                <Field label="Tracking">
                  {submission.carrier ? `${submission.carrier} ` : ''}
                  {trackingLink ? (
                    <a
                      href={trackingLink}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="text-red-700 underline"
                    >
                      {submission.trackingId}
                      <ExternalLink className="ml-1 inline size-3.5" aria-hidden="true" />
                      <span className="sr-only"> (opens the carrier's tracking page)</span>
                    </a>
                  ) : (
                    submission.trackingId
                  )}
                </Field>
              )}
              {submission.disputeMessage && <Field label="Dispute">{submission.disputeMessage}</Field>}
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h3">Offer Summary</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <dl className="grid grid-cols-3 gap-3">
              <Field label="Est. Value">{estimated === null ? '—' : formatCents(estimated)}</Field>
              <Field label="Cash Offer">{formatOffer(cashTotal)}</Field>
              <Field label="Store Credit">{formatOffer(creditTotal)}</Field>
            </dl>
            {submission.status === 'paid' ? (
              <div className="rounded-lg bg-green-50 p-3 text-green-900">
                <p className="font-semibold">Payment Sent via PayPal</p>
                {submission.paypalTransactionId && <p>Transaction ID: {submission.paypalTransactionId}</p>}
                {submission.storeCreditReference && (
                  <p>Store credit reference: {submission.storeCreditReference}</p>
                )}
              </div>
            ) : (
              STATUS_MESSAGES[submission.status] && (
                <p className="text-slate-700">{STATUS_MESSAGES[submission.status]}</p>
              )
            )}
            <div className="flex flex-wrap gap-2">
              {simple('mark_processed', 'Mark as Processed', actions.markProcessed)}
              {simple('mark_declined', 'Mark as Declined', actions.markDeclined, 'destructive')}
              {simple('mark_received', 'Mark as Received', actions.markReceived)}
              {allowed('mark_paid') && (
                <Button disabled={busy} onClick={() => setDialog('paid')}>
                  Mark as Paid
                </Button>
              )}
              {allowed('open_dispute') && (
                <Button variant="outline" disabled={busy} onClick={() => setDialog('dispute')}>
                  Open Dispute
                </Button>
              )}
              {simple('resolve_dispute', 'Resolve Dispute', actions.resolveDispute)}
              {simple('resume_inspection', 'Resume Inspection', actions.resumeInspection, 'outline')}
              {simple('cancel', 'Cancel Submission', actions.cancel, 'destructive')}
            </div>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby={`${id}-comics`} className="space-y-4">
        <h3 id={`${id}-comics`} className="text-xl font-bold text-slate-950">
          Comics ({submission.comics.length})
        </h3>
        <ul className="space-y-4">
          {submission.comics.map((comic) => (
            <li key={comic.id}>
              <ComicCard
                comic={comic}
                busy={busy || loadingOffer !== null}
                onOffer={() => void openOffer(comic)}
                onReject={() => actions.reject.mutate({ comicId: comic.id })}
                onPreview={(index) => setPreview({ comic, index })}
              />
            </li>
          ))}
        </ul>
      </section>

      <SubmissionTimeline
        events={submission.timeline}
        audience="admin"
        comics={submission.comics}
        defaultOpen
      />

      <OfferDialog submissionId={id} comic={offerComic} onClose={() => setOfferComic(null)} />
      <TextActionDialog
        open={dialog === 'paid'}
        title="Mark as Paid"
        description={`Record the payment for submission #${ref}. The seller sees Payment Sent.`}
        fields={[
          ...(acceptedCash || !acceptedCredit
            ? [
                {
                  name: 'paypalTransactionId',
                  label: 'PayPal transaction ID',
                  requiredMessage: ACTION_MESSAGES.transactionRequired,
                  maxLength: ACTION_TEXT_LIMITS.paypalTransactionId,
                },
              ]
            : []),
          ...(acceptedCredit
            ? [
                {
                  name: 'storeCreditReference',
                  label: 'Store credit reference (gift card or order number)',
                  requiredMessage: ACTION_MESSAGES.storeCreditReferenceRequired,
                  maxLength: ACTION_TEXT_LIMITS.storeCreditReference,
                },
              ]
            : []),
        ]}
        submitLabel="Mark as Paid"
        failureTitle={ADMIN_ACTIONS.markPaid.failureTitle}
        pending={actions.markPaid.isPending}
        onSubmit={(values) =>
          actions.markPaid.mutate({ id, ...values }, { onSuccess: () => setDialog(null) })
        }
        onClose={() => setDialog(null)}
      />
      <TextActionDialog
        open={dialog === 'dispute'}
        title="Open Dispute"
        description="Describe the problem found in inspection. The seller is notified with this message."
        fields={[
          {
            name: 'disputeMessage',
            label: 'Message to the seller',
            requiredMessage: ACTION_MESSAGES.disputeRequired,
            multiline: true,
            maxLength: ACTION_TEXT_LIMITS.disputeMessage,
          },
        ]}
        submitLabel="Open Dispute"
        failureTitle={ADMIN_ACTIONS.openDispute.failureTitle}
        pending={actions.openDispute.isPending}
        onSubmit={(values) =>
          actions.openDispute.mutate(
            { id, disputeMessage: values.disputeMessage ?? '' },
            { onSuccess: () => setDialog(null) },
          )
        }
        onClose={() => setDialog(null)}
      />
      <ImagePreviewDialog preview={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

function ComicCard({
  comic,
  busy,
  onOffer,
  onReject,
  onPreview,
}: {
  comic: Comic;
  busy: boolean;
  onOffer: () => void;
  onReject: () => void;
  onPreview: (index: number) => void;
}) {
  const cert = certLookup(comic.cgcCertNumber);
  const images = comic.thumbnailUrls.slice(0, 4);
  const name = `${comic.title} #${comic.issueNumber}`;
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-col gap-4 md:flex-row">
        <div className="flex gap-2">
          {images.length === 0 ? (
            <span className="grid size-24 place-items-center rounded-md bg-slate-100 text-xs text-slate-700">
              No Image
            </span>
          ) : (
            images.map((url, index) => (
              <button
                key={url}
                type="button"
                onClick={() => onPreview(index)}
                className="rounded-md focus-visible:outline-3 focus-visible:outline-blue-600"
                aria-label={`Enlarge photo ${index + 1} of ${name}`}
              >
                <img
                  src={url}
                  alt=""
                  className="size-20 rounded-md bg-slate-100 object-cover sm:size-24"
                  loading="lazy"
                />
              </button>
            ))
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h4 className="text-lg font-bold text-slate-950">{name}</h4>
            <ComicStatusBadge status={comic.adminStatus} />
          </div>
          {comic.readerDifferences?.some(
            (entry) => entry.field === 'title' || entry.field === 'issueNumber',
          ) && (
            <dl className="grid gap-1 text-sm sm:grid-cols-2">
              <Field label="Title" note={<ReadAsNote comic={comic} field="title" />}>
                {comic.title}
              </Field>
              <Field label="Issue" note={<ReadAsNote comic={comic} field="issueNumber" />}>
                {comic.issueNumber || '—'}
              </Field>
            </dl>
          )}
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <Field label="Publisher" note={<ReadAsNote comic={comic} field="publisher" />}>
              {comic.publisher || '—'}
            </Field>
            <Field label="Year" note={<ReadAsNote comic={comic} field="publicationYear" />}>
              {comic.publicationYear ?? '—'}
            </Field>
            <Field label="Grade" note={<ReadAsNote comic={comic} field="cgcGrade" />}>
              {comic.cgcGrade !== null ? comic.cgcGrade.toFixed(1) : '—'}
            </Field>
            <Field label="Cert #" note={<ReadAsNote comic={comic} field="cgcCertNumber" />}>
              {comic.cgcCertNumber ? (
                cert ? (
                  <a
                    href={cert.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="text-red-700 underline"
                  >
                    {comic.cgcCertNumber}
                    <span className="sr-only"> (verify on {cert.grader}'s site)</span>
                    <ExternalLink className="ml-1 inline size-3.5" aria-hidden="true" />
                  </a>
                ) : (
                  comic.cgcCertNumber
                )
              ) : (
                '—'
              )}
            </Field>
            {(comic.variant || comic.readerDifferences?.some((entry) => entry.field === 'variant')) && (
              <Field label="Variant" note={<ReadAsNote comic={comic} field="variant" />}>
                {comic.variant || '—'}
              </Field>
            )}
            {comic.keyIssue && <Field label="Key issue">Yes</Field>}
            <Field label="Est. Value">
              {comic.estimatedValueCents === null ? '—' : formatCents(comic.estimatedValueCents)}
            </Field>
            <Field label="Confidence">{Math.round(comic.confidence * 100)}%</Field>
            <Field label="Cash Offer">{formatOffer(comic.cashOfferCents)}</Field>
            <Field label="Store Credit Offer">{formatOffer(comic.storeCreditOfferCents)}</Field>
            {comic.userResponse && <Field label="Seller">{USER_RESPONSE_TEXT[comic.userResponse]}</Field>}
          </dl>
          {comic.notes && <p className="text-sm text-slate-700">Notes: {comic.notes}</p>}
          <ReaderNotes comic={comic} />
          <div className="flex flex-wrap gap-2">
            {comic.allowedActions.includes('make_offer') && (
              <Button size="sm" disabled={busy} onClick={onOffer} aria-label={`Make an Offer on ${name}`}>
                Make an Offer
              </Button>
            )}
            {comic.allowedActions.includes('edit_offer') && (
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={onOffer}
                aria-label={`Edit Offer on ${name}`}
              >
                Edit Offer
              </Button>
            )}
            {comic.allowedActions.includes('reject') && (
              <Button
                size="sm"
                variant="destructive"
                disabled={busy}
                onClick={onReject}
                aria-label={`Reject ${name}`}
              >
                Reject
              </Button>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}

function ImagePreviewDialog({
  preview,
  onClose,
}: {
  preview: { comic: Comic; index: number } | null;
  onClose: () => void;
}) {
  const url = preview ? preview.comic.imageUrls[preview.index] : undefined;
  return (
    <Dialog open={preview !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>
          {preview ? `${preview.comic.title} #${preview.comic.issueNumber}, photo ${preview.index + 1}` : ''}
        </DialogTitle>
        <DialogDescription className="sr-only">The photo at full size.</DialogDescription>
        {url && (
          <img
            src={url}
            alt={
              preview
                ? `Photo ${preview.index + 1} of ${preview.comic.title} #${preview.comic.issueNumber}`
                : ''
            }
            className="mt-4 max-h-[75vh] w-full rounded-lg object-contain"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
