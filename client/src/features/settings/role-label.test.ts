import { describe, expect, it } from 'vitest';
import { roleLabel } from './role-label';

describe('roleLabel', () => {
  it("shows 'Staff' for admins and 'Seller' for everyone else, the spec's default included", () => {
    expect(roleLabel('admin')).toBe('Staff');
    expect(roleLabel('user')).toBe('Seller');
    expect(roleLabel('')).toBe('Seller');
    expect(roleLabel(undefined)).toBe('Seller');
  });
});
