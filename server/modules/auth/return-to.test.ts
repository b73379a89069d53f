import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.js';

describe('safeReturnTo', () => {
  it('keeps relative paths on this site, with query and hash', () => {
    expect(safeReturnTo('/sell')).toBe('/sell');
    expect(safeReturnTo('/learn-more?x=1#faq')).toBe('/learn-more?x=1#faq');
    expect(safeReturnTo('/')).toBe('/');
    expect(safeReturnTo('/submissions/a/../b')).toBe('/submissions/b');
  });

  // Issue 7 item 3: known open-redirect bypasses. Each must end on this site's home page.
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not a string', ['/sell']],
    ['absolute URL', 'https://evil.example/'],
    ['scheme-relative with scheme', 'http:evil.example'],
    ['scheme', 'javascript:alert(1)'],
    ['protocol-relative', '//evil.example/path'],
    ['triple slash', '///evil.example'],
    ['dot segment then //', '/.//evil.example/phish'],
    ['dot-dot segment then //', '/a/..//evil.example'],
    ['deeper dot-dot', '/a/b/../..//evil.example'],
    ['encoded dot segment', '/%2e//evil.example'],
    ['backslash trick', '/\\evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['slash backslash after dots', '/./\\evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['encoded slash', '/%2fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['tab after slash', '/\t/evil.example'],
    ['newline', '/sell\n//evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['leading space', ' //evil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['DEL', '/\u007f/evil.example'],
    ['the sign-in endpoints', '/api/login?returnTo=/sell'],
    ['too long', `/${'a'.repeat(2048)}`],
  ])('falls back to / for %s', (_label, value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('never returns anything a browser would read as another host', () => {
    const tricky = ['/.//x', '/a/..//x', '/./../..//x', '/%2e%2e//x', '/;//x', '/?//x', '/#//x'];
    for (const value of tricky) {
      const result = safeReturnTo(value);
      expect(new URL(result, 'https://site.example').host).toBe('site.example');
      expect(result).toMatch(/^\/(?![/\\])/);
    }
  });
});
