/** The client's routes (spec section 2). The server answers 404 for any other page path. */
export const CLIENT_ROUTES = [
  '/',
  '/learn-more',
  '/sell',
  '/submissions',
  '/settings',
  '/admin',
  '/admin/outbox',
  '/privacy-policy',
  '/terms-of-service',
] as const;

export type ClientRoute = (typeof CLIENT_ROUTES)[number];

/** True when the path (without query or hash) is one of the client's routes. */
export function isClientRoute(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (CLIENT_ROUTES as readonly string[]).includes(normalised);
}
