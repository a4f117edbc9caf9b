import { ERROR_STATUS, type ErrorCode } from '@prosa/contracts';

/** The one error the server throws on purpose. The handler answers `{ error: code }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}

/** A row of another tenant, or none at all: both answer 404 with the entity's code. */
export function notFound(code: ErrorCode): never {
  throw new AppError(code);
}
