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
