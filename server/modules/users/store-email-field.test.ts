import { describe, expect, it } from 'vitest';
import { storeEmailFieldName, storeEmailPathSegment } from './store-email-field.js';

// The same table as client/src/features/settings/store-email-field.test.ts: both sides must agree.
describe('store email names', () => {
  it.each([
    ['Amped Store', 'ampedStoreEmail', 'amped-store-email'],
    ['Comic Vault', 'comicVaultEmail', 'comic-vault-email'],
    ["Bob's  SHOP", 'bobSShopEmail', 'bob-s-shop-email'],
  ])('%s -> %s and %s', (brand, field, segment) => {
    expect(storeEmailFieldName(brand)).toBe(field);
    expect(storeEmailPathSegment(brand)).toBe(segment);
  });
});
