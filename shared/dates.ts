import { format, isValid, parseISO } from 'date-fns';

/** The one date format of the product (spec: 'MMM dd, yyyy', e.g. 'Jan 05, 2026'). */
export const DATE_FORMAT = 'MMM dd, yyyy';

/**
 * Formats a Date, an ISO 8601 string (what the API sends) or epoch milliseconds as 'MMM dd, yyyy' in the
 * viewer's time zone. Returns '' for an invalid or unparsable date, so one bad record cannot break a page.
 */
export function formatDate(value: Date | string | number): string {
  // parseISO rather than new Date(string): it accepts only ISO 8601, and reads a bare date ('2026-01-05')
  // as local midnight instead of UTC midnight, which would show the previous day west of Greenwich.
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? format(date, DATE_FORMAT) : '';
}
