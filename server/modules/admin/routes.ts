import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { submissionStatusLabel } from '../../../shared/status-labels.js';
import { shortReference } from '../../../shared/short-reference.js';
import {
  adminPublishersSchema,
  adminSubmissionPageSchema,
  adminSubmissionsQuerySchema,
  checkInQuerySchema,
  checkInResultSchema,
  CHECK_IN_NOT_FOUND,
  type AdminPublishers,
  type AdminSubmissionPage,
  type CheckInResult,
} from '../../../shared/schemas/admin-submissions.js';
import { adminStatsSchema, type AdminStats } from '../../../shared/schemas/admin-stats.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { requireAdmin, signedInUser } from '../auth/guards.js';
import { presentSubmission } from '../submissions/present-submission.js';
import { audienceOf } from '../submissions/submission-view.js';
import { findSubmission } from '../submissions/submission-repository.js';
import {
  exportAdminSubmissions,
  listAdminSubmissions,
  listPublishers,
  type AdminExportRecord,
} from './admin-list-repository.js';
import { computeAdminStats } from './admin-stats.js';
import { findSubmissionIdsByCode } from './check-in-lookup.js';
import { csvLine, csvMoney, csvNumber, csvText } from './csv.js';
import { presentAdminRow } from './present-admin-row.js';

/** Dependencies of the admin routes. */
export interface AdminRoutesOptions {
  database: Database;
  /** How sellers see staff's actions in a timeline (config.site.businessName). */
  businessName: string;
}

const CSV_HEADER = [
  'Reference',
  'Submission ID',
  'Submitted',
  'Status',
  'Seller Username',
  'Seller Email',
  'Payment Email',
  'Comics',
  'Titles',
  'Publishers',
  'Est. Value',
  'Cash Offer',
  'Store Credit Offer',
  'Carrier',
  'Tracking ID',
];

function csvRow(record: AdminExportRecord): string {
  return csvLine([
    csvText(shortReference(record.id)),
    csvText(record.id),
    csvText(record.createdAt.toISOString()),
    csvText(submissionStatusLabel(record.status, 'admin') ?? record.status),
    csvText(record.seller.username),
    csvText(record.seller.email),
    csvText(record.paymentEmail?.trim() || record.seller.email),
    csvNumber(record.comicCount),
    csvText(record.titles),
    csvText(record.publishers),
    csvMoney(record.totalEstimatedValueCents),
    csvMoney(record.totalCashOfferCents),
    csvMoney(record.totalStoreCreditOfferCents),
    csvText(record.carrier),
    csvText(record.trackingId),
  ]);
}

/**
 * The staff dashboard's reads (spec section 2 "Admin dashboard"): the paged, filtered list, its CSV
 * export, the stat cards, the publisher filter's options and the check-in lookup. Staff only: 401
 * signed out, 403 for sellers. The actions on a submission are the lifecycle module's routes.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const { db } = options.database;
  app.addHook('preHandler', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.openapi.add({
    method: 'GET',
    path: '/api/admin/submissions',
    summary: 'Staff: every submission, filtered, searched and sorted, a page at a time, with the total',
    tags: ['admin'],
    access: 'admin',
    query: adminSubmissionsQuerySchema,
    response: adminSubmissionPageSchema,
  });
  app.get('/admin/submissions', async (request): Promise<AdminSubmissionPage> => {
    const query = adminSubmissionsQuerySchema.parse(request.query);
    const { total, records } = await listAdminSubmissions(db, query);
    const now = new Date();
    return {
      items: records.map((record) => presentAdminRow(record, now)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  app.openapi.add({
    method: 'GET',
    path: '/api/admin/submissions/export',
    summary: 'Staff: the filtered list as a CSV download',
    description:
      'Answers text/csv (UTF-8 with a byte-order mark, Content-Disposition: attachment; filename="submissions-<date>.csv"), not JSON: one header row, then one row per submission matching the same filters as GET /api/admin/submissions (every page, not one). Money columns are in dollars.',
    tags: ['admin'],
    access: 'admin',
    query: adminSubmissionsQuerySchema,
  });
  app.get('/admin/submissions/export', async (request, reply) => {
    const query = adminSubmissionsQuerySchema.parse(request.query);
    async function* lines() {
      // A byte-order mark so spreadsheet programs read the file as UTF-8.
      yield `\uFEFF${csvLine(CSV_HEADER.map(csvText))}`;
      for await (const batch of exportAdminSubmissions(db, query, query)) {
        yield batch.map(csvRow).join('');
      }
    }
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="submissions-${date}.csv"`)
      .send(Readable.from(lines()));
  });

  app.openapi.add({
    method: 'GET',
    path: '/api/admin/stats',
    summary: "Staff: the dashboard's stat cards",
    tags: ['admin'],
    access: 'admin',
    response: adminStatsSchema,
  });
  app.get('/admin/stats', async (): Promise<AdminStats> => computeAdminStats(db));

  app.openapi.add({
    method: 'GET',
    path: '/api/admin/publishers',
    summary: "Staff: the publishers found in submissions (the list filter's options)",
    tags: ['admin'],
    access: 'admin',
    response: adminPublishersSchema,
  });
  app.get('/admin/publishers', async (): Promise<AdminPublishers> => ({
    publishers: await listPublishers(db),
  }));

  app.openapi.add({
    method: 'GET',
    path: '/api/admin/check-in',
    summary: 'Staff: the submissions a package code (reference or tracking number) names, for check-in',
    tags: ['admin'],
    access: 'admin',
    query: checkInQuerySchema,
    response: checkInResultSchema,
    errors: [404],
  });
  app.get('/admin/check-in', async (request): Promise<CheckInResult> => {
    const audience = audienceOf(signedInUser(request), options.businessName);
    const { code } = checkInQuerySchema.parse(request.query);
    const ids = await findSubmissionIdsByCode(db, code);
    const records = await Promise.all(ids.map((id) => findSubmission(db, id)));
    const matches = records
      .filter((record) => record !== null)
      .map((record) => presentSubmission(record, audience));
    if (matches.length === 0) throw new HttpError(404, CHECK_IN_NOT_FOUND, 'not_found');
    return { matches };
  });
}
