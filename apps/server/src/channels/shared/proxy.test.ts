/**
 * A channel's proxy carries that channel's provider connections, and only that channel's: Graph API
 * calls and media (fetch with an undici dispatcher), the Telegram Bot API (node-fetch with an
 * agent), the WhatsApp Web socket (Baileys' agent and fetchAgent), Messenger and Instagram
 * attachment downloads (fetch from Meta's CDN, an undici dispatcher). Local proxies (HTTP CONNECT and
 * SOCKS5, with credentials) stand in front of local stand-ins; a channel without a proxy never
 * touches them. The channel form's rule for the field is checked on the route.
 */
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { parseMeta } from '../meta/meta.inbound.js';
import { downloadAttachment } from '../meta/meta.media.js';
import { messageEvent, messagingPayload } from '../meta/stand-in/webhook-payloads.js';
import { telegramApi } from '../telegram/telegram.api.js';
import type { ChannelSession } from '../../modules/channels/channel-adapter.js';
import { fakeSockets } from '../whatsapp/fakes/fake-socket.js';
import { createWhatsappAdapter } from '../whatsapp/whatsapp.adapter.js';
import { sessionContext, whatsappChannel } from '../testing/whatsapp.test-support.js';
import { graphBytes, graphJson } from './graph-api.js';
import { proxyUrlOf } from '../../platform/security/proxy.js';
import { startHttpProxy, startJsonServer, startSocksProxy } from '../../platform/security/proxy.test-support.js';

type Servers = {
  open: Awaited<ReturnType<typeof startHttpProxy>>;
  locked: Awaited<ReturnType<typeof startHttpProxy>>;
  socks: Awaited<ReturnType<typeof startSocksProxy>>;
  graph: Awaited<ReturnType<typeof startJsonServer>>;
  telegram: Awaited<ReturnType<typeof startJsonServer>>;
};
let s: Servers;
let h: Harness;
let c: Company;
const passages = () => s.open.seen.length + s.locked.seen.length + s.socks.seen.length;

beforeAll(async () => {
  s = {
    open: await startHttpProxy(),
    locked: await startHttpProxy('ana:s3cr:t@'),
    socks: await startSocksProxy('bia:p4ss'),
    graph: await startJsonServer((path) => ({ id: 'page-1', path })),
    telegram: await startJsonServer(() => ({
      ok: true,
      result: { id: 42, is_bot: true, first_name: 'Loja', username: 'loja_bot' },
    })),
  };
  h = await startHarness({ providers: { graphApiUrl: s.graph.url, telegramApiRoot: s.telegram.url } });
  c = await h.company();
});
afterAll(async () => {
  await h.close();
  for (const server of Object.values(s)) await server.close();
});

describe(`channel proxies (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('Graph API calls go through an HTTP proxy with its credentials; without a proxy, straight to the API', async () => {
    const platform = h.app.platform;
    expect(s.locked.url).toContain('ana:s3cr%3At%40@');
    const page = await graphJson<{ id: string; path: string }>(
      platform,
      { token: 'tok', proxy: s.locked.url },
      'GET',
      '/p1',
    );
    expect(page).toEqual({ id: 'page-1', path: '/p1' });
    expect(s.locked.seen).toEqual([
      { kind: 'CONNECT', target: `127.0.0.1:${s.graph.port}`, credentials: 'ana:s3cr:t@' },
    ]);

    const before = passages();
    await graphJson(platform, { token: 'tok', proxy: '' }, 'GET', '/p2');
    await graphJson(platform, 'bare-token', 'POST', '/p3', { a: 1 });
    expect(passages()).toBe(before);
    expect(s.graph.paths).toEqual(expect.arrayContaining(['/p1', '/p2', '/p3']));
  });

  it('a proxy that refuses the credentials fails the call (it is never bypassed)', async () => {
    const wrong = s.locked.url.replace('ana:', 'eva:');
    await expect(graphJson(h.app.platform, { token: 'tok', proxy: wrong }, 'GET', '/refused')).rejects.toMatchObject({
      httpStatus: 0,
    });
    expect(s.graph.paths).not.toContain('/refused');
  });

  it('a SOCKS5 proxy with credentials carries Graph API calls and media downloads', async () => {
    const proxy = s.socks.url;
    await graphJson(h.app.platform, { token: 'tok', proxy }, 'GET', '/via-socks');
    const { data } = await graphBytes(`${s.graph.url}/media-1`, { token: 'tok', proxy }, 10_000);
    expect(JSON.parse(data.toString())).toMatchObject({ path: '/media-1' });
    expect(s.socks.seen.map((p) => p.target)).toContain(`127.0.0.1:${s.graph.port}`);
    expect(s.socks.seen.every((p) => p.credentials === 'bia:p4ss')).toBe(true);
  });

  it("the Telegram Bot API goes through the channel's proxy (HTTP or SOCKS), and direct without one", async () => {
    const viaHttp = await telegramApi(h.app.platform, { token: '123:abc', proxy: s.open.url }).getMe();
    expect(viaHttp.username).toBe('loja_bot');
    expect(s.open.seen.at(-1)).toEqual({ kind: 'CONNECT', target: `127.0.0.1:${s.telegram.port}`, credentials: '' });

    const socksBefore = s.socks.seen.length;
    await telegramApi(h.app.platform, { token: '123:abc', proxy: s.socks.url }).getMe();
    expect(s.socks.seen.slice(socksBefore).map((p) => p.target)).toEqual([`127.0.0.1:${s.telegram.port}`]);

    const before = passages();
    await telegramApi(h.app.platform, { token: '123:abc', proxy: '' }).getMe();
    await telegramApi(h.app.platform, '123:abc').getMe();
    expect(passages()).toBe(before);
    expect(s.telegram.paths.filter((p) => p === '/bot123:abc/getMe')).toHaveLength(4);
  });

  it("Messenger and Instagram attachments are downloaded through the channel's proxy; without one, directly", async () => {
    const platform = h.app.platform;
    // A proxy of its own: no connection kept from an earlier test can hide a passage.
    const proxy = await startHttpProxy('cid:pw');
    try {
      const { data, mimeType } = await downloadAttachment(
        platform,
        { proxy: proxy.url },
        `${s.graph.url}/cdn/a.jpg?sig=1`,
      );
      expect(JSON.parse(data.toString())).toMatchObject({ path: '/cdn/a.jpg?sig=1' });
      expect(mimeType).toBe('application/json');
      expect(proxy.seen).toEqual([{ kind: 'CONNECT', target: `127.0.0.1:${s.graph.port}`, credentials: 'cid:pw' }]);

      const before = passages() + proxy.seen.length;
      await downloadAttachment(platform, { proxy: '' }, `${s.graph.url}/cdn/direct.jpg`);
      expect(passages() + proxy.seen.length).toBe(before);
      expect(s.graph.paths).toContain('/cdn/direct.jpg');

      // The inbound path passes the channel: a webhook attachment of a proxied Messenger channel goes
      // through its proxy, and a proxy refusing the channel's credentials fails the download (the job
      // retries) instead of going around it.
      const channel = await withTenant(platform.db, c.tenantId, (scope) =>
        scope.insert(channels, {
          name: 'Messenger via proxy',
          type: 'messenger',
          status: 'CONNECTED',
          token: 'page-token',
          proxy: proxy.url,
          config: { pageId: '900000001', pageName: 'Loja', appSecret: 'app-secret', verifyToken: 'verify' },
        }),
      );
      const payload = (mid: string, url: string) =>
        messagingPayload('page', '900000001', [
          messageEvent('7100000001', '900000001', { mid, attachments: [{ type: 'image', payload: { url } }] }),
        ]);
      const events = await parseMeta(platform, channel, payload('m.via', `${s.graph.url}/cdn/via-webhook.jpg`));
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event?.kind === 'message' && JSON.parse(event.media!.data.toString())).toMatchObject({
        path: '/cdn/via-webhook.jpg',
      });
      expect(proxy.seen.length).toBeGreaterThan(1);
      expect(proxy.seen.every((p) => p.credentials === 'cid:pw' && p.target === `127.0.0.1:${s.graph.port}`)).toBe(
        true,
      );

      const refused = { ...channel, proxy: proxy.url.replace('cid:', 'eva:') };
      await expect(
        parseMeta(platform, refused, payload('m.refused', `${s.graph.url}/cdn/refused.jpg`)),
      ).rejects.toThrow(/ERR_MEDIA_DOWNLOAD_FAILED/);
      expect(proxy.seen.at(-1)?.credentials).toBe('eva:pw');
      expect(s.graph.paths).not.toContain('/cdn/refused.jpg');
    } finally {
      await proxy.close();
    }
  });

  it('the WhatsApp Web socket and its media uploads get an agent through the proxy; no proxy, no agent', async () => {
    const fake = fakeSockets();
    const adapter = createWhatsappAdapter({ makeSocket: fake.makeSocket });
    const sessions: ChannelSession[] = [];
    try {
      const proxied = await whatsappChannel(h, c, { proxy: s.open.url });
      sessions.push((await adapter.connect!(sessionContext(h.app.platform, proxied)))!);
      const { agent, fetchAgent } = fake.last().config;
      expect(agent).toBeDefined();
      expect(fetchAgent).toBe(agent);
      // The agent Baileys gets really tunnels through the proxy.
      const before = s.open.seen.length;
      const body = await new Promise<string>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: s.graph.port, path: '/through-agent', agent: agent as http.Agent }, (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => resolve(text));
          })
          .on('error', reject);
      });
      expect(JSON.parse(body)).toMatchObject({ path: '/through-agent' });
      expect(s.open.seen.slice(before)).toEqual([
        { kind: 'CONNECT', target: `127.0.0.1:${s.graph.port}`, credentials: '' },
      ]);

      const direct = await whatsappChannel(h, c);
      sessions.push((await adapter.connect!(sessionContext(h.app.platform, direct)))!);
      expect(fake.last().config.agent).toBeUndefined();
      expect(fake.last().config.fetchAgent).toBeUndefined();
    } finally {
      for (const session of sessions) await session.stop();
    }
  });

  it('the channel form takes http(s) and socks URLs with credentials, and refuses anything else', async () => {
    const token = c.admin.token;
    for (const proxy of ['ftp://proxy.local:21', 'proxy.local:3128', 'http://', 'javascript:alert(1)']) {
      const res = await h.request('POST', '/channels', {
        token,
        body: { name: `Bad ${proxy}`, type: 'whatsapp', proxy },
      });
      expect(res.status, proxy).toBe(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { proxy: 'validation.invalidValue' } });
    }
    const stored = await withTenant(h.app.platform.db, c.tenantId, (scope) =>
      scope.select(channels, eq(channels.name, 'Bad ftp://proxy.local:21')),
    );
    expect(stored).toHaveLength(0);
    for (const proxy of [
      'http://proxy.local:3128',
      'https://u:p@proxy.local:443',
      'socks5://u:p@10.0.0.1:1080',
      'socks://proxy.local:1080',
    ]) {
      const res = await h.request('POST', '/channels', {
        token,
        body: { name: `Ok ${proxy}`, type: 'whatsapp', proxy },
      });
      expect(res.status, proxy).toBe(201);
      expect(res.body.proxy).toBe(proxy);
      expect(proxyUrlOf(proxy)).toBeDefined();
    }
  });
});
