/**
 * The account's role in words a person uses: staff accounts (role admin) are 'Staff', everyone else
 * (role user, or none yet: the spec's default) is a 'Seller'. The raw value is an internal name.
 */
export function roleLabel(role: string | null | undefined): 'Seller' | 'Staff' {
  return role === 'admin' ? 'Staff' : 'Seller';
}
