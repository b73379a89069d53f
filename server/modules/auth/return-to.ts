/**
 * Keeps a post-sign-in destination on this site. The value is resolved the way a browser resolves
 * a Location header (dot segments, percent-decoding of the path is NOT done by browsers, so
 * '%2F%2Fevil' stays a path), and accepted only when the result is a path that starts with a single
 * '/' followed by a character that is neither '/' nor '\'. The resolved form is what is returned,
 * so what the browser is sent is exactly what was checked: '/.//evil' resolves to '//evil' and is
 * refused rather than passed on. No control characters or backslashes anywhere (browsers treat '\'
 * as '/', and strip tabs and newlines). Anything else becomes '/'.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  let resolved: URL;
  try {
    resolved = new URL(value, 'http://return-to.invalid');
  } catch {
    return '/';
  }
  if (resolved.origin !== 'http://return-to.invalid') return '/';
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // After resolution: one '/', then something other than '/' or '\' (or nothing: the home page).
  if (!/^\/(?![/\\])/.test(path)) return '/';
  // Encoded slashes or backslashes right after the first '/' are not dangerous to a browser, but
  // nothing on this site needs them, and some proxies decode them: refuse them too.
  if (/^\/%(2f|5c)/i.test(path)) return '/';
  // Never bounce back into the sign-in endpoints themselves.
  if (resolved.pathname.startsWith('/api/')) return '/';
  return path;
}
