// The session routes drive the app's own supervisor; a fake adapter stands in for WhatsApp Web
// (no real adapter of that type is loaded here) and the registry is restored afterwards.
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeSessionAdapter } from './session/fake-session-adapter.js';
import { ChannelSendError } from './channel-adapter.js';
import { channels } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';

let h: Harness;
let a: Company;
let fake: ReturnType<typeof fakeSessionAdapter>;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  fake = fakeSessionAdapter('whatsapp');
});
beforeEach(() => Object.assign(fake.behaviour, { failWith: null, webhookOnly: false, connectDelayMs: 0 }));
afterAll(async () => {
  // Wanted down, so no other instance on a shared PostgreSQL reconnects them after we close.
  await withTenant(h.app.platform.db, a.tenantId, (s) => s.update(channels, { status: 'DISCONNECTED' }, isNotNull(channels.id)));
  await h.close();
  fake.restore();
});

let n = 0;
const create = async (harness = h, company = a) =>
  (await harness.request('POST', '/channels', { token: company.admin.token, body: { name: `WhatsApp ${++n}`, type: 'whatsapp' } })).body;
const rowOf = (id: number, harness = h) =>
  withTenant(harness.app.platform.db, a.tenantId, (s) => s.first(channels, eq(channels.id, id)));
const eventsOf = (id: number) => fake.events.filter((e) => e.split(':')[1] === String(id));

describe('channel session routes', () => {
  it('connect starts the session on this instance; disconnect logs out by default', async () => {
    const ch = await create();
    expect(ch.status).toBe('DISCONNECTED');
    const on = await h.request('POST', `/channels/${ch.id}/session`, { token: a.admin.token });
    expect(on).toMatchObject({ status: 200, body: { id: ch.id, status: 'CONNECTED', number: '5511999990000' } });
    expect((await rowOf(ch.id))!.sessionOwner).toBe(h.app.platform.sessions.instanceId);
    const restart = await h.request('PUT', `/channels/${ch.id}/session`, { token: a.admin.token });
    expect(restart.body.status).toBe('CONNECTED');
    const off = await h.request('DELETE', `/channels/${ch.id}/session`, { token: a.admin.token });
    expect(off.body).toMatchObject({ status: 'DISCONNECTED', qrcode: '' });
    expect(eventsOf(ch.id)).toEqual([`connect:${ch.id}`, `stop:${ch.id}:keep`, `connect:${ch.id}`, `stop:${ch.id}:logout`, `disconnect:${ch.id}`]);
    expect((await rowOf(ch.id))!.sessionOwner).toBeNull();
  });

  it('?logout=false keeps the provider login', async () => {
    const ch = await create();
    await h.request('POST', `/channels/${ch.id}/session`, { token: a.admin.token });
    await h.request('DELETE', `/channels/${ch.id}/session?logout=false`, { token: a.admin.token });
    expect(eventsOf(ch.id)).toContain(`stop:${ch.id}:keep`);
    expect((await h.request('DELETE', `/channels/${ch.id}/session?logout=maybe`, { token: a.admin.token })).status).toBe(400);
  });

  it('a token the provider refuses answers 400 ERR_CHANNEL_TOKEN_INVALID and leaves the channel DISCONNECTED', async () => {
    const ch = await create();
    fake.behaviour.failWith = new ChannelSendError('ERR_CHANNEL_TOKEN_INVALID', false);
    const res = await h.request('POST', `/channels/${ch.id}/session`, { token: a.admin.token });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_TOKEN_INVALID' } });
    expect(await rowOf(ch.id)).toMatchObject({ status: 'DISCONNECTED', sessionOwner: null });
  });

  it('new connection settings reconnect a channel that is up', async () => {
    const ch = await create();
    await h.request('POST', `/channels/${ch.id}/session`, { token: a.admin.token });
    const res = await h.request('PUT', `/channels/${ch.id}`, {
      token: a.admin.token,
      body: { name: ch.name, type: 'whatsapp', proxy: 'http://proxy.local:3128' },
    });
    expect(res.status).toBe(200);
    expect(eventsOf(ch.id).filter((e) => e.startsWith('connect'))).toHaveLength(2);
    // A change that is not about the connection does not.
    await h.request('PUT', `/channels/${ch.id}`, {
      token: a.admin.token,
      body: { name: ch.name, type: 'whatsapp', proxy: 'http://proxy.local:3128', farewellMessage: 'Até logo' },
    });
    expect(eventsOf(ch.id).filter((e) => e.startsWith('connect'))).toHaveLength(2);
  });

  it('deleting a connected channel stops its session first', async () => {
    const ch = await create();
    await h.request('POST', `/channels/${ch.id}/session`, { token: a.admin.token });
    expect(fake.alive(ch.id)).toBe(1);
    expect((await h.request('DELETE', `/channels/${ch.id}`, { token: a.admin.token })).status).toBe(204);
    expect(fake.alive(ch.id)).toBe(0);
    expect(eventsOf(ch.id)).toContain(`stop:${ch.id}:logout`);
    expect(h.app.platform.sessions.isRunning(ch.id)).toBe(false);
  });

  it('closing the app stops its sessions and hands their leases back, status unchanged', async () => {
    const h2 = await startHarness({}, { shareWith: h });
    try {
      const c2 = await h2.company();
      const ch = (await h2.request('POST', '/channels', { token: c2.admin.token, body: { name: 'WA', type: 'whatsapp' } })).body;
      await h2.request('POST', `/channels/${ch.id}/session`, { token: c2.admin.token });
      await h2.app.close();
      expect(fake.alive(ch.id)).toBe(0);
      const row = await withTenant(h2.app.platform.db, c2.tenantId, (s) => s.first(channels, eq(channels.id, ch.id)));
      expect(row).toMatchObject({ status: 'CONNECTED', sessionOwner: h2.app.platform.sessions.instanceId });
      expect(row!.sessionLeaseUntil!.getTime()).toBeLessThan(Date.now());
      // Leave no orphan for other instances on a shared PostgreSQL.
      await withTenant(h2.app.platform.db, c2.tenantId, (s) =>
        s.update(channels, { status: 'DISCONNECTED', sessionOwner: null }, eq(channels.id, ch.id)),
      );
    } finally {
      await h2.close();
    }
  });
});
