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

/** SQLSTATEs that mean the connection or the server is gone, not that the query was wrong. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or shutting down
  '53300', // too_many_connections
]);

/** Node's network failures while reaching the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a connection that died or could not be had in time. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|not currently accepting connections|Client was closed and is not queryable/i;

/**
 * True when `error` (or its cause chain) says the database cannot be reached right now: the server
 * restarted or terminated the connection, refused it, or the pool could not get one in time. The
 * error handler answers these with 503 (retry shortly) instead of 500 (a bug).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    if (typeof current !== 'object') return false;
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') {
      if (UNAVAILABLE_CODES.has(candidate.code) || candidate.code.startsWith('08')) return true;
      if (NETWORK_CODES.has(candidate.code)) return true;
      // The embedded database's socket is gone while its worker thread restarts (docs/decisions/0020).
      if (candidate.code === 'ENOENT' && (current as { syscall?: unknown }).syscall === 'connect')
        return true;
    }
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}
