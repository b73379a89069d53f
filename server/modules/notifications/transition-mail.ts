// Turns lifecycle changes into mail: the listener runs inside the change's transaction (see
// server/modules/lifecycle/transition-listeners.ts) and writes mail_outbox rows there, so a change
// is never left unannounced and a rolled-back change never sends mail. Which change sends what is
// decided from the submission's status move (comic-level events only change a comic; the move of
// the whole submission that may follow arrives as its own event).
import type { TransitionEvent, TransitionListener, Tx } from '../lifecycle/transition-listeners.js';
import { renderMail, type MailContent, type MailContext } from './mail-content.js';
import { insertMails, type NewMail } from './outbox-repository.js';
import { sellerRecipient, staffRecipients } from './recipients.js';
import { loadSubmissionForMail, type SubmissionForMail } from './submission-for-mail.js';
import { disputeOpenedMail } from './templates/dispute-opened.js';
import { disputeResolvedMail } from './templates/dispute-resolved.js';
import { offersReadyMail } from './templates/offers-ready.js';
import { packageReceivedMail } from './templates/package-received.js';
import { paymentSentMail } from './templates/payment-sent.js';
import { shippingInstructionsMail } from './templates/shipping-instructions.js';
import { staffNewSubmissionMail } from './templates/staff-new-submission.js';
import { staffOffersAnsweredMail } from './templates/staff-offers-answered.js';
import { staffShippedMail } from './templates/staff-shipped.js';
import { storeCreditAppliedMail } from './templates/store-credit-applied.js';
import { submissionCancelledMail } from './templates/submission-cancelled.js';
import { submissionDeclinedMail } from './templates/submission-declined.js';
import { submissionReceivedMail } from './templates/submission-received.js';

/** Settings of the notifier. */
export interface TransitionMailOptions {
  context: MailContext;
  /** NOTIFY_STAFF_EMAILS (lower-cased); empty means every admin. */
  staffEmails: readonly string[];
}

/** A mail the event calls for, before recipients are resolved. */
interface PlannedMail {
  kind: string;
  audience: 'seller' | 'staff';
  content: MailContent;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** Which mails a submission-level change sends (pure: easy to read and to test). */
export function plannedMails(
  event: TransitionEvent,
  submission: SubmissionForMail,
  context: MailContext,
): PlannedMail[] {
  if (event.comicId !== null) return [];
  const seller = (kind: string, content: MailContent): PlannedMail => ({ kind, audience: 'seller', content });
  const staff = (kind: string, content: MailContent): PlannedMail => ({ kind, audience: 'staff', content });
  if (event.action === 'created') {
    return [
      seller('submission_received', submissionReceivedMail(submission, context)),
      staff('staff_new_submission', staffNewSubmissionMail(submission, context)),
    ];
  }
  if (event.action === 'save_tracking') {
    return [staff('staff_shipped', staffShippedMail(submission, context))];
  }
  if (event.fromStatus === event.toStatus) return [];
  const answeredAll = event.fromStatus === 'pending';
  switch (event.toStatus) {
    case 'pending':
      return [seller('offers_ready', offersReadyMail(submission, context))];
    case 'awaiting_shipment':
      return [
        seller('shipping_instructions', shippingInstructionsMail(submission, context)),
        ...(answeredAll
          ? [staff('staff_offers_answered', staffOffersAnsweredMail(submission, context))]
          : []),
      ];
    case 'declined':
      return [
        seller('submission_declined', submissionDeclinedMail(submission, context, { bySeller: answeredAll })),
        ...(answeredAll
          ? [staff('staff_offers_answered', staffOffersAnsweredMail(submission, context))]
          : []),
      ];
    case 'cancelled':
      return [seller('submission_cancelled', submissionCancelledMail(submission, context))];
    case 'inspecting_submission':
      // resolved -> inspecting (resume after a dispute) is not news to the seller.
      return event.fromStatus === 'shipped'
        ? [seller('package_received', packageReceivedMail(submission, context))]
        : [];
    case 'paid': {
      const mails: PlannedMail[] = [];
      if (submission.comics.some((comic) => comic.userResponse === 'accepted_cash')) {
        const transactionId = text(event.payload.paypalTransactionId) ?? submission.paypalTransactionId;
        mails.push(seller('payment_sent', paymentSentMail(submission, context, { transactionId })));
      }
      if (submission.comics.some((comic) => comic.userResponse === 'accepted_credit')) {
        const reference = text(event.payload.storeCreditReference);
        mails.push(
          seller('store_credit_applied', storeCreditAppliedMail(submission, context, { reference })),
        );
      }
      return mails;
    }
    case 'dispute': {
      const message =
        text(event.payload.disputeMessage) ?? text(event.payload.message) ?? submission.disputeMessage ?? '';
      return [seller('dispute_opened', disputeOpenedMail(submission, context, { message }))];
    }
    case 'resolved':
      return [seller('dispute_resolved', disputeResolvedMail(submission, context))];
    default:
      return [];
  }
}

/** Writes the mails an event calls for, in the given transaction. */
export async function writeMailsForEvent(
  tx: Tx,
  event: TransitionEvent,
  options: TransitionMailOptions,
): Promise<number> {
  if (event.comicId !== null) return 0;
  const submission = await loadSubmissionForMail(tx, event.submissionId);
  if (!submission) return 0;
  const planned = plannedMails(event, submission, options.context);
  if (planned.length === 0) return 0;
  const staff = planned.some((mail) => mail.audience === 'staff')
    ? await staffRecipients(tx, options.staffEmails)
    : [];
  const rows: NewMail[] = planned.flatMap((mail) => {
    const rendered = renderMail(mail.content, options.context);
    const to = mail.audience === 'seller' ? [sellerRecipient(submission)] : staff;
    return to.map((address) => ({
      to: address,
      mail: rendered,
      kind: mail.kind,
      submissionId: submission.id,
    }));
  });
  return insertMails(tx, rows);
}

/** The listener to register on the app's TransitionHub. */
export function createTransitionMailListener(options: TransitionMailOptions): TransitionListener {
  return async (tx, event) => {
    await writeMailsForEvent(tx, event, options);
  };
}
