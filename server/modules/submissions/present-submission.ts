import type { Submission } from '../../../shared/schemas/submission.js';
import { imageUrl } from '../images/routes.js';
import type { SubmissionRecord } from './submission-repository.js';

/**
 * The API shape of a submission (shared/schemas/submission.ts: spec section 3 "Submission" and
 * "Comic"), with money as integer cents (`*Cents`) and dates as ISO strings.
 */
export function presentSubmission(record: SubmissionRecord): Submission {
  const { submission, seller } = record;
  return {
    id: submission.id,
    userId: submission.userId,
    status: submission.status,
    createdAt: submission.createdAt.toISOString(),
    totalEstimatedValueCents: submission.totalEstimatedValueCents,
    totalCashOfferCents: submission.totalCashOfferCents,
    totalStoreCreditOfferCents: submission.totalStoreCreditOfferCents,
    trackingId: submission.trackingId,
    carrier: submission.carrier,
    disputeMessage: submission.disputeMessage,
    paypalTransactionId: submission.paypalTransactionId,
    // Lifecycle fields: filled in by the lifecycle module (issue 8); placeholders until it lands.
    storeCreditReference: null,
    processedAt: submission.processedAt?.toISOString() ?? null,
    shippedAt: submission.shippedAt?.toISOString() ?? null,
    receivedAt: submission.receivedAt?.toISOString() ?? null,
    paidAt: submission.paidAt?.toISOString() ?? null,
    allowedActions: [],
    timeline: [],
    user: {
      username: seller.username,
      email: seller.email,
      paymentEmail: seller.paymentEmail,
    },
    comics: record.comics.map(({ comic, images }) => ({
      id: comic.id,
      title: comic.title,
      issueNumber: comic.issueNumber,
      publisher: comic.publisher,
      publicationYear: comic.publicationYear,
      cgcGrade: comic.cgcGrade,
      cgcCertNumber: comic.cgcCertNumber,
      variant: comic.variant,
      keyIssue: comic.keyIssue,
      notes: comic.notes,
      imageUrls: images.map((image) => imageUrl(image.id)),
      thumbnailUrls: images.map((image) => `${imageUrl(image.id)}/thumbnail`),
      confidence: comic.confidence,
      estimatedValueCents: comic.estimatedValueCents,
      cashOfferCents: comic.cashOfferCents,
      storeCreditOfferCents: comic.storeCreditOfferCents,
      userResponse: comic.userResponse,
      adminStatus: comic.adminStatus,
      createdAt: comic.createdAt.toISOString(),
      allowedActions: [],
    })),
  };
}
