// The status-specific panels and banners of the seller's card (spec section 4, "Seller-side transitions
// and panels"). Their words are the spec's where it gives them.
import type { ReactNode } from 'react';
import { AlertTriangle, CircleAlert } from 'lucide-react';
import { formatCents } from '../../../../shared/money';
import { payoutEmailForDisplay } from '../../../../shared/payout-email';
import type { Submission } from '../../../../shared/schemas/submission';
import { shortReference } from '../../../../shared/short-reference';
import { siteConfig } from '../../lib/site-config';
import { cn } from '../../ui/cn';
import { ContactEmailLink } from '../public/contact-email-link';
import { ShippingPanel } from './shipping-panel';
import { acceptedTotals, offersAwaitingAnswer } from './submission-rules';
import { CurrentTracking } from './tracking-form';

const TONES = {
  info: 'border-blue-200 bg-blue-50 text-blue-950',
  success: 'border-green-200 bg-green-50 text-green-950',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  danger: 'border-red-200 bg-red-50 text-red-950',
  neutral: 'border-slate-200 bg-slate-50 text-slate-900',
} as const;

function Panel({
  tone,
  title,
  icon,
  children,
}: {
  tone: keyof typeof TONES;
  title?: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={cn('rounded-xl border p-4', TONES[tone])}>
      {title && (
        <h3 className="flex items-center gap-2 font-bold">
          {icon}
          {title}
        </h3>
      )}
      <div className={cn('text-sm', title && 'mt-1')}>{children}</div>
    </div>
  );
}

/** The banners shown above a card's comics: 'Action Required' (pending) and the dispute message. */
export function StatusBanners({ submission }: { submission: Submission }) {
  const waiting = offersAwaitingAnswer(submission);
  return (
    <>
      {submission.status === 'pending' && waiting > 0 && (
        <Panel
          tone="warning"
          title="Action Required"
          icon={<CircleAlert className="size-5" aria-hidden="true" />}
        >
          Please respond to all {waiting} comic offer(s) below. Accept cash or store credit, or decline, for
          each comic.
        </Panel>
      )}
      {submission.status === 'dispute' && submission.disputeMessage && (
        <Panel
          tone="danger"
          title="Issue with Your Submission"
          icon={<AlertTriangle className="size-5" aria-hidden="true" />}
        >
          <p className="whitespace-pre-line">{submission.disputeMessage}</p>
          <p className="mt-2">
            Please contact us at <ContactEmailLink /> about submission #{shortReference(submission.id)}.
          </p>
        </Panel>
      )}
    </>
  );
}

/** The panel below a card's comics for the submission's status (nothing for statuses without one). */
export function StatusPanel({ submission }: { submission: Submission }) {
  switch (submission.status) {
    case 'awaiting_review':
      return (
        <Panel tone="neutral">
          Our team is reviewing your comics. You will receive offers within 24 hours, usually much sooner.
        </Panel>
      );
    case 'awaiting_shipment':
      return <ShippingPanel submission={submission} />;
    case 'shipped':
      return (
        <Panel tone="info" title="Thank You for Shipping!">
          <p>
            We are waiting for your package to arrive. Once it does, we inspect your comics and send your
            payment.
          </p>
          <div className="mt-2">
            <CurrentTracking submission={submission} />
          </div>
        </Panel>
      );
    case 'inspecting_submission':
      return (
        <Panel tone="info" title="Comics Received">
          Your comics have arrived and are being inspected. You will receive an email when the inspection is
          complete.
        </Panel>
      );
    case 'resolved':
      return (
        <Panel tone="success" title="Dispute Resolved">
          The issue with this submission has been resolved. We will be in touch about the next step.
        </Panel>
      );
    case 'paid':
      return <PaidPanel submission={submission} />;
    case 'declined':
      return (
        <Panel tone="neutral" title="No Offers">
          We were unable to make offers on any of the comics in this submission.
        </Panel>
      );
    case 'cancelled':
      return (
        <Panel tone="neutral">
          This submission has been cancelled, please resubmit or contact <ContactEmailLink /> for help.
        </Panel>
      );
    default:
      return null;
  }
}

/** paid: 'Payment Sent', the cash and store-credit amounts with their references, and where to ask. */
function PaidPanel({ submission }: { submission: Submission }) {
  const { cashCents, creditCents } = acceptedTotals(submission);
  const reference = shortReference(submission.id);
  return (
    <Panel tone="success" title="Payment Sent">
      <dl className="grid gap-2">
        {(cashCents > 0 || submission.paypalTransactionId) && (
          <div>
            <dt className="font-semibold">Cash via PayPal: {formatCents(cashCents)}</dt>
            <dd>
              {submission.user && <>Sent to {payoutEmailForDisplay(submission.user)}. </>}
              {submission.paypalTransactionId && (
                <>
                  Transaction ID:{' '}
                  <span className="font-mono break-all">{submission.paypalTransactionId}</span>
                </>
              )}
            </dd>
          </div>
        )}
        {(creditCents > 0 || submission.storeCreditReference) && (
          <div>
            <dt className="font-semibold">
              Store credit ({siteConfig.storeBrand}): {formatCents(creditCents)}
            </dt>
            {submission.storeCreditReference && (
              <dd>
                Store credit reference:{' '}
                <span className="font-mono break-all">{submission.storeCreditReference}</span>
              </dd>
            )}
          </div>
        )}
      </dl>
      <p className="mt-3">
        Questions about your payment? Email <ContactEmailLink /> and mention submission #{reference}.
      </p>
    </Panel>
  );
}
