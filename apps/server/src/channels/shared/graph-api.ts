/**
 * A small client of Meta's Graph API, shared by the WhatsApp Cloud API, Messenger and Instagram
 * channels. Every call carries an access token as a Bearer header (never in a query string) and
 * has a timeout; Graph errors (`{ error: { message, type, code, error_subcode, fbtrace_id } }`)
 * become GraphError. Calls made for a channel (`GraphAuth` is the channel row, or its token and
 * proxy) go through the channel's proxy when it has one (proxy.ts).
 */
import type { Platform } from '../../platform/platform.js';
import { proxyFetchInit } from '../../platform/security/proxy.js';

/** SPEC §9: calls time out after 20 s; media transfers get longer. */
export const GRAPH_TIMEOUT_MS = 20_000;
export const MEDIA_TIMEOUT_MS = 120_000;

export class GraphError extends Error {
  constructor(
    /** HTTP status, or 0 when no answer came (network error, timeout). */
    readonly httpStatus: number,
    /** Graph error code (`error.code`), when the answer had one. */
    readonly code: number | null,
    message: string,
    readonly subcode: number | null = null,
  ) {
    super(message);
  }
}

/** Who calls: a bare access token (no channel yet, e.g. picking pages), or a channel's token and proxy. */
export type GraphAuth = string | { token: string; proxy?: string | null };
const authOf = (auth: GraphAuth) => (typeof auth === 'string' ? { token: auth, proxy: '' } : auth);

interface GraphErrorBody {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; fbtrace_id?: string };
}

export const graphBase = (platform: Platform) => platform.config.providers.graphApiUrl;

/** An absolute URL of the configured Graph API (following `paging.next` links) or a path under it. */
export function graphUrl(platform: Platform, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${graphBase(platform)}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The token may only travel to the Graph API's own origin (paging links are checked with this). */
export function isGraphOrigin(platform: Platform, url: string): boolean {
  try {
    return new URL(url).origin === new URL(graphBase(platform)).origin;
  } catch {
    return false;
  }
}

async function call(url: string, auth: GraphAuth, init: RequestInit, timeoutMs: number): Promise<Response> {
  const { token, proxy } = authOf(auth);
  try {
    return await fetch(url, {
      ...init,
      ...proxyFetchInit(proxy),
      headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
    });
  } catch (err) {
    throw new GraphError(0, null, `network: ${(err as Error).message}`);
  }
}

async function failure(res: Response): Promise<GraphError> {
  const text = await res.text().catch(() => '');
  let body: GraphErrorBody = {};
  try {
    body = JSON.parse(text) as GraphErrorBody;
  } catch {
    /* not a Graph envelope (a proxy's HTML page) */
  }
  const e = body.error;
  return new GraphError(
    res.status,
    typeof e?.code === 'number' ? e.code : null,
    (e?.message ?? (text.slice(0, 200) || res.statusText)).slice(0, 300),
    typeof e?.error_subcode === 'number' ? e.error_subcode : null,
  );
}

/** A JSON call (`body` is sent as JSON, a FormData as multipart); answers the parsed JSON. */
export async function graphJson<T>(
  platform: Platform,
  auth: GraphAuth,
  method: 'GET' | 'POST' | 'DELETE',
  pathOrUrl: string,
  body?: unknown,
  timeoutMs = GRAPH_TIMEOUT_MS,
): Promise<T> {
  const init: RequestInit = { method };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const res = await call(graphUrl(platform, pathOrUrl), auth, init, timeoutMs);
  if (!res.ok) throw await failure(res);
  try {
    return (await res.json()) as T;
  } catch {
    throw new GraphError(res.status, null, 'invalid JSON answer');
  }
}

/** The bytes at a media URL (the token is required there too), at most `maxBytes`. */
export async function graphBytes(url: string, auth: GraphAuth, maxBytes: number): Promise<{ data: Buffer; contentType: string }> {
  const res = await call(url, auth, { method: 'GET' }, MEDIA_TIMEOUT_MS);
  if (!res.ok) throw await failure(res);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new GraphError(res.status, null, `media larger than ${maxBytes} bytes`);
  const data = Buffer.from(await res.arrayBuffer());
  if (data.length > maxBytes) throw new GraphError(res.status, null, `media larger than ${maxBytes} bytes`);
  return { data, contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
}
