// Recognising PostgreSQL errors the same way on both drivers. Drizzle wraps driver errors in
// DrizzleQueryError (the driver's error is its `cause`); node-postgres and PGlite both expose
// the SQLSTATE `code` and the violated `constraint` name.

/** SQLSTATE codes the application reacts to. */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** ON DELETE RESTRICT as PGlite 0.5 (PostgreSQL 18) reports it; PostgreSQL 15 reports 23503. */
  restrictViolation: '23001',
  checkViolation: '23514',
  notNullViolation: '23502',
} as const;

/** The PostgreSQL error details, if `error` (or its cause chain) came from the database. */
export function postgresErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return typeof candidate.constraint === 'string'
        ? { code: candidate.code, constraint: candidate.constraint }
        : { code: candidate.code };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** True when `error` is a unique violation (of `constraint`, when given), e.g. a username already taken. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const details = postgresErrorOf(error);
  return (
    details?.code === PG_ERROR.uniqueViolation &&
    (constraint === undefined || details.constraint === constraint)
  );
}
