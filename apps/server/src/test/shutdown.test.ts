/**
 * Issue 12: graceful shutdown of the compiled server (`node scripts/start.mjs`, as the container
 * runs it). A channel webhook job is under way (the receiver holds its POST open) when SIGTERM
 * arrives: the server stops taking requests (503) but waits for the job, which finishes once the
 * receiver answers; the process then exits 0 within 10 s. Started again on the same data, the
 * delivery is recorded as delivered, once. On the embedded database, or on DATABASE_URL's server
 * (a fresh database of its own).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, kill9, startChildServer, terminate, type ChildServer } from './child-server.js';

const BASE_URL = process.env.DATABASE_URL;
let dbName = '';
let dbUrl = '';
let dataDir = '';
const running: ChildServer[] = [];

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A webhook receiver that holds every request until `release()`, and answers at once after it. */
function holdingReceiver() {
  const held: http.ServerResponse[] = [];
  let released = false;
  let arrived: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (released) return void res.writeHead(200).end('ok');
      held.push(res);
      arrived();
    });
  });
  return {
    server,
    first,
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`))),
    release: () => {
      released = true;
      held.splice(0).forEach((res) => res.writeHead(200).end('ok'));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function json<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe(`graceful shutdown of the compiled server (${BASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-shutdown-'));
    if (BASE_URL) {
      dbName = `prosa_shutdown_${Date.now()}_${randomBytes(3).toString('hex')}`;
      await admin(`create database ${dbName}`);
      const u = new URL(BASE_URL);
      u.pathname = `/${dbName}`;
      dbUrl = u.toString();
    }
  });
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) await kill9(s);
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('SIGTERM with a webhook job under way: 503 to new requests, the job finishes, exit 0 within 10 s', { timeout: 300_000 }, async () => {
    const receiver = holdingReceiver();
    const hookUrl = await receiver.listen();
    const start = async () => {
      const s = await startChildServer(await freePort(), { dbUrl, dataDir, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
      running.push(s);
      return s;
    };
    try {
      const server = await start();
      const login = () =>
        json<{ token: string }>(`${server.url}/auth/login/`, {
          method: 'POST',
          body: JSON.stringify({ email: 'admin@padaria.demo', password: 'prosa-demo' }),
        });
      const { token } = await login();
      const webchat = (await json<{ id: number; type: string; token: string }[]>(`${server.url}/channels`, { token })).find(
        (c) => c.type === 'webchat',
      )!;
      const current = await json<Record<string, unknown>>(`${server.url}/channels/${webchat.id}`, { token });
      await json(`${server.url}/channels/${webchat.id}`, {
        method: 'PUT',
        token,
        body: JSON.stringify({ ...current, webhookUrl: hookUrl, webhookSecret: 'shutdown-test' }),
      });

      // A visitor writes on the company's web chat (its key is the channel's token): the ticket and
      // message events are delivered by jobs.
      const api = (u: string) => `${server.url}/webchat/${encodeURIComponent(webchat.token)}${u}`;
      const visitor = await json<{ visitorToken: string }>(api('/session'), { method: 'POST', body: JSON.stringify({ name: 'Shutdown' }) });
      await json(api('/messages'), {
        method: 'POST',
        token: visitor.visitorToken,
        body: JSON.stringify({ text: 'before the stop', clientId: `shutdown${randomBytes(4).toString('hex')}` }),
      });
      await receiver.first; // the job is under way, its POST held

      const signalled = Date.now();
      const exit = terminate(server);
      // No longer taking requests (503, or the port closed), while the job still waits.
      for (;;) {
        const status = await fetch(`${server.url}/healthz`).then((r) => r.status, () => 0);
        if (status !== 200) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(server.child.exitCode).toBeNull();
      receiver.release();
      expect(await exit).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);

      // Started again: the delivery the job was making is recorded delivered, not pending.
      const again = await start();
      const { token: token2 } = await json<{ token: string }>(`${again.url}/auth/login/`, {
        method: 'POST',
        body: JSON.stringify({ email: 'admin@padaria.demo', password: 'prosa-demo' }),
      });
      const list = await json<{ deliveries: { event: string; status: string; attempts: number }[] }>(
        `${again.url}/channels/${webchat.id}/webhook-deliveries`,
        { token: token2 },
      );
      const held = list.deliveries.filter((d) => d.attempts > 0);
      expect(held.length).toBeGreaterThan(0);
      expect(held.every((d) => d.status === 'delivered')).toBe(true);
      await terminate(again);
    } finally {
      receiver.release();
      await receiver.close();
    }
  });
});
