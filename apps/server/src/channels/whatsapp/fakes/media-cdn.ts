/**
 * A stand-in for WhatsApp's media CDN (mmg.whatsapp.net) on 127.0.0.1: it serves media files
 * encrypted the way WhatsApp does (AES-256-CBC with keys derived from the message's mediaKey, a
 * 10-byte HMAC after), so the real Baileys downloadMediaMessage fetches and decrypts them. A test
 * points a media message at it by its `url` (without `directPath`, which Baileys would send to
 * WhatsApp's host).
 */
import { createCipheriv, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MediaType } from 'baileys';
import { baileys } from '../whatsapp.jid.js';

export interface MediaCdn {
  url: string;
  /** Serves `plain` at `path`, encrypted with the message's mediaKey for its media type. */
  put(path: string, plain: Buffer, mediaKey: Buffer, type: MediaType): Promise<void>;
  /** The next N requests answer `status`. */
  failNext(n: number, status: number): void;
  requests(): string[];
  close(): Promise<void>;
}

export async function encryptMedia(plain: Buffer, mediaKey: Buffer, type: MediaType): Promise<Buffer> {
  const B = await baileys();
  const { iv, cipherKey, macKey } = await B.getMediaKeys(mediaKey, type);
  const aes = createCipheriv('aes-256-cbc', cipherKey, iv);
  const enc = Buffer.concat([aes.update(plain), aes.final()]);
  const mac = createHmac('sha256', macKey!).update(iv).update(enc).digest().subarray(0, 10);
  return Buffer.concat([enc, mac]);
}

export async function startMediaCdn(): Promise<MediaCdn> {
  const files = new Map<string, Buffer>();
  const seen: string[] = [];
  let failing = { n: 0, status: 500 };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    seen.push(path);
    if (failing.n > 0) {
      failing.n--;
      res.writeHead(failing.status).end();
      return;
    }
    const body = files.get(path);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async put(path, plain, mediaKey, type) {
      files.set(path, await encryptMedia(plain, mediaKey, type));
    },
    failNext(n, status) {
      failing = { n, status };
    },
    requests: () => [...seen],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
