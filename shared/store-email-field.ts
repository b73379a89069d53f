/**
 * The store account email's names derive from the store's brand (spec section 3): 'Amped Store'
 * gives the user object's field `ampedStoreEmail` and the save route `/api/user/amped-store-email`.
 * One rule for both sides, so the settings page and the server cannot disagree on a rebrand.
 */
function brandWords(storeBrand: string): string[] {
  return storeBrand
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** The user object's field for the store email: 'Amped Store' -> 'ampedStoreEmail'. */
export function storeEmailFieldName(storeBrand: string): string {
  return [...brandWords(storeBrand), 'Email']
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
}

/** The route's last path segment: 'Amped Store' -> 'amped-store-email'. */
export function storeEmailPathSegment(storeBrand: string): string {
  return [...brandWords(storeBrand), 'email'].map((word) => word.toLowerCase()).join('-');
}

/** The save route for the store email: 'Amped Store' -> '/api/user/amped-store-email'. */
export function storeEmailPath(storeBrand: string): string {
  return `/api/user/${storeEmailPathSegment(storeBrand)}`;
}

/** The store email of a user object, or null. */
export function storeEmailOf(user: Record<string, unknown>, storeBrand: string): string | null {
  const value = user[storeEmailFieldName(storeBrand)];
  return typeof value === 'string' ? value : null;
}
