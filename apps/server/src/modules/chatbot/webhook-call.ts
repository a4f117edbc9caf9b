/**
 * SECURITY-CRITICAL: the flow's webhook interaction calls a URL a company typed. The same SSRF
 * guard as channel webhooks (platform/security/private-address.ts): http(s) only, private,
 * loopback and link-local targets refused (checked on the addresses the socket connects to)
 * unless WEBHOOK_ALLOW_PRIVATE, no redirects, a short timeout and a capped answer. The bot step
 * holds its ticket's lock while it waits, hence the short timeout.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {
  guardedLookup,
  isPrivateAddress,
  PrivateAddressError,
  PRIVATE_ADDRESS_ERROR,
} from '../../platform/security/private-address.js';
import type { WebhookAnswer, WebhookCall } from './engine/types.js';

export const BOT_WEBHOOK_TIMEOUT_MS = 5_000;
const MAX_ANSWER_BYTES = 256 * 1024;

export function callWebhook(call: WebhookCall, allowPrivate: boolean, timeoutMs = BOT_WEBHOOK_TIMEOUT_MS): Promise<WebhookAnswer> {
  let url: URL;
  try {
    url = new URL(call.url);
  } catch {
    return Promise.resolve({ ok: false, status: null, error: 'ERR_WEBHOOK_URL_INVALID' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.resolve({ ok: false, status: null, error: 'ERR_WEBHOOK_URL_INVALID' });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && net.isIP(host) && isPrivateAddress(host))
    return Promise.resolve({ ok: false, status: null, error: PRIVATE_ADDRESS_ERROR });
  const body = call.method === 'GET' ? '' : call.body;
  const headers: Record<string, string> = {
    'user-agent': 'Prosa-Chatbot/1',
    ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...call.headers,
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(url, { method: call.method, headers, ...(allowPrivate ? {} : { lookup: guardedLookup }) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_ANSWER_BYTES) req.destroy(new Error('answer too large'));
        else chunks.push(c);
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) return resolve({ ok: false, status, error: `HTTP ${status}` });
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown = text;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          // Not JSON: mappings read nothing from it, the call still counts as made.
        }
        resolve({ ok: true, status, json });
      });
      res.on('error', (err) => resolve({ ok: false, status: res.statusCode ?? null, error: err.message }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => {
      const refused = err instanceof PrivateAddressError || err.message === PRIVATE_ADDRESS_ERROR;
      resolve({ ok: false, status: null, error: refused ? PRIVATE_ADDRESS_ERROR : (err.message || 'request failed').slice(0, 300) });
    });
    req.end(body);
  });
}
