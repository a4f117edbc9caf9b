/**
 * A webhook receiver for tests: a real HTTP server on 127.0.0.1 that keeps every request (headers
 * and the raw body, so the signature is checked over the exact bytes) and verifies the HMAC the
 * way an integrator would. `failNext(n, status)` answers the next n requests with that status.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  json: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- payloads are read loosely in tests
  /** The X-Prosa-Signature matched an HMAC-SHA256 of the raw body with the receiver's secret. */
  signatureValid: boolean;
  answered: number;
}

export function verifySignature(secret: string, raw: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver(secret: string) {
  const received: Received[] = [];
  const failures: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const answered = failures.shift() ?? 200;
      let json: Received['json'] = {};
      try {
        json = JSON.parse(raw) as Received['json'];
      } catch {
        /* kept raw */
      }
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        raw,
        json,
        signatureValid: verifySignature(secret, raw, req.headers['x-prosa-signature'] as string | undefined),
        answered,
      });
      res.writeHead(answered, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    failNext(n: number, status = 500) {
      for (let i = 0; i < n; i++) failures.push(status);
    },
    ofChannel: (channelId: number) => received.filter((r) => r.json.channel?.id === channelId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
