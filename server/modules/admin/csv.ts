// CSV for spreadsheets (RFC 4180): every text cell quoted, quotes doubled, and text a spreadsheet would
// run as a formula (a leading =, +, -, @, tab or carriage return) prefixed with a single quote, as
// OWASP advises against CSV injection. Numbers (money as dollars with two decimals) stay unquoted so
// spreadsheets sum them.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One text cell, quoted and guarded. Null is an empty cell. */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${guarded.replaceAll('"', '""')}"`;
}

/** Cents as a plain number of dollars ('1234.50'); null is an empty cell. */
export function csvMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const negative = cents < 0;
  const absolute = Math.abs(Math.round(cents));
  return `${negative ? '-' : ''}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** A whole number cell. */
export function csvNumber(value: number): string {
  return String(value);
}

/** One CSV line (CRLF-terminated) from already-encoded cells. */
export function csvLine(cells: string[]): string {
  return `${cells.join(',')}\r\n`;
}
