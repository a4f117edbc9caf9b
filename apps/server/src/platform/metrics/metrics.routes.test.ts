/**
 * Issue 12, operability: Prometheus `/metrics` (served only with METRICS_TOKEN or on
 * METRICS_LISTEN) and readiness of the database, the job queue and Redis.
 *
 * Metrics carry counts only: no label holds a tenant id, a name, an email or a raw URL, so what a
 * scraper reads says nothing about any company; a company's own token does not open /metrics.
 */
import { once } from 'node:events';
import { createServer } from 'node:net';
import Fastify from 'fastify';
import type { Namespace } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPasswordResetJob } from '../../modules/auth/jobs/send-password-reset.job.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { channels, inboundEvents } from '../db/schema.js';
import { withTenant } from '../db/tenant-scope.js';
import type { Platform } from '../platform.js';
import { createMetrics } from './metrics.js';
import { parseListen, registerMetrics } from './register.js';

const TOKEN = 'metrics-token-0123456789abcdef';
/** No metrics configuration, and a REDIS_URL nobody answers. */
let plain: Harness;
let h: Harness;
let company: Company;

/** The value of one series (`name{labels}`) in the exposition text; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    const have = inside.split(/,(?=[a-z_]+=")/);
    if (want.every((w) => have.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  h.app.inject({ method: 'GET', url: '/metrics', headers });

/** A port nobody listens on: taken, then let go. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const redisUrl = `redis://127.0.0.1:${await closedPort()}`;
  // One after the other: two apps starting at once in one process can starve each other's plugin timers.
  plain = await startHarness({ redisUrl });
  h = await startHarness({ metricsToken: TOKEN });
  company = await h.company({ name: 'Empresa Secreta Metricas' });
  // Made before the first scrape reads the tables (they are read at most every 5 s): a job waiting
  // an hour, and a channel with one stored webhook payload not processed (no job was sent for it;
  // the sweeper would only look after a minute).
  await h.app.platform.jobs.send(sendPasswordResetJob, { email: 'nobody@prosa.test' }, { startAfter: 3600 });
  await withTenant(h.app.platform.db, company.tenantId, async (scope) => {
    const channel = await scope.insert(channels, { name: 'Telegram Secreto', type: 'telegram' });
    await scope.insert(inboundEvents, { channelId: channel.id, payload: { secret: 'payload-secreto' } });
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([plain?.close(), h?.close()]);
});

describe('/metrics protection', () => {
  it('answers 404 when neither METRICS_TOKEN nor METRICS_LISTEN is set, with or without a token', async () => {
    expect((await plain.request('GET', '/metrics')).status).toBe(404);
    const res = await plain.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'ERR_NOT_FOUND' });
    expect(plain.app.platform.metrics.enabled).toBe(false);
  });

  it('with METRICS_TOKEN: 404 without it, with a wrong one or with a user session; 200 with it', async () => {
    expect((await scrape({})).statusCode).toBe(404);
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(404);
    expect((await scrape({ authorization: TOKEN })).statusCode).toBe(404);
    const asAdmin = await scrape({ authorization: `Bearer ${company.admin.token}` });
    expect(asAdmin.statusCode).toBe(404);
    expect(asAdmin.body).not.toContain('prosa_');
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const name of [
      'prosa_http_request_duration_seconds',
      'prosa_jobs',
      'prosa_outbox',
      'prosa_inbound_backlog',
      'prosa_channel_sessions',
      'prosa_sockets_connected',
      'prosa_socket_clients',
      'prosa_db_info',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(res.body, name).toContain(`# TYPE ${name} `);
    }
    expect(res.body).toContain(`prosa_db_info{engine="${h.app.platform.db.kind}"} 1`);
    if (h.app.platform.db.kind === 'postgres') expect(res.body).toContain('prosa_db_pool_connections{state="total"}');
    // Every gauge was read: none failed.
    expect(res.body).not.toMatch(/^prosa_metrics_read_errors_total\{/m);
  });
});

describe('/metrics content', () => {
  it('counts requests by route pattern and status: the counter of the route rises, raw URLs never show', async () => {
    const series = { method: 'GET', route: '/tags', status_code: '200' };
    const before = sample((await scrape()).body, 'prosa_http_request_duration_seconds_count', series);
    for (let i = 0; i < 3; i++) expect((await h.request('GET', '/tags', { token: company.admin.token })).status).toBe(200);
    expect((await h.request('GET', '/tags')).status).toBe(401);
    expect((await h.request('DELETE', '/tags/987654', { token: company.admin.token })).status).toBe(404);
    expect((await h.request('GET', '/no-such-path-424242')).status).toBe(404);

    const text = (await scrape()).body;
    expect(sample(text, 'prosa_http_request_duration_seconds_count', series)).toBe(before + 3);
    expect(sample(text, 'prosa_http_request_duration_seconds_count', { ...series, status_code: '401' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'prosa_http_request_duration_seconds_count', { method: 'DELETE', route: '/tags/:id', status_code: '404' })).toBe(1);
    expect(sample(text, 'prosa_http_request_duration_seconds_bucket', { ...series, le: '+Inf' })).toBe(before + 3);
    expect(sample(text, 'prosa_http_request_duration_seconds_count', { route: '(unmatched)', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('no-such-path');
  });

  it('shows every job family by state with the queued job counted, the inbound backlog and channel sessions', async () => {
    const text = (await scrape()).body;
    expect(sample(text, 'prosa_jobs', { name: sendPasswordResetJob.id, state: 'created' })).toBe(1);
    expect(text).toContain(`prosa_jobs{name="${sendPasswordResetJob.id}",state="failed"} 0`);
    expect(text).toContain('prosa_jobs{name="messages.send",state="active"}');
    expect(text).toContain('prosa_inbound_backlog{state="waiting"} 1');
    expect(text).toContain('prosa_inbound_backlog{state="retrying"} 0');
    expect(text).toContain('prosa_channel_sessions{type="telegram",status="DISCONNECTED"} 1');
  });

  it('counts the sockets connected to this instance, and lets them go when they leave', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(url, { auth: { token: company.admin.token }, transports: ['websocket'], reconnection: false });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    let text = (await scrape()).body;
    expect(text).toContain('prosa_sockets_connected{namespace="/"} 1');
    expect(text).toContain('prosa_socket_clients 1');
    // The server's side of the socket: its disconnect is the event to wait for.
    const staff: { nsp?: Namespace } = {};
    h.app.platform.realtime.useNamespace('/', (n) => (staff.nsp = n));
    const serverSocket = [...staff.nsp!.sockets.values()][0]!;
    const gone = once(serverSocket, 'disconnect');
    socket.close();
    await gone;
    text = (await scrape()).body;
    expect(text).toContain('prosa_sockets_connected{namespace="/"} 0');
  });

  it('carries no tenant data: only count labels, no company name, email or id', async () => {
    const text = (await scrape()).body;
    expect(text).not.toContain('Secret');
    expect(text).not.toContain('payload-secreto');
    expect(text).not.toContain(company.admin.email);
    const labels = new Set<string>();
    for (const line of text.split('\n')) {
      if (!line.startsWith('prosa_')) continue;
      for (const m of line.matchAll(/([a-z_]+)="/g)) labels.add(m[1]!);
    }
    const allowed = ['method', 'route', 'status_code', 'le', 'name', 'state', 'outbox', 'type', 'status', 'engine', 'namespace', 'gauge'];
    expect([...labels].filter((l) => !allowed.includes(l))).toEqual([]);
    expect(labels.has('tenant') || labels.has('tenant_id')).toBe(false);
  });
});

describe('/readyz', () => {
  it('is ready with the database and the job queue checked (Redis only with REDIS_URL)', async () => {
    const res = await h.request('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      database: h.app.platform.db.kind,
      checks: { database: 'ok', jobs: 'ok', redis: h.config.redisUrl ? 'ok' : 'off' },
    });
    expect((await h.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
  });
});

describe('an unreachable Redis', () => {
  it('readiness answers 503 naming Redis with its catalogue code; liveness stays up', async () => {
    const res = await plain.request('GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'unavailable',
      error: 'ERR_REDIS_UNAVAILABLE',
      checks: { database: 'ok', jobs: 'ok', redis: 'ERR_REDIS_UNAVAILABLE' },
    });
    expect((await plain.request('GET', '/healthz')).status).toBe(200);
  });
});

describe('METRICS_LISTEN', () => {
  // The listener alone, on a bare app: what it serves does not depend on the rest of Prosa.
  let app: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    app = Fastify();
    const platform = {
      metrics: createMetrics(true),
      config: { metricsListen: '127.0.0.1:0' },
      db: { kind: 'pglite', runNamed: async () => [] },
      realtime: { stats: () => ({ clients: 0, sockets: { '/': 0 } }) },
    } as unknown as Platform;
    await registerMetrics(app, platform, ['auth.send-password-reset']);
    app.get('/ping', async () => 'pong');
    await app.ready();
  });
  afterAll(() => app?.close());

  it('serves /metrics on its own address without a token, and not on the app', async () => {
    expect((await app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);
    const { port } = app.metricsServer!.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('prosa_jobs{name="auth.send-password-reset",state="created"} 0');
    expect(sample(text, 'prosa_http_request_duration_seconds_count', { method: 'GET', route: '/ping', status_code: '200' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('is read as host:port', () => {
    expect(parseListen('127.0.0.1:9464')).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseListen(':9464')).toEqual({ host: '0.0.0.0', port: 9464 });
    expect(parseListen('[::1]:9464')).toEqual({ host: '::1', port: 9464 });
    expect(() => parseListen('9464x')).toThrow();
  });
});

describe('gauges read at scrape time', () => {
  it('one that cannot be read is left out and counted; the others are still served', async () => {
    const metrics = createMetrics(true);
    metrics.addGauge({ name: 'prosa_test_ok', help: 'x', labelNames: ['state'], read: () => [[{ state: 'a' }, 7]] });
    metrics.addGauge({
      name: 'prosa_test_away',
      help: 'x',
      labelNames: ['state'],
      read: async () => {
        throw new Error('database away');
      },
    });
    const { body } = await metrics.render();
    expect(body).toContain('\nprosa_test_ok{state="a"} 7');
    expect(body).not.toMatch(/^prosa_test_away\{/m);
    expect(body).toContain('prosa_metrics_read_errors_total{gauge="prosa_test_away"} 1');
  });
});
