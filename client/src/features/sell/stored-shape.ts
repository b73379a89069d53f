// Checks for what the /sell page left itself in the browser's storage (the draft, the session notes).
// Storage is input like any other: another tab, an older build or the seller's own tinkering may have
// written it, so a value that does not match is dropped rather than trusted, and keys nobody asked for
// are left out. Written here rather than with zod: the page reads its draft as it mounts, and zod's core
// (about 16 kB gzip, even through zod/mini) would then load before the page could show anything
// (docs/decisions/0021-seller-pages-budget.md). These are the client's own rules, not shared ones: what
// reaches the server is checked with the shared schemas.

const INVALID: unique symbol = Symbol('invalid');

/** Reads a value of one shape: the clean value, or INVALID. */
export type Reader<T> = (value: unknown) => T | typeof INVALID;
type Read<R> = R extends Reader<infer T> ? T : never;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string of at most `max` UTF-16 units (and at least `min`). */
export const text =
  (max: number, min = 0): Reader<string> =>
  (value) =>
    typeof value === 'string' && value.length >= min && value.length <= max ? value : INVALID;

/** A finite number within [min, max]. */
export const number =
  (min = -Infinity, max = Infinity): Reader<number> =>
  (value) =>
    typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : INVALID;

export const boolean: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : INVALID);

export const nullable =
  <T>(reader: Reader<T>): Reader<T | null> =>
  (value) =>
    value === null ? null : reader(value);

/** Absent (undefined) or a value the reader accepts. */
export const optional =
  <T>(reader: Reader<T>): Reader<T | undefined> =>
  (value) =>
    value === undefined ? undefined : reader(value);

/** An array of at most `max` items, each accepted by the reader. */
export const list =
  <T>(reader: Reader<T>, max: number): Reader<T[]> =>
  (value) => {
    if (!Array.isArray(value) || value.length > max) return INVALID;
    const items: T[] = [];
    for (const item of value) {
      const read = reader(item);
      if (read === INVALID) return INVALID;
      items.push(read);
    }
    return items;
  };

/** An object used as a map: every value accepted by the reader. */
export const record =
  <T>(reader: Reader<T>): Reader<Record<string, T>> =>
  (value) => {
    if (!isObject(value)) return INVALID;
    const entries: Record<string, T> = {};
    for (const [key, item] of Object.entries(value)) {
      const read = reader(item);
      if (read === INVALID) return INVALID;
      entries[key] = read;
    }
    return entries;
  };

/** An object with these keys (an absent optional one stays absent); other keys are left out. */
export const shape =
  <S extends Record<string, Reader<unknown>>>(readers: S): Reader<{ [K in keyof S]: Read<S[K]> }> =>
  (value) => {
    if (!isObject(value)) return INVALID;
    const out: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(readers)) {
      const read = reader(value[key]);
      if (read === INVALID) return INVALID;
      if (read !== undefined) out[key] = read;
    }
    return out as { [K in keyof S]: Read<S[K]> };
  };

/** Absent reads as `fallback`; anything else must be accepted by the reader. */
export const withDefault =
  <T>(reader: Reader<T>, fallback: T): Reader<T> =>
  (value) =>
    value === undefined ? fallback : reader(value);

/** The value as the reader cleans it, or null when it does not match. */
export function readAs<T>(reader: Reader<T>, value: unknown): T | null {
  const read = reader(value);
  return read === INVALID ? null : read;
}
