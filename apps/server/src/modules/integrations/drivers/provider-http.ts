/**
 * SECURITY-CRITICAL: integration drivers call a URL a company typed (its Typebot, its billing
 * system). The same SSRF guard as channel webhooks and the bot's webhook step
 * (platform/security/private-address.ts): http(s) only, private, loopback and link-local targets
 * refused (checked on the addresses the socket connects to) unless the operator allows them
 * (WEBHOOK_ALLOW_PRIVATE, given to drivers as `allowPrivate`), no redirects, a timeout and a
 * capped answer. A failure to reach the provider is a RetryableIntegrationError; an HTTP answer,
 * whatever its status, is returned for the driver to judge.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, isPrivateAddress } from '../../../platform/security/private-address.js';
import { RetryableIntegrationError } from './driver.js';

export const PROVIDER_TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface ProviderCall {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  allowPrivate: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON answer, or the text when it is not JSON (null when empty). */
  json: unknown;
}

/** Not retryable: the configured URL itself is wrong or aims at a refused address. */
export class ProviderUrlError extends Error {
  override name = 'ProviderUrlError';
}

export function callProvider(call: ProviderCall): Promise<ProviderAnswer> {
  let url: URL;
  try {
    url = new URL(call.url);
  } catch {
    return Promise.reject(new ProviderUrlError('invalid URL'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new ProviderUrlError('invalid URL'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!call.allowPrivate && net.isIP(host) && isPrivateAddress(host))
    return Promise.reject(new ProviderUrlError('private address refused'));
  const body = call.body === undefined ? '' : JSON.stringify(call.body);
  const headers: Record<string, string> = {
    'user-agent': 'Prosa-Integrations/1',
    accept: 'application/json',
    ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...call.headers,
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: call.method, headers, signal: call.signal, ...(call.allowPrivate ? {} : { lookup: guardedLookup }) },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new Error('answer too large'));
          else chunks.push(c);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = text || null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            // Not JSON: the driver sees the text.
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', (err) => reject(new RetryableIntegrationError(err.message)));
      },
    );
    req.setTimeout(call.timeoutMs ?? PROVIDER_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => {
      if (err.message === 'ERR_WEBHOOK_PRIVATE_ADDRESS') reject(new ProviderUrlError('private address refused'));
      else reject(new RetryableIntegrationError((err.message || 'request failed').slice(0, 300)));
    });
    req.end(body);
  });
}

/** `root` + `path`, keeping the root's own path (`https://api.asaas.com/v3` + `/payments`). */
export function joinUrl(root: string, path: string, query?: Record<string, string>): string {
  const base = root.replace(/\/+$/, '');
  const qs = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${base}${path}${qs}`;
}
