// The store account email's names come from the store's brand (spec section 3). The server derives
// them with the same rule (server/modules/users/store-email-field.ts); the test pins both spellings.

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

/** The save route for the store email: 'Amped Store' -> '/api/user/amped-store-email'. */
export function storeEmailPath(storeBrand: string): string {
  return `/api/user/${[...brandWords(storeBrand), 'email'].map((word) => word.toLowerCase()).join('-')}`;
}

/** The store email of a user object, or null. */
export function storeEmailOf(user: Record<string, unknown>, storeBrand: string): string | null {
  const value = user[storeEmailFieldName(storeBrand)];
  return typeof value === 'string' ? value : null;
}
