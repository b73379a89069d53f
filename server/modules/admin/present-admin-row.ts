import {
  REVIEW_DUE_HOURS,
  SHIPMENT_DUE_DAYS,
  type AdminSubmissionRow,
  type AttentionReason,
} from '../../../shared/schemas/admin-submissions.js';
import { imageUrl } from '../images/routes.js';
import type { AdminListRecord } from './admin-list-repository.js';

const HOUR_MS = 3_600_000;

/**
 * Whether a submission is overdue by the site's promises (spec section 9): offers within 24 hours of
 * submitting; shipping within 7 days of accepting (counted from when it entered awaiting_shipment).
 */
export function attentionOf(
  record: Pick<AdminListRecord, 'status' | 'createdAt' | 'statusSince'>,
  now: Date,
): AttentionReason | null {
  const since = (date: Date) => now.getTime() - date.getTime();
  if (record.status === 'awaiting_review' && since(record.createdAt) > REVIEW_DUE_HOURS * HOUR_MS) {
    return 'review_overdue';
  }
  if (record.status === 'awaiting_shipment' && since(record.statusSince) > SHIPMENT_DUE_DAYS * 24 * HOUR_MS) {
    return 'shipment_overdue';
  }
  return null;
}

/** A list record as the dashboard's table row (shared/schemas/admin-submissions.ts). */
export function presentAdminRow(record: AdminListRecord, now: Date): AdminSubmissionRow {
  const name = [record.seller.firstName, record.seller.lastName].filter(Boolean).join(' ');
  return {
    id: record.id,
    status: record.status,
    createdAt: record.createdAt.toISOString(),
    statusSince: record.statusSince.toISOString(),
    comicCount: record.comicCount,
    firstComic: record.firstComic && {
      title: record.firstComic.title,
      issueNumber: record.firstComic.issueNumber,
      cgcGrade: record.firstComic.cgcGrade,
      thumbnailUrl: record.firstComic.imageId ? `${imageUrl(record.firstComic.imageId)}/thumbnail` : null,
    },
    seller: { username: record.seller.username, email: record.seller.email, name: name || null },
    totalEstimatedValueCents: record.totalEstimatedValueCents,
    trackingId: record.trackingId,
    carrier: record.carrier,
    attention: attentionOf(record, now),
  };
}
