/**
 * One signed POST of a channel webhook. SSRF guard: only http(s); unless private targets are
 * allowed (WEBHOOK_ALLOW_PRIVATE, tests), the host's addresses are checked at connect time (the
 * lookup the socket really uses, so a DNS answer cannot change between check and connect) and
 * loopback, private, link-local, CGNAT, multicast and reserved ranges are refused. Redirects are
 * not followed.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {
  guardedLookup,
  isPrivateAddress,
  PrivateAddressError,
  PRIVATE_ADDRESS_ERROR,
} from '../../platform/security/private-address.js';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@prosa/contracts';

/** SPEC §9 "HTTP timeout" is 20 s for the browser; a receiver gets half of that. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export { isPrivateAddress, PRIVATE_ADDRESS_ERROR } from '../../platform/security/private-address.js';

export interface SignedPost {
  url: string;
  secret: string;
  body: string;
  event: string;
  deliveryId: number;
  allowPrivate: boolean;
  now?: Date;
  timeoutMs?: number;
  /** Extra request headers (an integration's `X-N8N-API-KEY`); the signature headers always win. */
  headers?: Record<string, string>;
  /** Aborts the request (an integration turn's deadline). */
  signal?: AbortSignal;
}

export type PostOutcome =
  { ok: true; status: number } | { ok: false; status: number | null; error: string; retryable: boolean };

export const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** 408, 425, 429 and 5xx are worth another try; another 4xx is the receiver refusing for good. */
const retryableStatus = (s: number) => s === 408 || s === 425 || s === 429 || s >= 500;

export function postSigned(p: SignedPost): Promise<PostOutcome> {
  let url: URL;
  try {
    url = new URL(p.url);
  } catch {
    return Promise.resolve({ ok: false, status: null, error: 'ERR_WEBHOOK_URL_INVALID', retryable: false });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.resolve({ ok: false, status: null, error: 'ERR_WEBHOOK_URL_INVALID', retryable: false });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!p.allowPrivate && net.isIP(host) && isPrivateAddress(host))
    return Promise.resolve({ ok: false, status: null, error: PRIVATE_ADDRESS_ERROR, retryable: false });
  const at = p.now ?? new Date();
  const headers = {
    ...p.headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(p.body)),
    'user-agent': 'Prosa-Webhook/1',
    [WEBHOOK_SIGNATURE_HEADER]: signatureOf(p.secret, p.body),
    [WEBHOOK_EVENT_HEADER]: p.event,
    [WEBHOOK_DELIVERY_HEADER]: String(p.deliveryId),
    [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(at.getTime() / 1000)),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      { method: 'POST', headers, ...(p.signal ? { signal: p.signal } : {}), ...(p.allowPrivate ? {} : { lookup: guardedLookup }) },
      (res) => {
        res.resume(); // the answer's body is not used
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ ok: true, status });
          else resolve({ ok: false, status, error: `HTTP ${status}`, retryable: retryableStatus(status) });
        });
        res.on('error', (err) =>
          resolve({ ok: false, status: res.statusCode ?? null, error: err.message, retryable: true }),
        );
      },
    );
    req.setTimeout(p.timeoutMs ?? WEBHOOK_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => {
      const refused = err instanceof PrivateAddressError || err.message === PRIVATE_ADDRESS_ERROR;
      resolve({
        ok: false,
        status: null,
        error: refused ? PRIVATE_ADDRESS_ERROR : (err.message || 'request failed').slice(0, 500),
        retryable: !refused,
      });
    });
    req.end(p.body);
  });
}
