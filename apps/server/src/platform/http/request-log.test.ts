import { Writable } from 'node:stream';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log.js';

async function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLog() });
  app.decorateRequest('auth', null as unknown as FastifyRequest['auth']);
  app.addHook('onRequest', async (req) => {
    if (req.headers.authorization) req.auth = { tenantId: 7, userId: 42 } as typeof req.auth;
  });
  app.get('/tags', async () => [1, 2]);
  app.get('/hot', { config: { log: 'debug' } }, async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per request at info with method, url, status, ms, tenant and user', async () => {
    const { app, lines } = await appWithLog('info');
    await app.inject({ method: 'GET', url: '/tags?x=1', headers: { authorization: 'Bearer t' } });
    await app.inject({ method: 'GET', url: '/nowhere' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/tags?x=1',
      status: 200,
      tenant: 7,
      user: 42,
    });
    expect(typeof lines[0]!.ms).toBe('number');
    expect(lines[1]).toMatchObject({ method: 'GET', url: '/nowhere', status: 404 });
    expect(lines[1]).not.toHaveProperty('tenant');
    await app.close();
  });

  it("writes a webhook's secret in the query (EFI's hmac, Owen's token) as [redacted]", async () => {
    const { app, lines } = await appWithLog('info');
    await app.inject({ method: 'GET', url: '/tags?hmac=s3cr3t-value&ignorar=' });
    await app.inject({ method: 'GET', url: '/tags?a=1&HMAC=other' });
    await app.inject({ method: 'GET', url: '/tags?token=s3cr3t-token&a=2' });
    expect(lines.map((l) => l.url)).toEqual([
      '/tags?hmac=[redacted]&ignorar=',
      '/tags?a=1&HMAC=[redacted]',
      '/tags?token=[redacted]&a=2',
    ]);
    expect(JSON.stringify(lines)).not.toContain('s3cr3t');
    await app.close();
  });

  it("a route may put its line at debug: written only when the logger's level lets it through", async () => {
    const info = await appWithLog('info');
    await info.app.inject({ method: 'GET', url: '/hot' });
    expect(info.lines).toHaveLength(0);
    await info.app.close();
    const debug = await appWithLog('debug');
    await debug.app.inject({ method: 'GET', url: '/hot' });
    expect(debug.lines.filter((l) => l.msg === 'request')).toMatchObject([{ level: 20, url: '/hot', status: 200 }]);
    await debug.app.close();
  });
});
