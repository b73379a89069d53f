import { labelBarcodeValue } from '../../../../shared/short-reference.js';
import type { MailContent, MailContext } from '../mail-content.js';
import {
  acceptedComics,
  comicLabel,
  greeting,
  sellerSubmissionUrl,
  type SubmissionForMail,
} from '../submission-for-mail.js';
import { shipToRows } from './ship-to.js';

/** To the seller, after they accepted: what to ship, where, and the label to print. */
export function shippingInstructionsMail(submission: SubmissionForMail, context: MailContext): MailContent {
  const toShip = acceptedComics(submission);
  const keep = submission.comics.filter((comic) => !toShip.includes(comic));
  return {
    subject: `Ship your comics for submission #${submission.reference}`,
    heading: 'Thanks for accepting: here is how to ship',
    blocks: [
      { kind: 'paragraph', text: greeting(submission) },
      {
        kind: 'paragraph',
        text: `please pack these comics from submission #${submission.reference} securely and ship them within 7 days (after 7 days the submission may be cancelled):`,
      },
      { kind: 'list', items: toShip.map(comicLabel) },
      ...(keep.length > 0
        ? [
            { kind: 'paragraph' as const, text: 'Do not ship these; keep them:' },
            { kind: 'list' as const, items: keep.map(comicLabel) },
          ]
        : []),
      { kind: 'rows', rows: [...shipToRows(context.site), ['Reference', labelBarcodeValue(submission.id)]] },
      {
        kind: 'paragraph',
        text: 'Print the label (link below) and attach it to the package. You carry the risk until the package reaches us, so please insure high-value packages. Then save the tracking number on the same page.',
      },
      {
        kind: 'button',
        label: 'Print your shipping label',
        url: `${sellerSubmissionUrl(context, submission)}/label`,
      },
    ],
  };
}
