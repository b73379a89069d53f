import { describe, expect, it } from 'vitest';
import {
  apiSearchFromView,
  DEFAULT_VIEW,
  searchFromView,
  showingText,
  viewFromSearch,
  waitedText,
} from './list-params';

describe('dashboard view in the URL', () => {
  it('round-trips a view and leaves defaults out', () => {
    const view = {
      status: 'shipped',
      publisher: 'DC Comics',
      q: 'bat',
      sort: 'value',
      order: 'asc',
      page: 3,
    } as const;
    const search = searchFromView(view);
    expect(search).toBe('status=shipped&publisher=DC+Comics&q=bat&sort=value&order=asc&page=3');
    expect(viewFromSearch(search)).toEqual(view);
    expect(searchFromView(DEFAULT_VIEW)).toBe('');
  });
  it('ignores unknown or malformed values', () => {
    expect(viewFromSearch('?status=bogus&sort=title&order=x&page=-2&extra=1')).toEqual(DEFAULT_VIEW);
    expect(viewFromSearch('page=2.5').page).toBe(1);
  });
  it('adds the page size for the API and drops the page for the export', () => {
    const view = { ...DEFAULT_VIEW, status: 'paid' as const, page: 2 };
    expect(apiSearchFromView(view, { paged: true })).toBe('status=paid&page=2&pageSize=50');
    expect(apiSearchFromView(view, { paged: false })).toBe('status=paid');
  });
});

describe('showingText', () => {
  it('says which rows of how many', () => {
    expect(showingText(2, 50, 50, 2314)).toBe('Showing 51 to 100 of 2,314 submissions');
    expect(showingText(1, 50, 3, 3)).toBe('Showing 1 to 3 of 3 submissions');
    expect(showingText(1, 50, 0, 0)).toBe('Showing 0 of 0 submissions');
  });
});

describe('waitedText', () => {
  it('shows minutes, hours, then days', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(waitedText(new Date('2026-01-10T11:15:00Z'), now)).toBe('45m');
    expect(waitedText(new Date('2026-01-09T12:00:00Z'), now)).toBe('24h');
    expect(waitedText(new Date('2026-01-01T12:00:00Z'), now)).toBe('9d');
  });
});
