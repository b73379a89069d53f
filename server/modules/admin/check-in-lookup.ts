// Package check-in: what a USB barcode scanner types at the counter (the shipping label's 'AC' + REF,
// spec "Shipping label") or a tracking number typed off the box, to the submissions it names.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { normalizeTrackingNumber } from '../../../shared/carriers.js';
import { referenceRange } from './list-filters.js';

/** The most submissions one code may name (a reused tracking number; a short REF shared by chance). */
const MAX_MATCHES = 10;

/**
 * Ids of the submissions a scanned or typed code names, newest first: by reference when it reads as
 * one (the label's 'AC' + 8 hex digits, the short REF with or without '#', a full id), otherwise by
 * tracking number compared the way carriers print them (whitespace removed, upper-cased).
 */
export async function findSubmissionIdsByCode(db: Db, code: string): Promise<string[]> {
  const value = code.trim();
  // Only a complete reference counts here: a prefix is fine for searching, not for checking a box in.
  const range = referenceRange(value);
  const tracking = normalizeTrackingNumber(value);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select s.id from submissions s
        where ${range ? sql`s.id between ${range.from}::uuid and ${range.to}::uuid or` : sql``}
          (s.tracking_id is not null and upper(regexp_replace(s.tracking_id, '\\s', '', 'g')) = ${tracking})
        order by s.created_at desc, s.id desc
        limit ${MAX_MATCHES}`,
  );
  return rows.map((row) => row.id);
}
