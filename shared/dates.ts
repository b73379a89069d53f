/** The one date format of the product (spec: 'MMM dd, yyyy', e.g. 'Jan 05, 2026'). */
export const DATE_FORMAT = 'MMM dd, yyyy';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// ISO 8601 as the API sends it: a bare date, or a date and time with an optional zone.
const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** An ISO 8601 string as a Date; a bare date is local midnight (not UTC, which would show the day before west of Greenwich). */
function parseIso(value: string): Date {
  const bare = BARE_DATE.exec(value);
  if (bare) return new Date(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3]));
  return DATE_TIME.test(value) ? new Date(value) : new Date(Number.NaN);
}

/**
 * Formats a Date, an ISO 8601 string (what the API sends) or epoch milliseconds as 'MMM dd, yyyy' in the
 * viewer's time zone. Returns '' for an invalid or unparsable date, so one bad record cannot break a page.
 * Written out rather than with date-fns: the seller's pages load it, and the library cost 6.5 kB gzip there.
 */
export function formatDate(value: Date | string | number): string {
  const date = typeof value === 'string' ? parseIso(value) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = String(date.getDate()).padStart(2, '0');
  return `${MONTHS[date.getMonth()]} ${day}, ${date.getFullYear()}`;
}

/**
 * 'MMM dd, yyyy at h:mm a' (e.g. 'Jan 05, 2026 at 3:04 PM') in the viewer's time zone, for timeline
 * entries; '' for an invalid or unparsable date. By hand like formatDate: date-fns cost the seller's
 * submissions page about 5 kB gzip for this one format.
 */
export function formatDateTime(value: Date | string | number): string {
  const date = typeof value === 'string' ? parseIso(value) : new Date(value);
  const day = formatDate(date);
  if (day === '') return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${day} at ${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
