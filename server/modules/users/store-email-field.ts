/**
 * The store account email's names derive from the store's brand (spec section 3): 'Amped Store'
 * gives the payload field `ampedStoreEmail` and the route `/api/user/amped-store-email`.
 */
function brandWords(storeBrand: string): string[] {
  return storeBrand
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** camelCase brand + 'StoreEmail'-style field name, e.g. 'Amped Store' -> 'ampedStoreEmail'. */
export function storeEmailFieldName(storeBrand: string): string {
  const words = [...brandWords(storeBrand), 'Email'];
  return words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
}

/** kebab-case path segment, e.g. 'Amped Store' -> 'amped-store-email'. */
export function storeEmailPathSegment(storeBrand: string): string {
  return [...brandWords(storeBrand), 'email'].map((word) => word.toLowerCase()).join('-');
}
