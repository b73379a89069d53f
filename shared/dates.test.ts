import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.js';

describe('formatDate', () => {
  it("formats a Date as 'MMM dd, yyyy' with a zero-padded day", () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('Jan 05, 2026');
    expect(formatDate(new Date(2025, 8, 1))).toBe('Sep 01, 2025');
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('Dec 31, 2024');
  });

  it('reads a bare ISO date as that calendar day in any time zone', () => {
    expect(formatDate('2026-01-05')).toBe('Jan 05, 2026');
  });

  it('reads an ISO timestamp as the same instant as new Date()', () => {
    const iso = '2026-03-15T12:00:00.000Z';
    expect(formatDate(iso)).toBe(formatDate(new Date(iso)));
  });

  it('accepts epoch milliseconds', () => {
    const date = new Date(2026, 6, 4, 10);
    expect(formatDate(date.getTime())).toBe('Jul 04, 2026');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
    expect(formatDate('01/05/2026')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes the date, the hour on a 12-hour clock and AM/PM in the viewer zone', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 15, 4))).toBe('Jan 05, 2026 at 3:04 PM');
    expect(formatDateTime(new Date(2026, 0, 5, 0, 30))).toBe('Jan 05, 2026 at 12:30 AM');
    expect(formatDateTime(new Date(2026, 0, 5, 12, 0))).toBe('Jan 05, 2026 at 12:00 PM');
    expect(formatDateTime(new Date(2026, 11, 31, 9, 59))).toBe('Dec 31, 2026 at 9:59 AM');
  });

  it('reads the ISO strings the API sends and gives nothing for an unreadable date', () => {
    expect(formatDateTime('2026-01-05T15:04:00.000Z')).toMatch(/^Jan 0[45], 2026 at \d{1,2}:04 (AM|PM)$/);
    expect(formatDateTime('nonsense')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});
