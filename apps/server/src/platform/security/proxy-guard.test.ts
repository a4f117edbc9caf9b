/**
 * Issue 9, M3: a channel's proxy may not aim Prosa at an internal address. Without the operator's
 * switch (WEBHOOK_ALLOW_PRIVATE, the webhook guard's), saving such a proxy answers
 * ERR_PROXY_PRIVATE_ADDRESS and changes nothing, and a stored one (from before this rule, or a name
 * that resolves to a private address) never receives a connection. The local proxies below stand
 * for the internal service a company admin would reach.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, queues } from '../db/schema.js';
import { withTenant } from '../db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { allowPrivateProxies, proxyAgentOf, proxyFetchInit, ProxyRefusedError } from './proxy.js';
import { startHttpProxy, startSocksProxy } from './proxy.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let httpProxy: Awaited<ReturnType<typeof startHttpProxy>>;
let socksProxy: Awaited<ReturnType<typeof startSocksProxy>>;

beforeAll(async () => {
  httpProxy = await startHttpProxy();
  socksProxy = await startSocksProxy();
  h = await startHarness({ webhookAllowPrivate: false });
  a = await h.company();
  b = await h.company();
});
afterAll(async () => {
  await h.close();
  await httpProxy.close();
  await socksProxy.close();
});

const rowOf = (c: Company, id: number) => withTenant(h.app.platform.db, c.tenantId, (s) => s.first(channels, eq(channels.id, id)));

/** A WhatsApp Cloud API channel stored as it is, bypassing the form (as one saved before the rule). */
const wabaWithProxy = (c: Company, proxy: string) =>
  withTenant(h.app.platform.db, c.tenantId, async (scope) => {
    const suffix = randomBytes(3).toString('hex');
    const queue = await scope.insert(queues, { name: `Q ${suffix}`, color: '#2f9e44' });
    return scope.insert(channels, {
      name: `WABA ${suffix}`,
      type: 'waba',
      status: 'CONNECTED',
      token: `EAAG${randomBytes(8).toString('hex')}`,
      webhookKey: randomBytes(18).toString('base64url'),
      defaultQueueId: queue.id,
      proxy,
      config: { phoneNumberId: '1', wabaId: '2', appSecret: 's', verifyToken: 'v' },
    });
  });

const channelBody = (proxy: string) => ({ name: `Web ${randomBytes(3).toString('hex')}`, type: 'webchat', proxy });

describe('channel proxy guard (M3)', () => {
  it('saving a proxy on a private address answers ERR_PROXY_PRIVATE_ADDRESS and changes nothing', async () => {
    const before = (await h.request('GET', '/channels', { token: a.admin.token })).body.length;
    for (const proxy of ['http://127.0.0.1:39911', 'socks5://10.0.0.8:1080', 'https://localhost:3128', 'http://[::1]:8080', 'socks5://169.254.169.254']) {
      const res = await h.request('POST', '/channels', { token: a.admin.token, body: channelBody(proxy) });
      expect(res, proxy).toMatchObject({ status: 400, body: { error: 'ERR_PROXY_PRIVATE_ADDRESS', fields: { proxy: 'validation.invalidValue' } } });
    }
    expect((await h.request('GET', '/channels', { token: a.admin.token })).body).toHaveLength(before);

    const ok = await h.request('POST', '/channels', { token: a.admin.token, body: channelBody('http://proxy.example.com:3128') });
    expect(ok.status).toBe(201);
    const put = await h.request('PUT', `/channels/${ok.body.id}`, { token: a.admin.token, body: { ...channelBody('http://127.0.0.1:39911'), name: ok.body.name } });
    expect(put.body.error).toBe('ERR_PROXY_PRIVATE_ADDRESS');
    expect((await rowOf(a, ok.body.id))!.proxy).toBe('http://proxy.example.com:3128');
  });

  it("another company's channel id answers 404 and changes nothing", async () => {
    const ok = await h.request('POST', '/channels', { token: a.admin.token, body: channelBody('') });
    const res = await h.request('PUT', `/channels/${ok.body.id}`, { token: b.admin.token, body: { ...channelBody('http://proxy.example.com:1'), name: 'x' } });
    expect(res).toMatchObject({ status: 404 });
    expect((await rowOf(a, ok.body.id))!.proxy).toBe('');
  });

  it('a stored private proxy receives nothing on a templates sync, by address or by name, http or socks5', async () => {
    for (const proxy of [httpProxy.url, httpProxy.url.replace('127.0.0.1', 'localhost'), socksProxy.url, socksProxy.url.replace('127.0.0.1', 'localhost')]) {
      const ch = await wabaWithProxy(a, proxy);
      const res = await h.request('POST', `/channels/${ch.id}/templates/sync`, { token: a.admin.token });
      expect(res.status, proxy).toBeGreaterThanOrEqual(400);
      expect(res.status, proxy).toBeLessThan(600);
    }
    expect(httpProxy.seen).toEqual([]);
    expect(socksProxy.seen).toEqual([]);
  });

  it('a name is checked where the socket connects: a name resolving to loopback is refused at connect time', async () => {
    // "localhost" is refused by name; a name the check cannot know (here: localhost's other spelling
    // through the lookup) is refused by the guarded lookup, with nothing reaching the proxy.
    const init = proxyFetchInit(httpProxy.url.replace('127.0.0.1', 'LocalHost.'));
    await expect(fetch('http://graph.test/me', init)).rejects.toThrow();
    expect(httpProxy.seen).toEqual([]);
    expect(() => proxyAgentOf('socks5://10.1.2.3:1080')).toThrow(ProxyRefusedError);
  });

  it("with the operator's switch on, private proxies are used (tests and sandboxes)", async () => {
    allowPrivateProxies(true);
    try {
      const prosa = await h.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${prosa}/healthz`, proxyFetchInit(httpProxy.url));
      expect(res.status).toBe(200);
      expect(httpProxy.seen).toHaveLength(1);
    } finally {
      allowPrivateProxies(false);
    }
  });
});
