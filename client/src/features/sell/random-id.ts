/**
 * A random id for a comic in the draft (spec: the client generates it at creation).
 * crypto.randomUUID exists only on secure origins, so a seller testing on a LAN address over plain
 * http still gets an id from getRandomValues.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
