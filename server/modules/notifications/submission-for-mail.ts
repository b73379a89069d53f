// The facts about a submission that mail templates show, read inside the change's transaction so a
// mail reports the state the change committed, plus small helpers the templates share.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { comics, submissions, users } from '../../db/schema.js';
import type { Carrier, ComicAdminStatus, UserResponse } from '../../../shared/domain-values.js';
import { shortReference } from '../../../shared/short-reference.js';
import { absoluteUrl, type MailContext } from './mail-content.js';

/** One comic as a mail shows it. */
export interface ComicForMail {
  title: string;
  issueNumber: string;
  publisher: string;
  cgcGrade: number | null;
  cgcCertNumber: string | null;
  adminStatus: ComicAdminStatus;
  userResponse: UserResponse | null;
  cashOfferCents: number | null;
  storeCreditOfferCents: number | null;
}

/** A submission with its seller and comics, as templates need it. */
export interface SubmissionForMail {
  id: string;
  /** The short reference sellers see ('#3F2A9C1E' without the '#'). */
  reference: string;
  status: string;
  createdAt: Date;
  seller: {
    id: string;
    email: string;
    firstName: string | null;
    paymentEmail: string | null;
    storeEmail: string | null;
    mailReminders: boolean;
  };
  totalEstimatedValueCents: number | null;
  trackingId: string | null;
  carrier: Carrier | null;
  disputeMessage: string | null;
  paypalTransactionId: string | null;
  comics: ComicForMail[];
}

/** Reads a submission, its seller and its comics (in order); null when it does not exist. */
export async function loadSubmissionForMail(db: Db, submissionId: string): Promise<SubmissionForMail | null> {
  const [row] = await db
    .select({ submission: submissions, seller: users })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(eq(submissions.id, submissionId));
  if (!row) return null;
  const comicRows = await db
    .select()
    .from(comics)
    .where(eq(comics.submissionId, submissionId))
    .orderBy(asc(comics.position), asc(comics.createdAt));
  const { submission, seller } = row;
  return {
    id: submission.id,
    reference: shortReference(submission.id),
    status: submission.status,
    createdAt: submission.createdAt,
    seller: {
      id: seller.id,
      email: seller.email,
      firstName: seller.firstName,
      paymentEmail: seller.paymentEmail,
      storeEmail: seller.storeEmail,
      mailReminders: seller.mailReminders,
    },
    totalEstimatedValueCents: submission.totalEstimatedValueCents,
    trackingId: submission.trackingId,
    carrier: submission.carrier,
    disputeMessage: submission.disputeMessage,
    paypalTransactionId: submission.paypalTransactionId,
    comics: comicRows.map((comic) => ({
      title: comic.title,
      issueNumber: comic.issueNumber,
      publisher: comic.publisher,
      cgcGrade: comic.cgcGrade,
      cgcCertNumber: comic.cgcCertNumber,
      adminStatus: comic.adminStatus,
      userResponse: comic.userResponse,
      cashOfferCents: comic.cashOfferCents,
      storeCreditOfferCents: comic.storeCreditOfferCents,
    })),
  };
}

/** 'Amazing Spider-Man #300 (CGC 9.8)'. */
export function comicLabel(comic: ComicForMail): string {
  const issue = comic.issueNumber.trim() ? ` #${comic.issueNumber.trim()}` : '';
  const grade = comic.cgcGrade != null ? ` (CGC ${comic.cgcGrade.toFixed(1)})` : '';
  return `${comic.title}${issue}${grade}`;
}

/** How a mail greets the seller: first name, else nothing personal. */
export function greeting(submission: SubmissionForMail): string {
  const name = submission.seller.firstName?.trim();
  return name ? `Hi ${name},` : 'Hello,';
}

/** The seller's page of this submission (absolute). */
export function sellerSubmissionUrl(context: MailContext, submission: SubmissionForMail): string {
  return absoluteUrl(context, `/submissions/${submission.id}`);
}

/** Staff's page of this submission (absolute). */
export function staffSubmissionUrl(context: MailContext, submission: SubmissionForMail): string {
  return absoluteUrl(context, `/admin/submissions/${submission.id}`);
}

/** Comics the seller accepted (cash or credit): the ones to ship and to pay for. */
export function acceptedComics(submission: SubmissionForMail): ComicForMail[] {
  return submission.comics.filter(
    (comic) => comic.userResponse === 'accepted_cash' || comic.userResponse === 'accepted_credit',
  );
}

/** The sum the seller is owed in cash (accepted cash offers) or credit (accepted credit offers), in cents. */
export function acceptedTotalCents(
  submission: SubmissionForMail,
  response: 'accepted_cash' | 'accepted_credit',
): number {
  return submission.comics
    .filter((comic) => comic.userResponse === response)
    .reduce(
      (sum, comic) =>
        sum + ((response === 'accepted_cash' ? comic.cashOfferCents : comic.storeCreditOfferCents) ?? 0),
      0,
    );
}
