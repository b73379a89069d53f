// SQL of the staff dashboard's list: one query per request for the total and the page, whatever the
// page size (the rows' first comic, comic count, first photo and time in status come from lateral
// sub-selects, never from a query per row), and keyset batches for the CSV export.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { queryRowsNamed } from '../../db/prepared.js';
import type { Carrier, SubmissionStatus } from '../../../shared/domain-values.js';
import type { AdminSubmissionsQuery } from '../../../shared/schemas/admin-submissions.js';
import {
  listOrderBy,
  listWhere,
  sortKey,
  type AdminListFilter,
  type AdminListOrder,
} from './list-filters.js';

/** One row of the list as read from the database. */
export interface AdminListRecord {
  id: string;
  status: SubmissionStatus;
  createdAt: Date;
  statusSince: Date;
  comicCount: number;
  firstComic: { title: string; issueNumber: string; cgcGrade: number | null; imageId: string | null } | null;
  seller: { username: string | null; email: string; firstName: string | null; lastName: string | null };
  totalEstimatedValueCents: number | null;
  trackingId: string | null;
  carrier: Carrier | null;
}

interface RawRow extends Record<string, unknown> {
  id: string;
  status: SubmissionStatus;
  created_at: Date | string;
  status_since: Date | string | null;
  comic_count: number | string;
  comic_title: string | null;
  comic_issue_number: string | null;
  comic_cgc_grade: number | string | null;
  image_id: string | null;
  username: string | null;
  email: string;
  first_name: string | null;
  last_name: string | null;
  total_estimated_value_cents: number | null;
  tracking_id: string | null;
  carrier: Carrier | null;
}

// Raw queries return timestamps as Date on node-postgres and as Date or string on PGlite; numerics
// and counts may come back as strings. These read either.
const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const toNumber = (value: number | string): number => (typeof value === 'number' ? value : Number(value));

function fromRaw(row: RawRow): AdminListRecord {
  const createdAt = toDate(row.created_at);
  return {
    id: row.id,
    status: row.status,
    createdAt,
    statusSince: row.status_since ? toDate(row.status_since) : createdAt,
    comicCount: toNumber(row.comic_count),
    firstComic:
      row.comic_title === null
        ? null
        : {
            title: row.comic_title,
            issueNumber: row.comic_issue_number ?? '',
            cgcGrade: row.comic_cgc_grade === null ? null : toNumber(row.comic_cgc_grade),
            imageId: row.image_id,
          },
    seller: {
      username: row.username,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
    },
    totalEstimatedValueCents: row.total_estimated_value_cents,
    trackingId: row.tracking_id,
    carrier: row.carrier,
  };
}

/** A row of the list query: the total on every row; one row with a null id when the page is empty. */
interface ListRawRow extends Omit<RawRow, 'id'> {
  id: string | null;
  total: number | string;
}

interface ExportRawRow extends RawRow {
  payment_email: string | null;
  titles: string | null;
  publishers: string | null;
  total_cash_offer_cents: number | null;
  total_store_credit_offer_cents: number | null;
  sort_value: string;
}

/**
 * One page of the list and the total, in one round trip (one statement: the total, the window and the
 * rows read in the same snapshot, so the "of N" always matches the rows).
 *
 * The total: without a publisher or a search it is in submission_status_counts (kept by triggers: one
 * row read instead of counting 100,000 rows); otherwise the matching submissions are found once (a
 * materialized CTE of ids and sort keys) and both counted and paged from there, instead of running the
 * search twice (once to count, once for the page).
 *
 * Paging: offset on an index walk; a page in the far half is read from the other end (reverse order,
 * small offset), so the last page costs what the first does. Both directions are in the statement, the
 * unused one with LIMIT 0 (never read); which one runs is decided in SQL from the total.
 *
 * The unfiltered and status-only shapes run as named prepared statements (planned once per pooled
 * connection on PostgreSQL): their plan is the same index walk whatever the values. Publisher and
 * search shapes are planned per request: how many rows match decides the best plan.
 */
export async function listAdminSubmissions(
  db: Db,
  query: AdminSubmissionsQuery,
): Promise<{ total: number; records: AdminListRecord[] }> {
  const offset = (query.page - 1) * query.pageSize;
  const searched = Boolean(query.publisher || query.q);
  const matched: SQL = searched
    ? sql`matched as materialized (
            select s.id, ${sortKey(query, 's')} as k from submissions s where ${listWhere(query)}
          ),
          total as (select count(*) as n from matched),`
    : sql`total as (
            select coalesce(sum(count), 0)::bigint as n from submission_status_counts
            where ${query.status ? sql`status = ${query.status}` : sql`true`}
          ),`;
  const source: SQL = searched
    ? sql`matched`
    : sql`(select s.id, ${sortKey(query, 's')} as k from submissions s where ${listWhere(query)})`;
  const forward = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
  const backward = sql.raw(query.order === 'desc' ? 'asc' : 'desc');
  const statement = sql`with ${matched}
        win as (
          select n, lim, case when n - ${offset}::bigint - lim >= ${offset}::bigint then lim else 0 end as forward_limit,
            case when n - ${offset}::bigint - lim >= ${offset}::bigint then 0 else lim end as backward_limit,
            greatest(n - ${offset}::bigint - lim, 0) as backward_offset
          from (select n, greatest(least(${query.pageSize}::bigint, n - ${offset}::bigint), 0) as lim from total) t
        ),
        -- The outer LIMIT (a constant) tells the planner the page is small, so what follows is a
        -- primary-key lookup per row rather than a hash join over every submission and seller.
        page as (
          select * from (
            (select src.id, src.k from ${source} src order by src.k ${forward}, src.id ${forward}
               limit (select forward_limit from win) offset ${offset}::bigint)
            union all
            (select src.id, src.k from ${source} src order by src.k ${backward}, src.id ${backward}
               limit (select backward_limit from win) offset (select backward_offset from win))
          ) both_ways
          limit ${query.pageSize}::bigint
        )
        select w.n as total, p.id, s.status, s.created_at, s.total_estimated_value_cents, s.tracking_id, s.carrier,
          u.username, u.email, u.first_name, u.last_name,
          fc.title as comic_title, fc.issue_number as comic_issue_number, fc.cgc_grade as comic_cgc_grade,
          (select count(*) from comics c2 where c2.submission_id = p.id) as comic_count,
          (select i.id from images i where i.comic_id = fc.id order by i.created_at, i.id limit 1) as image_id,
          (select max(e.created_at) from status_events e
             where e.submission_id = p.id and e.comic_id is null and e.to_status = s.status) as status_since
        from win w
        left join (
          page p
          join submissions s on s.id = p.id
          join users u on u.id = s.user_id
          left join lateral (
            select c.id, c.title, c.issue_number, c.cgc_grade from comics c
            where c.submission_id = p.id order by c.position, c.created_at, c.id limit 1
          ) fc on true
        ) on true
        order by p.k ${forward}, p.id ${forward}`;
  const rows = searched
    ? await queryRows<ListRawRow>(db, statement)
    : await queryRowsNamed<ListRawRow>(
        db,
        `admin_list_${query.status ? 'status' : 'all'}_${query.sort}_${query.order}`,
        statement,
      );
  const total = toNumber(rows[0]?.total ?? 0);
  return {
    total,
    records: rows.filter((row): row is ListRawRow & RawRow => row.id !== null).map(fromRaw),
  };
}

/** One export row: the list row plus what a spreadsheet wants that the table does not show. */
export interface AdminExportRecord extends AdminListRecord {
  paymentEmail: string | null;
  titles: string;
  publishers: string;
  totalCashOfferCents: number | null;
  totalStoreCreditOfferCents: number | null;
}

/**
 * Every matching submission in list order, in batches of `batchSize`, by keyset (the last row's sort
 * key and id), so the export never re-reads skipped rows and streams at a steady cost per batch.
 */
export async function* exportAdminSubmissions(
  db: Db,
  filter: AdminListFilter,
  order: AdminListOrder,
  batchSize = 1000,
): AsyncGenerator<AdminExportRecord[]> {
  // The key travels as PostgreSQL's own text (microseconds intact; a JS Date would drop them and
  // skip or repeat rows created in the same millisecond) and is cast back to the column's type.
  let after: { key: string; id: string } | null = null;
  const comparison = sql.raw(order.order === 'desc' ? '<' : '>');
  const keyType = sql.raw(order.sort === 'date' ? 'timestamptz' : 'integer');
  for (;;) {
    const keyset: SQL = after
      ? sql`and (${sortKey(order, 's')}, s.id) ${comparison} (${after.key}::${keyType}, ${after.id}::uuid)`
      : sql``;
    const rows: ExportRawRow[] = await queryRows<ExportRawRow>(
      db,
      sql`select s.id, s.status, s.created_at, s.total_estimated_value_cents, s.tracking_id, s.carrier,
            s.total_cash_offer_cents, s.total_store_credit_offer_cents,
            (${sortKey(order, 's')})::text as sort_value,
            u.username, u.email, u.first_name, u.last_name, u.payment_email,
            agg.comic_count, agg.titles, agg.publishers,
            null as comic_title, null as comic_issue_number, null as comic_cgc_grade, null as image_id,
            null as status_since
          from submissions s
          join users u on u.id = s.user_id
          left join lateral (
            select count(*) as comic_count,
              string_agg(c.title || case when c.issue_number <> '' then ' #' || c.issue_number else '' end,
                         '; ' order by c.position, c.created_at, c.id) as titles,
              string_agg(distinct nullif(c.publisher, ''), '; ') as publishers
            from comics c where c.submission_id = s.id
          ) agg on true
          where ${listWhere(filter)} ${keyset}
          order by ${listOrderBy(order, 's')}
          limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      ...fromRaw(row),
      paymentEmail: row.payment_email,
      titles: row.titles ?? '',
      publishers: row.publishers ?? '',
      totalCashOfferCents: row.total_cash_offer_cents,
      totalStoreCreditOfferCents: row.total_store_credit_offer_cents,
    }));
    if (rows.length < batchSize) return;
    const last: ExportRawRow = rows[rows.length - 1]!;
    after = { key: last.sort_value, id: last.id };
  }
}

/**
 * The publishers present in the data, alphabetically. A loose index scan (a recursive walk of the
 * publisher index, one probe per distinct name) instead of reading 300,000 comics for a few dozen names.
 */
export async function listPublishers(db: Db): Promise<string[]> {
  const rows = await queryRows<{ publisher: string }>(
    db,
    sql`with recursive walk as (
          select min(publisher) as publisher from comics where publisher <> ''
          union all
          select (select min(c.publisher) from comics c where c.publisher > walk.publisher)
          from walk where walk.publisher is not null
        )
        select publisher from walk where publisher is not null`,
  );
  return rows.map((row) => row.publisher);
}
