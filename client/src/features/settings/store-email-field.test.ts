import { describe, expect, it } from 'vitest';
import { storeEmailFieldName, storeEmailOf, storeEmailPath } from './store-email-field';

describe('store email names', () => {
  it.each([
    ['Amped Store', 'ampedStoreEmail', '/api/user/amped-store-email'],
    ['Comic Vault', 'comicVaultEmail', '/api/user/comic-vault-email'],
    ["Bob's  SHOP", 'bobSShopEmail', '/api/user/bob-s-shop-email'],
  ])(
    '%s -> %s and %s (server/modules/users/store-email-field.test.ts pins the same table)',
    (brand, field, path) => {
      expect(storeEmailFieldName(brand)).toBe(field);
      expect(storeEmailPath(brand)).toBe(path);
    },
  );

  it('reads the store email from a user object', () => {
    expect(storeEmailOf({ ampedStoreEmail: 'me@example.com' }, 'Amped Store')).toBe('me@example.com');
    expect(storeEmailOf({ ampedStoreEmail: null }, 'Amped Store')).toBeNull();
  });
});
