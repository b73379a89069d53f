// The valuation end to end on a real database (PGlite, or PostgreSQL with DATABASE_URL): the dealer
// imports the sample price guide through the admin route, a seller uploads a dev photo (the label
// reader's recorded answer for that photo stands in for the slow OCR), the estimate comes back with
// its basis, and staff get the suggested offers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { labelReadingSchema, type LabelReading } from '../../../shared/label-reading.js';
import {
  DEFAULT_VALUATION_SETTINGS,
  importReportSchema,
  NO_MARKET_DATA,
  offerSuggestionSchema,
} from '../../../shared/schemas/valuation.js';
import { marketSales, priceGuideEntries, type User } from '../../db/schema.js';
import { projectRoot } from '../../project-root.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertAdmin, insertSubmission, insertUser } from '../../test/factories.js';
import { sessionCookieName } from '../auth/auth-plugin.js';
import { createSession } from '../auth/session-store.js';
import type { LabelReader } from '../label-reader/label-reader.js';
import { estimateMarketValue } from './estimator.js';

const dataDir = path.join(projectRoot, '..', 'shared', 'data');
const sampleCsv = readFileSync(path.join(dataDir, 'market-values-sample.csv'), 'utf8');
const recorded = JSON.parse(
  readFileSync(new URL('./fixtures/dev-readings.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const spiderBoyReading: LabelReading = labelReadingSchema.parse(recorded['dev-005.jpg']);

const reader: LabelReader = {
  async read() {
    return spiderBoyReading;
  },
  async close() {},
};

let t: TestApp;
let admin: User;
let seller: User;
let adminCookie: string;
let sellerCookie: string;

async function cookieFor(user: User): Promise<string> {
  const token = await createSession(t.database.db, { userId: user.id, maxAgeSeconds: 3600, tokens: {} });
  return `${sessionCookieName(t.config.auth)}=${token}`;
}

function importCsv(csv: string, options: { dryRun?: boolean; cookie?: string; kind?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/price-guide/import',
    headers: { cookie: options.cookie ?? adminCookie, 'x-requested-with': 'fetch' },
    payload: { csv, dryRun: options.dryRun ?? false, ...(options.kind ? { kind: options.kind } : {}) },
  });
}

async function guideRowCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(priceGuideEntries);
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ labelReader: reader });
  admin = await insertAdmin(t.database.db);
  seller = await insertUser(t.database.db);
  adminCookie = await cookieFor(admin);
  sellerCookie = await cookieFor(seller);
});
afterAll(() => t.close());

describe('price-guide import', () => {
  it('is staff only and never cached', async () => {
    const asSeller = await importCsv(sampleCsv, { cookie: sellerCookie });
    expect(asSeller.statusCode).toBe(403);
    expect(asSeller.headers['cache-control']).toBe('no-store');
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/admin/price-guide' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses an invalid file with line numbers and writes nothing', async () => {
    const broken = sampleCsv.replace(
      'Moon Man,1,Image/Mad Solar,Tao Variant Cover,1/24,9.8',
      'Moon Man,1,Image/Mad Solar,Tao Variant Cover,1/24,9.7',
    );
    const response = await importCsv(broken);
    expect(response.statusCode).toBe(200);
    const report = importReportSchema.parse(response.json());
    expect(report.errors).toEqual([
      { line: 3, message: "Line 3: grade '9.7' is not on the 0.5-10.0 grading scale." },
    ]);
    expect(report.inserted).toBe(0);
    expect(await guideRowCount()).toBe(0);
  });

  it('previews without writing, imports, and changes nothing on a second import', async () => {
    const preview = importReportSchema.parse((await importCsv(sampleCsv, { dryRun: true })).json());
    expect(preview).toMatchObject({ kind: 'price-guide', rows: 127, dryRun: true, updated: 0, errors: [] });
    // The sample lists some books twice (the same figures read on two days): one row each.
    expect(preview.inserted).toBe(124);
    expect(preview.unchanged).toBe(3);
    expect(preview.sample[0]).toMatchObject({ line: 2, change: 'insert', title: 'Venom', valueCents: 8500 });
    expect(await guideRowCount()).toBe(0);

    const first = importReportSchema.parse((await importCsv(sampleCsv)).json());
    expect(first).toMatchObject({ inserted: 124, updated: 0, dryRun: false });
    expect(await guideRowCount()).toBe(124);

    const again = importReportSchema.parse((await importCsv(sampleCsv)).json());
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 127 });
    expect(await guideRowCount()).toBe(124);
  });

  it('updates a row from newer figures but never from older ones', async () => {
    const header = sampleCsv.split('\n')[0];
    const newer = `${header}\nVenom,23,Marvel Comics,"Black Saber Comics ""Virgin"" Edition",9/23,9.8,Universal,95,3,,,85,2026-09-01`;
    expect(importReportSchema.parse((await importCsv(newer)).json())).toMatchObject({
      inserted: 0,
      updated: 1,
    });
    const older = newer.replace(',95,3,', ',10,3,').replace('2026-09-01', '2026-01-01');
    expect(importReportSchema.parse((await importCsv(older)).json())).toMatchObject({
      updated: 0,
      unchanged: 1,
    });
  });

  it('imports individual sales once however often the file comes', async () => {
    const sales = [
      'title,issue,variant,grade,price,date,source',
      'The Amazing Spider-Man,19,Nakayama Variant,9.6,30.00,2026-11-01,eBay',
      'Amazing Spider-Man,19,Nakayama Variant Cover,9.6,$34.00,2026-10-15,Heritage',
    ].join('\n');
    expect(importReportSchema.parse((await importCsv(sales)).json())).toMatchObject({
      kind: 'sales',
      inserted: 2,
    });
    expect(importReportSchema.parse((await importCsv(sales)).json())).toMatchObject({
      inserted: 0,
      unchanged: 2,
    });
    const [row] = await t.database.db.select({ n: count() }).from(marketSales);
    expect(row?.n).toBe(2);
  });

  it('lists the guide in pages', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/admin/price-guide?limit=100',
      headers: { cookie: adminCookie },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page = first.json() as {
      items: unknown[];
      nextCursor: string | null;
      status: { guideRows: number };
    };
    expect(page.items).toHaveLength(100);
    expect(page.status.guideRows).toBe(124);
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/admin/price-guide?limit=100&cursor=${page.nextCursor}`,
      headers: { cookie: adminCookie },
    });
    expect((second.json() as { items: unknown[]; nextCursor: null }).items).toHaveLength(24);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: '/api/admin/price-guide?limit=101',
      headers: { cookie: adminCookie },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('estimates', () => {
  it("answers the seller's upload of a dev photo with the guide's value and its basis", async () => {
    const photo = readFileSync(path.join(dataDir, 'slabs-dev', 'images', 'dev-005.jpg'));
    const boundary = '----valuationtest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="dev-005.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/extract-comic-data',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-requested-with': 'fetch',
        cookie: sellerCookie,
      },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as {
      data: { title: string; variant: string; estimatedValue: string; estimateBasis: string };
    };
    // The reader misread the variant line ('Yoong Variaat Ceve'); it still meets 'Young Variant Cover'.
    expect(data.variant).toBe('Yoong Variaat Ceve');
    // Guide row: FMV 36, 90-day average 28, 365-day average 37 -> (36*4 + 28*2 + 37) / 7 = 33.86.
    expect(data.estimatedValue).toBe('33.86');
    expect(data.estimateBasis).toBe('based on 11 sales in the year to Aug 2026');
  });

  it('values the comic again as the seller corrected it on /sell, for guests too', async () => {
    const estimate = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/market/estimate',
        headers: { 'x-requested-with': 'fetch' },
        payload: body,
      });
    const read = {
      title: 'Spider-Boy',
      issueNumber: '1',
      publisher: 'Marvel Comics',
      variant: 'Young Variant Cover',
    };
    const atRead = await estimate({ ...read, cgcGrade: 9.8 });
    expect(atRead.statusCode).toBe(200);
    expect(atRead.headers['cache-control']).toBe('no-store');
    expect(atRead.json()).toEqual({
      estimatedValue: '33.86',
      estimateBasis: 'based on 11 sales in the year to Aug 2026',
    });
    // The seller says the label reads 9.6: the guide's 9.6 row values it, not the 9.8 one.
    const corrected = (await estimate({ ...read, cgcGrade: 9.6 })).json() as { estimatedValue: string };
    expect(corrected.estimatedValue).not.toBe('33.86');
    expect(Number(corrected.estimatedValue)).toBeGreaterThan(0);
    // A title the guide does not know: no value, never an invented one.
    expect((await estimate({ ...read, title: 'Nobody Knows This Series', cgcGrade: 9.8 })).json()).toEqual({
      estimatedValue: null,
      estimateBasis: null,
    });
    expect((await estimate({ ...read, cgcGrade: 9.7 })).statusCode).toBe(400);
    expect((await estimate({ ...read, title: '', cgcGrade: 9.8 })).statusCode).toBe(400);
  });

  it("matches 'The Amazing Spider-Man', 'D.C. Comics' and 'nn' books through pg_trgm", async () => {
    const db = t.database.db;
    const now = new Date('2026-08-30T00:00:00Z');
    const asm = await estimateMarketValue(
      db,
      {
        title: 'The Amazing Spider-Man',
        issueNumber: '#23',
        publisher: 'Marvel',
        variant: 'Pastrovicchio Variant',
        grade: 9.8,
      },
      now,
    );
    expect(asm).toMatchObject({ status: 'estimated', confidence: 'high' });
    expect(asm.evidence.salesCount).toBe(22);
    expect(asm.basis).toBe('based on 22 sales in the last year');
    const dc = await estimateMarketValue(
      db,
      { title: 'Catwoman', issueNumber: '13', publisher: 'D.C. Comics', variant: null, grade: 9.8 },
      now,
    );
    expect(dc.status).toBe('estimated');
    const nn = await estimateMarketValue(
      db,
      {
        title: 'Female Force: Taylor Swift',
        issueNumber: 'NN',
        publisher: 'TidalWave',
        variant: 'Unknown Comics Metal Edition A',
        grade: 9.8,
      },
      now,
    );
    // FMV 130, 90-day 100, 365-day 116: (130*4 + 100*2 + 116) / 7 = 119.43.
    expect(nn).toMatchObject({ status: 'estimated', valueCents: 11943 });
    const misread = await estimateMarketValue(
      db,
      {
        title: 'Amazlng Spider-Man',
        issueNumber: '23',
        publisher: '',
        variant: 'Pastrovicchio Variant Cover',
        grade: 9.8,
      },
      now,
    );
    expect(misread).toMatchObject({ status: 'estimated', confidence: 'medium' });
    expect(misread.evidence.titleSimilarity).toBeLessThan(1);
  });

  it('derives a missing grade from the same book along the grade curve, recent sales included', async () => {
    const db = t.database.db;
    const now = new Date('2026-11-20T00:00:00Z');
    // Spider-Boy #1 Young: 9.8 and 9.6 in the guide; 9.7 does not exist, 9.4 must be carried down.
    const at94 = await estimateMarketValue(
      db,
      {
        title: 'Spider-Boy',
        issueNumber: '1',
        publisher: 'Marvel Comics',
        variant: 'Young Variant Cover',
        grade: 9.4,
      },
      now,
    );
    expect(at94.status).toBe('estimated');
    expect(at94.evidence.derivedFromOtherGrades).toBe(true);
    expect(at94.evidence.matchedRows.every((row) => row.grade === 9.6)).toBe(true);
    expect(at94.valueCents).toBe(Math.round((3400 * 0.48) / 0.62));
    expect(at94.confidence).toBe('low');
    expect(at94.basis).toMatch(/at other grades of the same book$/);
    // ASM #19 Nakayama: 9.8 in the guide, two recorded sales at 9.6 (Nov 1 weighs more than Oct 15).
    const at96 = await estimateMarketValue(
      db,
      {
        title: 'Amazing Spider-Man',
        issueNumber: '19',
        publisher: 'Marvel Comics',
        variant: 'Nakayama Variant Cover',
        grade: 9.6,
      },
      now,
    );
    expect(at96.status).toBe('estimated');
    expect(at96.evidence.derivedFromOtherGrades).toBe(false);
    expect(at96.valueCents).toBeGreaterThan(3000);
    expect(at96.valueCents).toBeLessThan(3200);
    expect(at96.evidence.matchedRows.map((row) => row.kind)).toEqual(['sale', 'sale']);
  });

  it("says 'no market data' and gives no value when nothing matches", async () => {
    const db = t.database.db;
    const unknown = await estimateMarketValue(db, {
      title: 'Wolverine',
      issueNumber: '1',
      publisher: 'Mar Co o',
      variant: 'Chuen Raand Con',
      grade: 9.8,
    });
    expect(unknown).toMatchObject({ status: 'no-data', valueCents: null, basis: NO_MARKET_DATA });
    const noGrade = await estimateMarketValue(db, {
      title: 'Spider-Boy',
      issueNumber: '1',
      publisher: '',
      variant: 'Young Variant Cover',
      grade: null,
    });
    expect(noGrade.valueCents).toBeNull();
    const otherSeries = await estimateMarketValue(db, {
      title: 'Spider-Man',
      issueNumber: '1',
      publisher: '',
      variant: null,
      grade: 9.8,
    });
    expect(otherSeries.valueCents).toBeNull();
  });
});

describe('offer suggestions and settings', () => {
  it('suggests cash and credit from the estimate and the tiers, for staff only', async () => {
    const { comics } = await insertSubmission(t.database.db, seller.id, {
      comics: [
        {
          title: 'X-Men',
          issueNumber: '1',
          publisher: 'Marvel Comics',
          variant: null,
          cgcGrade: 9.6,
          keyIssue: false,
        },
        { title: 'Unknown Indie', issueNumber: '1', publisher: 'Nobody', variant: null, cgcGrade: 9.8 },
      ],
    });
    const url = `/api/admin/comics/${comics[0]!.id}/offer-suggestion`;
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const suggestion = offerSuggestionSchema.parse(response.json());
    // X-Men #1 (1991) 9.6: 73 sales a year, a fast mover -> the higher tier, 75% cash, credit 15% above.
    // Value: (44*4 + 44*3 + 53*2 + 47) / 10 = 46.10.
    expect(suggestion).toMatchObject({
      marketValueCents: 4610,
      tier: 'premium',
      cashPercent: 75,
      suggestedCashCents: 3400,
      suggestedCreditCents: 3900,
    });
    expect(suggestion.reasons[0]).toBe('Fast mover: 73 sales in the last year (12 or more)');
    expect(suggestion.evidence.salesCount).toBe(73);

    const none = offerSuggestionSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/comics/${comics[1]!.id}/offer-suggestion`,
          headers: { cookie: adminCookie },
        })
      ).json(),
    );
    expect(none).toMatchObject({ marketValueCents: null, suggestedCashCents: null, tier: null });

    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: sellerCookie } })).statusCode).toBe(
      403,
    );
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/comics/not-a-uuid/offer-suggestion',
      headers: { cookie: adminCookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("applies the dealer's saved percentages", async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/admin/valuation-settings',
      headers: { cookie: adminCookie },
    });
    expect(get.json()).toEqual(DEFAULT_VALUATION_SETTINGS);
    const put = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/valuation-settings',
        headers: { cookie: adminCookie, 'x-requested-with': 'fetch' },
        payload: body as Record<string, unknown>,
      });
    expect((await put({ ...DEFAULT_VALUATION_SETTINGS, reducedPercent: 90 })).statusCode).toBe(400);
    expect(
      (await put({ ...DEFAULT_VALUATION_SETTINGS, premiumPercent: 80, creditBonusPercent: 20 })).statusCode,
    ).toBe(200);
    const { comics } = await insertSubmission(t.database.db, seller.id, {
      comics: [
        { title: 'X-Men', issueNumber: '1', publisher: 'Marvel Comics', variant: null, cgcGrade: 9.6 },
      ],
    });
    const suggestion = offerSuggestionSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/comics/${comics[0]!.id}/offer-suggestion`,
          headers: { cookie: adminCookie },
        })
      ).json(),
    );
    expect(suggestion).toMatchObject({
      cashPercent: 80,
      suggestedCashCents: 3600,
      suggestedCreditCents: 4300,
    });
  });
});
