// One slab, one comic: a submission may not list a certification number twice (refused with a 400
// naming the comic), and the seller may ask whether an earlier submission of theirs already holds a
// number (answered as a note on the card, never a refusal: a slab can be sold, bought back, resold).
import { and, desc, eq, inArray } from 'drizzle-orm';
import { duplicateCertMessage, findDuplicateCerts } from '../../../shared/cert-duplicates.js';
import type { CertMatch } from '../../../shared/schemas/cert-check.js';
import { shortReference } from '../../../shared/short-reference.js';
import type { Db } from '../../db/client.js';
import { comics, submissions } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';

/** Refuses a list of comics in which two share a certification number (400 naming the repeat). */
export function assertNoDuplicateCerts(
  list: readonly { title: string; issueNumber: string; cgcCertNumber: string | null }[],
): void {
  const [first] = findDuplicateCerts(list);
  if (first) throw new HttpError(400, duplicateCertMessage(list, first), 'duplicate_cert_number');
}

/** Most matches returned by one check (a seller's whole history of one draft's numbers fits easily). */
const MAX_MATCHES = 100;

/** The seller's earlier comics holding any of the (normalised) numbers, newest submission first. */
export async function findEarlierCerts(
  db: Db,
  userId: string,
  certNumbers: readonly string[],
): Promise<CertMatch[]> {
  if (certNumbers.length === 0) return [];
  const rows = await db
    .select({
      certNumber: comics.cgcCertNumber,
      submissionId: submissions.id,
      submissionStatus: submissions.status,
      submittedAt: submissions.createdAt,
      title: comics.title,
      issueNumber: comics.issueNumber,
    })
    .from(comics)
    .innerJoin(submissions, eq(comics.submissionId, submissions.id))
    .where(and(eq(submissions.userId, userId), inArray(comics.cgcCertNumber, [...certNumbers])))
    .orderBy(desc(submissions.createdAt), comics.position)
    .limit(MAX_MATCHES);
  return rows.map((row) => ({
    certNumber: row.certNumber ?? '',
    submissionId: row.submissionId,
    submissionReference: shortReference(row.submissionId),
    submissionStatus: row.submissionStatus,
    submittedAt: row.submittedAt.toISOString(),
    title: row.title,
    issueNumber: row.issueNumber,
  }));
}
