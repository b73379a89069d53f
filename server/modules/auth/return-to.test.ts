import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.js';

describe('safeReturnTo', () => {
  it('keeps relative paths on this site, with query and hash', () => {
    expect(safeReturnTo('/sell')).toBe('/sell');
    expect(safeReturnTo('/learn-more?x=1#faq')).toBe('/learn-more?x=1#faq');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['absolute URL', 'https://evil.example/'],
    ['protocol-relative', '//evil.example/path'],
    ['backslash trick', '/\\evil.example'],
    ['scheme', 'javascript:alert(1)'],
    ['control character', '/sell\n//evil.example'],
    ['not a string', ['/sell']],
    ['the sign-in endpoints', '/api/login?returnTo=/sell'],
  ])('falls back to / for %s', (_label, value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});
