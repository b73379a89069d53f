import { describe, expect, it } from 'vitest';
import {
  storeEmailFieldName,
  storeEmailOf,
  storeEmailPath,
  storeEmailPathSegment,
} from './store-email-field.js';

describe('store email names', () => {
  it.each([
    ['Amped Store', 'ampedStoreEmail', 'amped-store-email'],
    ['Comic Vault', 'comicVaultEmail', 'comic-vault-email'],
    ["Bob's  SHOP", 'bobSShopEmail', 'bob-s-shop-email'],
  ])('%s -> %s and %s', (brand, field, segment) => {
    expect(storeEmailFieldName(brand)).toBe(field);
    expect(storeEmailPathSegment(brand)).toBe(segment);
    expect(storeEmailPath(brand)).toBe(`/api/user/${segment}`);
  });

  it('reads the store email from a user object', () => {
    expect(storeEmailOf({ ampedStoreEmail: 'me@example.com' }, 'Amped Store')).toBe('me@example.com');
    expect(storeEmailOf({ ampedStoreEmail: null }, 'Amped Store')).toBeNull();
  });
});
