import { trackingUrl } from '../../../../shared/carriers.js';
import type { MailContent, MailContext } from '../mail-content.js';
import {
  acceptedComics,
  comicLabel,
  staffSubmissionUrl,
  type SubmissionForMail,
} from '../submission-for-mail.js';

/** To staff, when the seller saves tracking: carrier, tracking number and the carrier's tracking page. */
export function staffShippedMail(submission: SubmissionForMail, context: MailContext): MailContent {
  const carrier = submission.carrier ?? 'Other';
  const link = trackingUrl(submission.carrier, submission.trackingId);
  return {
    subject: `Submission #${submission.reference} shipped via ${carrier}`,
    heading: 'A seller shipped their comics',
    blocks: [
      {
        kind: 'rows',
        rows: [
          ['Submission', `#${submission.reference}`],
          ['Seller', submission.seller.email],
          ['Carrier', carrier],
          ['Tracking', submission.trackingId ?? 'not given'],
          ...(link ? [['Track it', link] as [string, string]] : []),
        ],
      },
      { kind: 'list', items: acceptedComics(submission).map(comicLabel) },
      { kind: 'button', label: 'Open the submission', url: staffSubmissionUrl(context, submission) },
    ],
  };
}
