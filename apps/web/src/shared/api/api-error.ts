/** Failure of a call to the server: any non-2xx answer, a timeout or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's error code (`error`, `msg` or `message` of the body), or a local one for timeouts. */
  readonly code: string | undefined;
  /** Invalid inputs of an ERR_VALIDATION answer: field -> `validation.*` key. */
  readonly fields: Record<string, string> | undefined;
  readonly body: unknown;
  /** Set when the client already told the user (401, 500), so screens do not toast twice. */
  handled = false;

  constructor(status: number, body: unknown, fallbackCode?: string) {
    const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const code = [record.error, record.msg, record.message].find((v): v is string => typeof v === 'string');
    super(code ?? fallbackCode ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code ?? fallbackCode;
    this.body = body;
    const fields = record.fields;
    this.fields =
      fields && typeof fields === 'object'
        ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))
        : undefined;
  }
}

/** Local codes for failures that never reached the server. */
export const LOCAL_ERROR = { timeout: 'LOCAL_TIMEOUT', network: 'LOCAL_NETWORK' } as const;

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
