import { clearSession, getToken, setToken } from '../auth/session';
import { notifyError } from '../errors/toast-error';
import { ApiError, LOCAL_ERROR } from './api-error';
import { beginCall, endCall } from './loading';

/**
 * The one HTTP client (SPEC §7). Security-relevant: it carries the bearer token and decides when a
 * session is over. Rules: a 403 refreshes the access token once and retries; a 401 clears the
 * session, tells the user and goes to /login after 2 s (not for login/logout themselves); a 500 is
 * told to the user; every non-2xx rejects with an ApiError.
 */
export const HTTP_TIMEOUT_MS = 20_000;
/** SPEC §9: sending a message may take up to 240 s, the PDF of a conversation up to 480 s. */
export const SEND_MESSAGE_TIMEOUT_MS = 240_000;
export const PDF_TIMEOUT_MS = 480_000;
export const DELETE_TENANT_TIMEOUT_MS = 240_000;
export const SESSION_REDIRECT_MS = 2000;

const BASE_URL = String(import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

type Query = Record<string, string | number | boolean | null | undefined>;
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  timeoutMs?: number;
  /** Ask for the loading overlay. */
  loading?: boolean;
  /** Login, logout, refresh: a 401 here is an answer, not an ended session. */
  authCall?: boolean;
  /** 'blob' for downloads (CSV export, PDF, media): the body is answered as a Blob. */
  responseType?: 'json' | 'blob';
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  Object.entries(query ?? {}).forEach(([k, v]) => {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  });
  const qs = params.toString();
  return `${BASE_URL}${path}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? HTTP_TIMEOUT_MS);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'include',
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(0, null, controller.signal.aborted ? LOCAL_ERROR.timeout : LOCAL_ERROR.network);
  } finally {
    clearTimeout(timer);
  }
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type RefreshOutcome = { ok: true } | { ok: false; expired?: ApiError };
let refreshing: Promise<RefreshOutcome> | null = null;
/** One refresh at a time; concurrent 403s wait for the same one. */
function refreshToken(): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    try {
      const res = await send('/auth/refresh_token', { method: 'POST', authCall: true });
      const body = await readBody(res);
      if (res.status === 401) return { ok: false, expired: new ApiError(401, body) };
      const token = (body as { token?: unknown } | undefined)?.token;
      if (!res.ok || typeof token !== 'string') return { ok: false };
      setToken(token);
      return { ok: true };
    } catch {
      return { ok: false };
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Peeks at a 403's code without consuming the body the caller still reads. */
async function isExpiredToken(res: Response): Promise<boolean> {
  const body = await readBody(res.clone());
  const code = body && typeof body === 'object' ? (body as Record<string, unknown>).error : undefined;
  return code === undefined || code === 'ERR_TOKEN_EXPIRED';
}

/** For the socket: a refused handshake with an expired token gets a fresh one the same way. */
export async function refreshAccessToken(): Promise<boolean> {
  return (await refreshToken()).ok;
}

let sessionEnding = false;
function endSession(err: ApiError): void {
  err.handled = true;
  if (sessionEnding) return;
  sessionEnding = true;
  clearSession();
  notifyError(err, 'error');
  setTimeout(() => {
    sessionEnding = false;
    window.location.hash = '#/login';
  }, SESSION_REDIRECT_MS);
}

/**
 * What every failed answer goes through (also uploads, which use XMLHttpRequest for progress):
 * a 401 ends the session, a 500 is told, a 402 goes to /financeiro. Answers the error to throw.
 */
export function reportFailure(err: ApiError, authCall = false): ApiError {
  if (err.status === 401 && !authCall) endSession(err);
  else if (err.status >= 500) {
    err.handled = true;
    notifyError(err, 'error');
  } else if (err.status === 402 && !window.location.hash.startsWith('#/financeiro')) {
    err.handled = true;
    notifyError(err, 'warning');
    window.location.hash = '#/financeiro';
  }
  return err;
}

/** A 403 with an expired access token: refresh once. Answers whether to retry; throws an ended session. */
export async function refreshAfterForbidden(): Promise<boolean> {
  const refreshed = await refreshToken();
  if (refreshed.ok) return true;
  if (refreshed.expired) {
    endSession(refreshed.expired);
    throw refreshed.expired;
  }
  return false;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const overlay = beginCall(!!opts.loading);
  try {
    let res = await send(path, opts);
    if (res.status === 403 && !opts.authCall && getToken() && (await isExpiredToken(res))) {
      if (await refreshAfterForbidden()) res = await send(path, opts);
    }
    if (res.ok && opts.responseType === 'blob') return (await res.blob()) as T;
    const body = await readBody(res);
    if (res.ok) return body as T;
    throw reportFailure(new ApiError(res.status, body), opts.authCall);
  } finally {
    endCall(overlay);
  }
}

export const http = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'GET' }),
  /** A download with the bearer token (the browser cannot add it to a plain link). */
  blob: (path: string, opts?: Omit<RequestOptions, 'method' | 'body' | 'responseType'>) =>
    request<Blob>(path, { ...opts, method: 'GET', responseType: 'blob' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T = void>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'DELETE' }),
};
