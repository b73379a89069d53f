/** The client's routes (spec section 2). The server answers 404 for any other page path. */
export const CLIENT_ROUTES = [
  '/',
  '/learn-more',
  '/sell',
  '/submissions',
  '/settings',
  '/admin',
  '/admin/outbox',
  '/admin/price-guide',
  '/privacy-policy',
  '/terms-of-service',
] as const;

export type ClientRoute = (typeof CLIENT_ROUTES)[number];

/**
 * The client's routes with a parameter: staff's view of one submission (/admin/submissions/:id), one submission (/submissions/:id, a link a seller can bookmark
 * or get by email) and its print-ready shipping label (/submissions/:id/label). The page itself says
 * 'Submission not found' for an id that is not the seller's, so any single path segment is a page here.
 */
export const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/submissions\/[^/]+$/,
  /^\/submissions\/[^/]+\/label$/,
  /^\/admin\/submissions\/[^/]+$/,
];

/** True when the path (without query or hash) is one of the client's routes. */
export function isClientRoute(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (CLIENT_ROUTES as readonly string[]).includes(normalised) ||
    CLIENT_ROUTE_PATTERNS.some((pattern) => pattern.test(normalised))
  );
}
