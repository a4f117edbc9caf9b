/**
 * PostgreSQL constraint violations, recognised the same on node-postgres and PGlite. drizzle wraps
 * driver errors (DrizzleQueryError), so the SQLSTATE is looked for on the error and its causes.
 * Commands check first and answer a code; these catch the race where two requests pass the check.
 */
function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';
export const isForeignKeyViolation = (err: unknown) => sqlState(err) === '23503';

/** Node socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own words for a connection lost or never made (they carry no code). */
const LOST_CONNECTION = /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|Cannot use a pool after calling end/i;

/**
 * The database is out of reach (a restart, a failover, the network), not the query at fault:
 * a refused or cut connection, a connect timeout, or a server shutting down or starting
 * (SQLSTATE class 08, 57P01-57P03). Looked for on the error and its causes, as sqlState.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    // AggregateError (a host with several addresses, all refused)
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}
