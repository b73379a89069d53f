import { formatCents } from '../../../../shared/money.js';
import type { MailContent, MailContext } from '../mail-content.js';
import { comicLabel, staffSubmissionUrl, type SubmissionForMail } from '../submission-for-mail.js';

/** To staff, when a seller submits: who, how many comics, estimated value, and a link to review. */
export function staffNewSubmissionMail(submission: SubmissionForMail, context: MailContext): MailContent {
  const count = submission.comics.length;
  const seller = submission.seller.firstName?.trim() || submission.seller.email;
  return {
    subject: `New submission #${submission.reference} from ${seller} (${count} comic${count === 1 ? '' : 's'})`,
    heading: 'A new submission is waiting for review',
    blocks: [
      {
        kind: 'rows',
        rows: [
          ['Submission', `#${submission.reference}`],
          ['Seller', submission.seller.email],
          ['Comics', String(count)],
          [
            'Estimated value',
            submission.totalEstimatedValueCents != null
              ? formatCents(submission.totalEstimatedValueCents)
              : 'not given',
          ],
        ],
      },
      { kind: 'list', items: submission.comics.map(comicLabel) },
      {
        kind: 'paragraph',
        text: 'Sellers are promised offers within 24 hours.',
      },
      { kind: 'button', label: 'Review the submission', url: staffSubmissionUrl(context, submission) },
    ],
  };
}
