import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_ADDRESS_ERROR } from '../../platform/security/private-address.js';
import { callWebhook } from './webhook-call.js';

let server: http.Server;
let url: string;
const seen: { method?: string; body: string; auth?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, body, auth: req.headers.authorization });
      if (req.url === '/fail') return res.writeHead(500).end();
      if (req.url === '/slow') return setTimeout(() => res.end('{}'), 500);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { status: 'pago' } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the flow webhook call', () => {
  it('sends method, headers and body, and answers the parsed JSON', async () => {
    const r = await callWebhook({ method: 'POST', url: `${url}/ok`, headers: { authorization: 'Bearer x' }, body: '{"a":1}' }, true);
    expect(r).toEqual({ ok: true, status: 200, json: { data: { status: 'pago' } } });
    expect(seen.at(-1)).toEqual({ method: 'POST', body: '{"a":1}', auth: 'Bearer x' });
  });
  it('refuses private addresses unless allowed (SSRF guard), and bad URLs', async () => {
    expect(await callWebhook({ method: 'GET', url: `${url}/ok`, headers: {}, body: '' }, false)).toMatchObject({ ok: false, error: PRIVATE_ADDRESS_ERROR });
    expect(await callWebhook({ method: 'GET', url: 'file:///etc/passwd', headers: {}, body: '' }, true)).toMatchObject({ ok: false, error: 'ERR_WEBHOOK_URL_INVALID' });
  });
  it('reports an error status and a timeout', async () => {
    expect(await callWebhook({ method: 'GET', url: `${url}/fail`, headers: {}, body: '' }, true)).toEqual({ ok: false, status: 500, error: 'HTTP 500' });
    expect(await callWebhook({ method: 'GET', url: `${url}/slow`, headers: {}, body: '' }, true, 100)).toMatchObject({ ok: false, error: 'timeout' });
  });
});
