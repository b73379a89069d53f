// Words for one timeline entry (the submission's history from status_events). Used by the seller's card
// and the staff detail alike, so nothing here speaks to one audience only except through `audience`.
import { trackingUrl } from '../../../../shared/carriers';
import { formatDateTime } from '../../../../shared/dates';
import { formatCents } from '../../../../shared/money';
import type { TimelineEvent } from '../../../../shared/schemas/submission';
import { submissionStatusLabel, type StatusAudience } from '../../../../shared/status-labels';

/** A comic as the timeline names it. */
export interface TimelineComic {
  id: string;
  title: string;
  issueNumber: string;
}

/** One entry as shown: what happened, the details, and a link when there is one (carrier tracking). */
export interface TimelineEntryText {
  title: string;
  details: string[];
  link: { href: string; label: string } | null;
}

/** 'Jan 05, 2026 at 3:04 PM' in the viewer's time zone; '' for an unreadable date. */
export function formatEventTime(at: string): string {
  return formatDateTime(at);
}

/** Who acted, as the audience may see it: the server's name when it sent one, else the role. */
export function actorLabel(event: TimelineEvent, audience: StatusAudience): string {
  if (event.actorName) return event.actorName;
  if (event.actorRole === 'system') return 'Automatic';
  if (event.actorRole === 'admin') return 'Staff';
  return audience === 'seller' ? 'You' : 'Seller';
}

function nameOf(comicId: string | null, comics: readonly TimelineComic[]): string {
  const comic = comics.find((candidate) => candidate.id === comicId);
  if (!comic) return 'a comic';
  const title = comic.title.trim() || 'Untitled comic';
  return comic.issueNumber.trim() ? `${title} #${comic.issueNumber.trim()}` : title;
}

function offerDetails(event: TimelineEvent): string[] {
  const lines: string[] = [];
  const { cashOfferCents, storeCreditOfferCents } = event.details;
  if (cashOfferCents != null) lines.push(`Cash: ${formatCents(cashOfferCents)}`);
  if (storeCreditOfferCents != null) lines.push(`Store credit: ${formatCents(storeCreditOfferCents)}`);
  return lines;
}

/** The words of one timeline entry. */
export function describeTimelineEvent(
  event: TimelineEvent,
  audience: StatusAudience,
  comics: readonly TimelineComic[],
): TimelineEntryText {
  const comic = nameOf(event.comicId, comics);
  const details: string[] = [];
  let link: TimelineEntryText['link'] = null;
  let title: string;
  switch (event.action) {
    case 'created':
      title = 'Submission created';
      break;
    case 'make_offer':
      title = `Offer made on ${comic}`;
      details.push(...offerDetails(event));
      break;
    case 'edit_offer':
      title = `Offer changed on ${comic}`;
      details.push(...offerDetails(event));
      break;
    case 'reject':
      title = `No offer for ${comic}`;
      break;
    case 'accept_cash':
      title = `Cash offer accepted for ${comic}`;
      details.push(...offerDetails(event).filter((line) => line.startsWith('Cash')));
      break;
    case 'accept_credit':
      title = `Store credit offer accepted for ${comic}`;
      details.push(...offerDetails(event).filter((line) => line.startsWith('Store')));
      break;
    case 'decline':
      title = `Offer declined for ${comic}`;
      break;
    case 'mark_processed':
      title = 'Offers sent for review';
      break;
    case 'mark_declined':
      title = 'Submission declined: no offers could be made';
      break;
    case 'user_responded':
      title = 'All offers answered';
      break;
    case 'save_tracking': {
      title = 'Shipped';
      const { carrier, trackingId } = event.details;
      if (carrier) details.push(`Carrier: ${carrier}`);
      if (trackingId) {
        details.push(`Tracking ID: ${trackingId}`);
        const href = trackingUrl(carrier, trackingId);
        if (href) link = { href, label: `Track with ${carrier}` };
      }
      break;
    }
    case 'mark_received':
      title = 'Package received; inspection started';
      break;
    case 'mark_paid':
      title = 'Paid';
      if (event.details.paypalTransactionId) {
        details.push(`PayPal transaction ID: ${event.details.paypalTransactionId}`);
      }
      if (event.details.storeCreditReference) {
        details.push(`Store credit reference: ${event.details.storeCreditReference}`);
      }
      break;
    case 'open_dispute':
      title = 'Dispute opened';
      break;
    case 'resolve_dispute':
      title = 'Dispute resolved';
      break;
    case 'resume_inspection':
      title = 'Inspection resumed';
      break;
    case 'cancel':
      title = 'Submission cancelled';
      break;
    case 'auto_advance':
      title = `Moved on to ${submissionStatusLabel(event.toStatus, audience) ?? event.toStatus}`;
      break;
    case 'calculate_total':
      title = 'Offer totals recalculated';
      break;
    default:
      title = `Status: ${submissionStatusLabel(event.toStatus, audience) ?? event.toStatus}`;
  }
  if (event.details.message) details.push(event.details.message);
  if (event.details.reason) details.push(`Reason: ${event.details.reason}`);
  return { title, details, link };
}
