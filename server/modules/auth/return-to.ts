/**
 * Keeps a post-sign-in destination on this site: only a relative path starting with a single '/'
 * is accepted (no '//host', no '/\host' that browsers treat as protocol-relative, no scheme, no
 * control characters). Anything else becomes '/', so /api/login cannot be used as an open redirect.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  // Resolve against a dummy origin: if the result leaves it, the path was not really relative.
  const resolved = new URL(value, 'http://return-to.invalid');
  if (resolved.origin !== 'http://return-to.invalid') return '/';
  // Never bounce back into the sign-in endpoints themselves.
  if (resolved.pathname.startsWith('/api/')) return '/';
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
