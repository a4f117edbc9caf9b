/**
 * SECURITY-CRITICAL: a flow's media interaction names a file by a URL the company typed (or an
 * older product exported). The outbox sends stored files only, as agents' attachments go, so the
 * bot fetches the file once and stores it: the same guard as webhook calls (http(s) only, no
 * private, loopback or link-local targets unless WEBHOOK_ALLOW_PRIVATE, no redirects, a timeout,
 * a size cap), and the same type check as uploads (the bytes decide; HTML, SVG, scripts refused).
 *
 * Every customer of a flow gets the same file: one stored copy per (database, tenant, URL) is
 * shared for CACHE_MS, as forwarded messages share their original's key (storage.ts deletes a key
 * only when no message refers to it). A file that cannot be fetched answers null: the caller sends
 * the caption and the link instead, so the customer still gets the step.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { LIMITS } from '@prosa/contracts';
import type { Database } from '../../platform/db/client.js';
import { guardedLookup, isPrivateAddress } from '../../platform/security/private-address.js';
import { storageOf } from '../../platform/storage/storage.js';
import { safeFileName, sniff } from '../messages/upload.js';

export interface StoredMedia {
  key: string;
  mime: string;
  name: string;
  size: number;
  mediaType: 'image' | 'audio' | 'video' | 'document';
}

/** The step holds its ticket's lock while it fetches: short, as webhook calls. */
export const FLOW_MEDIA_TIMEOUT_MS = 10_000;
const CACHE_MS = 10 * 60_000;
const CACHE_MAX = 500;

const caches = new WeakMap<Database, Map<string, { at: number; media: Promise<StoredMedia | null> }>>();

const mediaTypeOf = (mime: string): StoredMedia['mediaType'] =>
  mime.startsWith('image/') ? 'image' : mime.startsWith('audio/') ? 'audio' : mime.startsWith('video/') ? 'video' : 'document';

/** The stored copy of the flow's file at `url` (fetched on first use), or null when it cannot be had. */
export function flowMedia(
  db: Database,
  tenantId: number,
  url: string,
  name: string,
  allowPrivate: boolean,
  timeoutMs = FLOW_MEDIA_TIMEOUT_MS,
): Promise<StoredMedia | null> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const id = `${tenantId} ${url} ${name}`;
  const hit = cache.get(id);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.media;
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  // The promise is cached, so steps running side by side fetch the file once.
  const media = fetchAndStore(db, tenantId, url, name, allowPrivate, timeoutMs);
  cache.set(id, { at: Date.now(), media });
  // A failure is not kept: the next step tries again.
  void media.then((m) => m ?? cache.delete(id));
  return media;
}

async function fetchAndStore(
  db: Database,
  tenantId: number,
  url: string,
  name: string,
  allowPrivate: boolean,
  timeoutMs: number,
): Promise<StoredMedia | null> {
  const got = await fetchFile(url, allowPrivate, timeoutMs);
  if (!got) return null;
  const fileName = safeFileName(name || decodeURIComponent(new URL(url).pathname.split('/').pop() ?? ''), 'file');
  let mime: string;
  try {
    mime = await sniff(got.data, got.contentType, fileName);
  } catch {
    return null;
  }
  const key = await storageOf(db).put(tenantId, got.data, mime, fileName);
  return { key, mime, name: fileName, size: got.data.length, mediaType: mediaTypeOf(mime) };
}

function fetchFile(raw: string, allowPrivate: boolean, timeoutMs: number): Promise<{ data: Buffer; contentType: string } | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return Promise.resolve(null);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve(null);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && net.isIP(host) && isPrivateAddress(host)) return Promise.resolve(null);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.get(url, { headers: { 'user-agent': 'Prosa-Chatbot/1' }, ...(allowPrivate ? {} : { lookup: guardedLookup }) }, (res) => {
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        res.resume();
        return resolve(null);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > LIMITS.chatFilesTotal) req.destroy(new Error('file too large'));
        else chunks.push(c);
      });
      res.on('end', () => resolve(size > 0 ? { data: Buffer.concat(chunks), contentType: String(res.headers['content-type'] ?? '').split(';')[0]!.trim() } : null));
      res.on('error', () => resolve(null));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
  });
}
