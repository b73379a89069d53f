// After the label is read (and its title matched to the price guide, title-snap.ts), a variant line
// that is a near miss of one of the guide's variants for the same book is put right ('Chlang Variant
// Cover' -> 'Chiang Variant Cover'), and the reading says so in its notes. The variant line is the
// label's small print, and the distinctive word on it is most often an artist's or a shop's name,
// which the reader's word lists cannot hold (ADR 0040); the dealer's guide rows for the book can.
// Only very close variants are taken: the same words in the same order, the wording around the name
// ('Variant Cover', 'Virgin Edition', an edition letter) exactly, and a name one letter off on 5-7
// letters, two on 8 or more, the guide having no other variant that close. So 'Variant Cover A'
// never becomes 'Variant Cover B', a virgin cover never the trade dress, and 'Lee' never 'Lim'.
//
// A variant line the reader could not make out as words (no variant given), or made out as a variant
// that is not the guide's, is also read against the book's variants in the guide from what the
// recogniser saw on it (label-reader/variant-pattern.ts): the variant the line clearly spells is
// taken, flagged for the seller to check (ADR 0051).
import { sql } from 'drizzle-orm';
import type { LabelReading } from '../../../shared/label-reading.js';
import { editDistance } from '../../../shared/edit-distance.js';
import { issueKey, titleKey, variantWords } from '../../../shared/valuation/normalise.js';
import { queryRows, type Db } from '../../db/client.js';
import type { LineMatrix } from '../label-reader/pattern-decode.js';
import { readVariantAgainst } from '../label-reader/variant-pattern.js';

/**
 * Confidence of a variant read against the guide from the line's blurred letters: the seller is
 * asked to check it (under the check bar), as with a variant whose word the reader put right.
 */
const GUIDE_READ_VARIANT_CONFIDENCE = 0.5;

/**
 * Distinct variants of one book read at most: a book has a handful. A book with more is not
 * judged from a sample of them (a variant left out could be the one closer to the reading).
 */
const MAX_VARIANTS = 50;

/** The guide's distinct variants (not the regular cover's '') for one title and issue, or null when too many. */
export async function findGuideVariants(db: Db, title: string, issue: string): Promise<string[] | null> {
  const titleMatch = titleKey(title);
  const issueMatch = issueKey(issue);
  if (titleMatch === '' || issueMatch === '') return [];
  const rows = await queryRows<{ variant: string }>(
    db,
    sql`select distinct variant from price_guide_entries
        where title_key = ${titleMatch} and issue_key = ${issueMatch} and variant <> ''
        limit ${MAX_VARIANTS + 1}`,
  );
  return rows.length > MAX_VARIANTS ? null : rows.map((row) => row.variant);
}

/** Letters a name may differ by: none under 5 letters (short names are too easily another name). */
function allowedEdits(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0;
}

type VariantWords = ReturnType<typeof variantWords>;

/**
 * How the guide's variant stands to the read one: the same words ('same'), the read one with a
 * name's letters put right ('near': word for word the same, except distinctive words within
 * `allowedEdits`), or another variant.
 */
function compareWords(read: VariantWords, guide: VariantWords): 'same' | 'near' | 'other' {
  if (read.length !== guide.length) return 'other';
  let changed = false;
  for (const [index, word] of read.entries()) {
    const other = guide[index];
    if (!other || other.word === word.word) continue;
    if (!word.distinctive || !other.distinctive) return 'other';
    if (editDistance(word.word, other.word) > allowedEdits(other.word)) return 'other';
    changed = true;
  }
  return changed ? 'near' : 'same';
}

/**
 * How the read variant stands to the guide's variants for the book: the guide has it ('listed'),
 * has exactly one near miss of it (the variant put right), or neither ('unlisted').
 */
function standingInGuide(
  read: string,
  guideVariants: readonly string[],
): 'listed' | 'unlisted' | { near: string } {
  const readWords = variantWords(read);
  const compared = guideVariants.map((variant) => ({
    variant,
    standing: compareWords(readWords, variantWords(variant)),
  }));
  if (compared.some(({ standing }) => standing === 'same')) return 'listed';
  const near = compared.filter(({ standing }) => standing === 'near');
  return near.length === 1 && near[0] ? { near: near[0].variant } : 'unlisted';
}

/**
 * The one guide variant the read variant is a near miss of, or null: none, more than one, or the
 * guide has the variant as read (another book than the near one).
 */
export function closestGuideVariant(read: string, guideVariants: readonly string[]): string | null {
  const standing = standingInGuide(read, guideVariants);
  return typeof standing === 'object' ? standing.near : null;
}

/**
 * The reading with its variant matched to the price guide's variants for the same book: a read
 * variant very close to one of them is put right; a variant line the reader gave no variant for,
 * or a variant the guide does not list, is read against them from `variantLine` (the recogniser's
 * output for the line, label-pipeline's ReadingWithVariantLine). Each change says so in the notes.
 */
export async function snapVariantToGuide(
  db: Db,
  reading: LabelReading,
  variantLine: LineMatrix | null = null,
): Promise<LabelReading> {
  if (!reading.title || !reading.issueNumber || !(reading.variant || variantLine)) return reading;
  const variants = await findGuideVariants(db, reading.title, reading.issueNumber);
  if (!variants || variants.length === 0) return reading;
  const standing = reading.variant ? standingInGuide(reading.variant, variants) : 'unlisted';
  if (standing === 'listed') return reading;
  if (typeof standing === 'object') {
    return {
      ...reading,
      variant: standing.near,
      notes: [
        ...reading.notes,
        `Variant matched to the price guide: "${standing.near}" (the label read "${reading.variant}").`,
      ],
    };
  }
  const read = variantLine && readVariantAgainst(variantLine, variants);
  if (!read) return reading;
  const label = reading.variant ? ` (the label read "${reading.variant}")` : '';
  return {
    ...reading,
    variant: read.variant,
    fieldConfidence: { ...reading.fieldConfidence, variant: GUIDE_READ_VARIANT_CONFIDENCE },
    notes: [
      ...reading.notes,
      `The variant line was unclear; it reads best as the price guide's "${read.variant}"${label}. Please check the variant.`,
    ],
  };
}
