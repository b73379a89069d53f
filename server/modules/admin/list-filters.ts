// The WHERE and ORDER BY of the admin list, shared by the page, the count and the CSV export so the
// three can never disagree. Every value reaches SQL as a bind parameter; only fixed column names and
// directions are raw. The indexes that make each shape fast are in migration 0003.
import { sql, type SQL } from 'drizzle-orm';
import type { AdminSubmissionsQuery } from '../../../shared/schemas/admin-submissions.js';

/** The filter part of the list query (no paging). */
export type AdminListFilter = Pick<AdminSubmissionsQuery, 'status' | 'publisher' | 'q'>;
/** The order part of the list query. */
export type AdminListOrder = Pick<AdminSubmissionsQuery, 'sort' | 'order'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// References as people type them or scanners send them: the short REF (the id's first 8 hex digits)
// with or without '#', the label's 'AC' + REF, or (searching only) a prefix of at least 4 hex digits.
// The whole REF is tried before 'AC' + REF: 'ACDC1234' is a REF in its own right.
const FULL_REFERENCE = [/^#?([0-9a-f]{8})$/i, /^AC([0-9a-f]{8})$/i];
const PARTIAL_REFERENCE = /^#?([0-9a-f]{4,7})$/i;

/** Options of referenceRange. */
export interface ReferenceOptions {
  /** Accept a prefix of 4 to 7 hex digits (fine for searching; too loose for checking a box in). */
  partial?: boolean;
}

/**
 * The range of submission ids a reference names: a full uuid names one; a short REF (or the label's
 * 'AC' + REF, or a prefix when allowed) names every id starting with it. A range on the primary key
 * needs no extra index. Null when the text cannot be a reference.
 */
export function referenceRange(
  text: string,
  options: ReferenceOptions = {},
): { from: string; to: string } | null {
  const value = text.trim();
  if (UUID.test(value)) return { from: value.toLowerCase(), to: value.toLowerCase() };
  const patterns = options.partial ? [...FULL_REFERENCE, PARTIAL_REFERENCE] : FULL_REFERENCE;
  const match = patterns.map((pattern) => pattern.exec(value)).find(Boolean);
  if (!match) return null;
  const prefix = match[1]!.toLowerCase();
  const pad = (digit: string) => {
    const hex = (prefix + digit.repeat(32)).slice(0, 32);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  return { from: pad('0'), to: pad('f') };
}

/** `%text%` for ILIKE with the text's own %, _ and \ matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The WHERE condition over `submissions s` for a filter (TRUE when there is none). */
export function listWhere(filter: AdminListFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(sql`s.status = ${filter.status}`);
  if (filter.publisher) {
    conditions.push(
      sql`s.id in (select c.submission_id from comics c where c.publisher = ${filter.publisher})`,
    );
  }
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    // Conditions on the submission row itself, joined with OR: the planner combines one index scan per
    // condition (BitmapOr) and reads only the matching submissions, with no join over all of them.
    const matches: SQL[] = [
      // Titles and publishers: each submission's search text (one per line, kept by triggers,
      // migration 0009) holds a text without a line break exactly when one of its comics' titles or
      // publishers does (decision 0026). A search with a line break keeps the per-comic match.
      filter.q.includes('\n')
        ? sql`s.id in (select c.submission_id from comics c where c.title ilike ${pattern} or c.publisher ilike ${pattern})`
        : sql`s.comic_search_text ilike ${pattern}`,
      // Trigram indexes serve the ILIKEs; = any(array(...)) lets the sellers found use the user_id index.
      sql`s.user_id = any(array(select u.id from users u where u.email ilike ${pattern} or u.username ilike ${pattern}))`,
    ];
    const range = referenceRange(filter.q, { partial: true });
    if (range) matches.push(sql`s.id between ${range.from}::uuid and ${range.to}::uuid`);
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** The sort key expression of an order over table alias `alias` (matches the 0003 indexes). */
export function sortKey(order: AdminListOrder, alias: string): SQL {
  const table = sql.raw(alias);
  // Estimated value may be unknown; -1 puts those below every real value in both directions.
  return order.sort === 'value'
    ? sql`coalesce(${table}.total_estimated_value_cents, -1)`
    : sql`${table}.created_at`;
}

/** ORDER BY for the list over table alias `alias`; `reverse` flips it (for paging from the far end). */
export function listOrderBy(order: AdminListOrder, alias: string, reverse = false): SQL {
  const descending = (order.order === 'desc') !== reverse;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  return sql`${sortKey(order, alias)} ${direction}, ${sql.raw(alias)}.id ${direction}`;
}
