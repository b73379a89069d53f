// Small typed builders for test data. Every builder fills the required columns with unique,
// plausible values; pass overrides for what the test is about.
import { randomBytes } from 'node:crypto';
import { issueKey, publisherKey, titleKey, variantKey } from '../../shared/valuation/normalise.js';
import type { LabelReading } from '../../shared/label-reading.js';
import type { Db } from '../db/client.js';
import type { GuideRow } from '../modules/valuation/import-rows.js';
import {
  comics,
  images,
  submissions,
  users,
  type Comic,
  type Image,
  type NewComic,
  type NewSubmission,
  type NewUser,
  type Submission,
  type User,
} from '../db/schema.js';

/** A short random suffix that keeps unique columns unique across tests sharing a database. */
function unique(): string {
  return randomBytes(4).toString('hex');
}

/** Inserts a seller (role user) with a unique email and username; override anything. */
export async function insertUser(db: Db, overrides: Partial<NewUser> = {}): Promise<User> {
  const id = unique();
  const [user] = await db
    .insert(users)
    .values({
      email: `seller-${id}@example.com`,
      username: `seller_${id}`,
      firstName: 'Test',
      lastName: 'Seller',
      ...overrides,
    })
    .returning();
  return user!;
}

/** Inserts a staff member (role admin). */
export function insertAdmin(db: Db, overrides: Partial<NewUser> = {}): Promise<User> {
  const id = unique();
  return insertUser(db, {
    email: `admin-${id}@example.com`,
    username: `admin_${id}`,
    role: 'admin',
    ...overrides,
  });
}

/** Comic fields a test may set; the submission and position are filled in. */
export type ComicInput = Partial<Omit<NewComic, 'submissionId'>>;

/** Inserts a submission for a user, with its comics (one default comic when none are given). */
export async function insertSubmission(
  db: Db,
  userId: string,
  options: Partial<Omit<NewSubmission, 'userId'>> & { comics?: ComicInput[] } = {},
): Promise<{ submission: Submission; comics: Comic[] }> {
  const { comics: comicInputs = [{}], ...overrides } = options;
  return db.transaction(async (tx) => {
    const [submission] = await tx
      .insert(submissions)
      .values({ userId, ...overrides })
      .returning();
    const rows =
      comicInputs.length === 0
        ? []
        : await tx
            .insert(comics)
            .values(
              comicInputs.map((input, position) => ({
                title: 'Amazing Spider-Man',
                issueNumber: String(300 + position),
                publisher: 'Marvel Comics',
                publicationYear: 1988,
                cgcGrade: 9.8,
                cgcCertNumber: `${1000000000 + Math.floor(Math.random() * 8999999999)}`,
                confidence: 0.9,
                estimatedValueCents: 150_000,
                position,
                ...input,
                submissionId: submission!.id,
              })),
            )
            .returning();
    return { submission: submission!, comics: rows.sort((a, b) => a.position - b.position) };
  });
}

/** Inserts an uploaded-image record (no file is written); owner, guest token or comic via overrides. */
export async function insertImage(
  db: Db,
  overrides: Partial<typeof images.$inferInsert> = {},
): Promise<Image> {
  const id = unique();
  const [image] = await db
    .insert(images)
    .values({
      storageKey: `originals/${id}.jpg`,
      contentType: 'image/jpeg',
      width: 1200,
      height: 1800,
      byteSize: 250_000,
      sha256: randomBytes(32).toString('hex'),
      ...overrides,
    })
    .returning();
  return image!;
}

/** The book-describing columns of a price-guide row; the rest (keys, figures, date) are filled in. */
export type GuideRowInput = Pick<GuideRow, 'title' | 'issue'> & Partial<Omit<GuideRow, 'title' | 'issue'>>;

/**
 * A price-guide row as the importer makes it (for upsertGuideRows), with its match keys worked out
 * from the title, issue, publisher and variant; a Universal 9.8 at $50 unless overridden.
 */
export function guideRow(input: GuideRowInput, line = 1): GuideRow {
  const publisher = input.publisher ?? '';
  const variant = input.variant ?? '';
  return {
    line,
    titleKey: titleKey(input.title),
    issueKey: issueKey(input.issue),
    publisher,
    publisherKey: publisherKey(publisher),
    variant,
    variantKey: variantKey(variant),
    coverDate: '',
    grade: 9.8,
    labelCategory: 'Universal',
    fairValueCents: 5000,
    salesLastYear: 3,
    avg30DaysCents: null,
    avg90DaysCents: null,
    avg365DaysCents: null,
    asOf: '2026-01-01',
    ...input,
  };
}

/**
 * A label reading (the reader's output for one photo) with nothing read: empty text, null values,
 * no confidences, no notes. Pass what the label under test "says".
 */
export function labelReading(overrides: Partial<LabelReading> = {}): LabelReading {
  return {
    title: '',
    issueNumber: '',
    publisher: '',
    publicationYear: null,
    cgcGrade: null,
    cgcCertNumber: null,
    variant: null,
    keyIssue: null,
    confidence: 0,
    labelDate: null,
    gradeWords: null,
    pageQuality: null,
    keyComments: null,
    labelType: null,
    grader: null,
    fieldConfidence: {},
    barcode: null,
    notes: [],
    ...overrides,
  };
}
