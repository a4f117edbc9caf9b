import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { AppError } from '../../../platform/http/app-error.js';

/** The constraint a PostgreSQL error names (node-postgres and PGlite both set it), through drizzle's wrapping. */
function constraintOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
  }
  return undefined;
}

/**
 * A unique index decided a race the checks could not: the same name in the company
 * (ERR_CHANNEL_NAME_EXISTS) or a provider token already used by another channel of that type
 * (two pollers of one bot would take each other's updates).
 */
export function channelWriteError(err: unknown): unknown {
  if (!isUniqueViolation(err)) return err;
  if (constraintOf(err) === 'channels_token_key') return new AppError('ERR_VALIDATION', { token: 'channels.errors.tokenInUse' });
  return new AppError('ERR_CHANNEL_NAME_EXISTS');
}
