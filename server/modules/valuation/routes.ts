// Routes of the valuation feature (never cached). Staff (role admin): the price-guide import and its
// preview, the guide's status and rows (paged), the offer settings, and a comic's offer suggestion.
// Sellers and guests: the estimate of a comic they corrected on /sell (estimate-routes.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PAGE_SIZE } from '../../../shared/schemas/submission.js';
import { safeString } from '../../../shared/schemas/safe-text.js';
import {
  importReportSchema,
  IMPORT_KINDS,
  offerSuggestionSchema,
  valuationSettingsSchema,
} from '../../../shared/schemas/valuation.js';
import type { Database } from '../../db/client.js';
import { comics } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { requireAdmin, signedInUser } from '../auth/guards.js';
import { isUuid } from '../images/image-repository.js';
import { sellerEstimateRoutes } from './estimate-routes.js';
import { importMarketFile } from './import-command.js';
import { suggestOfferForComic } from './offer-suggestion.js';
import { listGuideRows, priceGuideStatus } from './price-guide-repository.js';
import { readValuationSettings, saveValuationSettings } from './settings-repository.js';

/** Dependencies of the valuation routes. */
export interface ValuationRoutesOptions {
  database: Database;
}

/** Largest CSV the admin page may upload (a 100,000-row export is about 10 MB). */
export const MAX_IMPORT_BYTES = 40 * 1024 * 1024;

/** Body of POST /api/admin/price-guide/import. */
export const importBodySchema = z.object({
  csv: safeString().min(1, 'Choose a CSV file.').max(MAX_IMPORT_BYTES),
  kind: z.enum(IMPORT_KINDS).optional(),
  /** Preview: check and count, write nothing. */
  dryRun: z.boolean().default(false),
});

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
  cursor: safeString().max(300).optional(),
});

/** The cursor of the guide list: the last row's title key and id, base64url JSON. */
function decodeCursor(cursor: string | undefined): { titleKey: string; id: string } | null {
  if (!cursor) return null;
  try {
    const parsed = z
      .object({ titleKey: z.string().max(250), id: z.uuid() })
      .parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed;
  } catch {
    throw new HttpError(400, 'That page link is no longer valid.', 'bad_cursor');
  }
}

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

/** Registers the valuation routes under /api/admin. */
export async function valuationRoutes(app: FastifyInstance, options: ValuationRoutesOptions) {
  const { db } = options.database;
  app.addHook('onRequest', async (_request, reply) => void noStore(reply));
  await app.register(sellerEstimateRoutes, { database: options.database });

  app.openapi.add({
    method: 'POST',
    path: '/api/admin/price-guide/import',
    summary: 'Staff: import a price-guide or sales CSV (dryRun: check and count, write nothing)',
    description:
      'The CSV file travels as text in the JSON body (csv). Nothing is written when the report lists errors.',
    tags: ['valuation'],
    access: 'admin',
    body: importBodySchema,
    response: importReportSchema,
  });
  app.post(
    '/admin/price-guide/import',
    { preHandler: requireAdmin, bodyLimit: MAX_IMPORT_BYTES + 64 * 1024 },
    async (request) => {
      const body = importBodySchema.parse(request.body);
      return importMarketFile(db, body.csv, {
        ...(body.kind ? { kind: body.kind } : {}),
        dryRun: body.dryRun,
      });
    },
  );

  app.openapi.add({
    method: 'GET',
    path: '/api/admin/price-guide',
    summary: "Staff: the price guide's status and its rows, a page at a time",
    description:
      'Answers { status: { guideRows, salesRows, latestAsOf }, items: [{ id, title, issue, publisher, variant, grade, labelCategory, fairValueCents, salesLastYear, asOf }], nextCursor } (nextCursor null on the last page).',
    tags: ['valuation'],
    access: 'admin',
    query: listQuerySchema,
  });
  app.get('/admin/price-guide', { preHandler: requireAdmin }, async (request) => {
    const query = listQuerySchema.parse(request.query);
    const rows = await listGuideRows(db, { limit: query.limit, after: decodeCursor(query.cursor) });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      status: await priceGuideStatus(db),
      items: page.map((row) => ({
        id: row.id,
        title: row.title,
        issue: row.issue,
        publisher: row.publisher,
        variant: row.variant,
        grade: row.grade,
        labelCategory: row.labelCategory,
        fairValueCents: row.fairValueCents,
        salesLastYear: row.salesLastYear,
        asOf: row.asOf,
      })),
      nextCursor:
        rows.length > query.limit && last
          ? Buffer.from(JSON.stringify({ titleKey: last.titleKey, id: last.id })).toString('base64url')
          : null,
    };
  });

  app.openapi.add({
    method: 'GET',
    path: '/api/admin/valuation-settings',
    summary: "Staff: the dealer's offer settings (the defaults until saved)",
    tags: ['valuation'],
    access: 'admin',
    response: valuationSettingsSchema,
  });
  app.get('/admin/valuation-settings', { preHandler: requireAdmin }, async () => readValuationSettings(db));

  app.openapi.add({
    method: 'PUT',
    path: '/api/admin/valuation-settings',
    summary: "Staff: save the dealer's offer settings; answers what was saved",
    tags: ['valuation'],
    access: 'admin',
    body: valuationSettingsSchema,
    response: valuationSettingsSchema,
  });
  app.put('/admin/valuation-settings', { preHandler: requireAdmin }, async (request) => {
    const user = signedInUser(request);
    const settings = valuationSettingsSchema.parse(request.body);
    await saveValuationSettings(db, settings, user.id);
    return settings;
  });

  app.openapi.add({
    method: 'GET',
    path: '/api/admin/comics/:id/offer-suggestion',
    summary: "Staff: a comic's suggested cash and store-credit offers from market data, and why",
    tags: ['valuation'],
    access: 'admin',
    response: offerSuggestionSchema,
    errors: [404],
  });
  app.get<{ Params: { id: string } }>(
    '/admin/comics/:id/offer-suggestion',
    { preHandler: requireAdmin },
    async (request) => {
      const notFound = new HttpError(404, 'Comic not found', 'not_found');
      if (!isUuid(request.params.id)) throw notFound;
      const [comic] = await db.select().from(comics).where(eq(comics.id, request.params.id));
      if (!comic) throw notFound;
      const labelType = comic.extraction?.labelType;
      return suggestOfferForComic(db, comic.id, {
        title: comic.title,
        issueNumber: comic.issueNumber,
        publisher: comic.publisher,
        variant: comic.variant,
        grade: comic.cgcGrade,
        keyIssue: comic.keyIssue,
        labelType: typeof labelType === 'string' ? labelType : null,
      });
    },
  );
}
