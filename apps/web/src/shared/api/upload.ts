import { getToken } from '../auth/session';
import { ApiError, LOCAL_ERROR } from './api-error';
import { buildUrl, HTTP_TIMEOUT_MS, refreshAfterForbidden, reportFailure } from './client';

/**
 * Multipart uploads (contact import, message attachments) through XMLHttpRequest, the one browser
 * API that reports upload progress. Same rules as the HTTP client: bearer token, one refresh on an
 * expired token, a 401 ends the session, a 500 is told, any non-2xx rejects with an ApiError.
 */
export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** 0..1 while the body goes up. */
  onProgress?: (fraction: number) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sendOnce(path: string, form: FormData, opts: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', buildUrl(path));
    xhr.timeout = opts.timeoutMs ?? HTTP_TIMEOUT_MS;
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = () => reject(new ApiError(0, null, LOCAL_ERROR.network));
    xhr.ontimeout = () => reject(new ApiError(0, null, LOCAL_ERROR.timeout));
    xhr.onabort = () => reject(new ApiError(0, null, LOCAL_ERROR.network));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

const expiredToken = (a: RawAnswer) =>
  a.status === 403 &&
  (!a.body || typeof a.body !== 'object' || (a.body as Record<string, unknown>).error === 'ERR_TOKEN_EXPIRED');

export async function uploadForm<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  let answer = await sendOnce(path, form, opts);
  if (expiredToken(answer) && getToken() && (await refreshAfterForbidden())) {
    opts.onProgress?.(0);
    answer = await sendOnce(path, form, opts);
  }
  if (answer.status >= 200 && answer.status < 300) {
    opts.onProgress?.(1);
    return answer.body as T;
  }
  throw reportFailure(new ApiError(answer.status, answer.body));
}

/** Saves a Blob under a file name (CSV export, conversation PDF). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
