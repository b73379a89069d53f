import type { MailContent, MailContext } from '../mail-content.js';
import {
  acceptedComics,
  comicLabel,
  greeting,
  sellerSubmissionUrl,
  type SubmissionForMail,
} from '../submission-for-mail.js';

/** To the seller, when staff mark the package received: inspection starts, payment follows. */
export function packageReceivedMail(submission: SubmissionForMail, context: MailContext): MailContent {
  return {
    subject: `Your comics arrived (submission #${submission.reference})`,
    heading: 'Your package arrived',
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text: `we received your package for submission #${submission.reference} and are inspecting the comics. We pay or apply store credit once inspection is done; an email will follow.`,
      },
      { kind: 'list', items: acceptedComics(submission).map(comicLabel) },
      { kind: 'button', label: 'View your submission', url: sellerSubmissionUrl(context, submission) },
    ],
  };
}
