// Two session supervisors on one database stand for two app instances: the lease must keep every
// long-lived session on exactly one of them. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/app-error.js';
import { channels, inboundEvents } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../../test/harness.js';
import { ChannelSendError, type ChannelRow } from '../channel-adapter.js';
import { fakeSessionAdapter } from './fake-session-adapter.js';
import { SessionSupervisor, type SessionSupervisorOptions } from './supervisor.js';

let h: Harness;
let c: Company;
let fake: ReturnType<typeof fakeSessionAdapter>;
const supervisors: SessionSupervisor[] = [];

// Timers are driven by hand (renew/poll/scan), so their own intervals are long.
const MANUAL = { renewMs: 600_000, pollMs: 600_000, scanMs: 600_000 };
function instance(id: string, opts: SessionSupervisorOptions = {}) {
  const s = new SessionSupervisor(() => h.app.platform, { instanceId: `${id}-${randomUUID().slice(0, 6)}`, ...MANUAL, ...opts });
  supervisors.push(s);
  return s;
}

beforeAll(async () => {
  h = await startHarness();
  // The app's own supervisor stays out of the way: these tests are the instances.
  await h.app.platform.sessions.stopAll();
  c = await h.company();
  // 'whatsapp' (WhatsApp Web) has no real adapter loaded in this test.
  fake = fakeSessionAdapter('whatsapp');
});
afterEach(async () => {
  for (const s of supervisors.splice(0)) await s.stopAll();
  Object.assign(fake.behaviour, { failWith: null, webhookOnly: false, connectDelayMs: 0 });
  // Leave no orphaned session behind for other app instances sharing a PostgreSQL to pick up.
  await withTenant(db(), c.tenantId, (s) =>
    s.update(channels, { status: 'DISCONNECTED', sessionOwner: null, sessionLeaseUntil: null }, isNotNull(channels.id)),
  );
});
afterAll(async () => {
  fake.restore();
  await h.close();
});

const db = () => h.app.platform.db;
const newChannel = (over: Partial<typeof channels.$inferInsert> = {}) =>
  withTenant(db(), c.tenantId, (s) => s.insert(channels, { name: `WA ${randomUUID().slice(0, 8)}`, type: 'whatsapp', ...over }));
const rowOf = (id: number) =>
  withTenant(db(), c.tenantId, (s) => s.first(channels, eq(channels.id, id))) as Promise<ChannelRow>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const leaseLive = (row: ChannelRow) => !!row.sessionLeaseUntil && row.sessionLeaseUntil.getTime() > Date.now();

describe('session supervisor', () => {
  it('runs a session on the instance that claims it; another instance asks the owner to restart', async () => {
    const [a, b] = [instance('A'), instance('B')];
    const ch = await newChannel();
    const after = await a.connect(c.tenantId, ch.id);
    expect(after).toMatchObject({ status: 'CONNECTED', sessionOwner: a.instanceId, number: '5511999990000' });
    expect(leaseLive(after)).toBe(true);
    expect(a.isRunning(ch.id)).toBe(true);

    await b.connect(c.tenantId, ch.id);
    expect(b.isRunning(ch.id)).toBe(false);
    expect(await rowOf(ch.id)).toMatchObject({ sessionOwner: a.instanceId, sessionCommand: 'restart' });
    await a.timers.poll();
    expect(fake.events.filter((e) => e.split(':')[1] === String(ch.id))).toEqual([`connect:${ch.id}`, `stop:${ch.id}:keep`, `connect:${ch.id}`]);
    expect(await rowOf(ch.id)).toMatchObject({ sessionOwner: a.instanceId, sessionCommand: '', status: 'CONNECTED' });
    expect(fake.maxAlive(ch.id)).toBe(1);
  });

  it("a disconnect served by another instance is done by the owner, with logout", async () => {
    const [a, b] = [instance('A'), instance('B')];
    const ch = await newChannel();
    await a.connect(c.tenantId, ch.id);
    const answered = await b.disconnect(c.tenantId, ch.id, { logout: true });
    expect(answered).toMatchObject({ status: 'DISCONNECTED', sessionCommand: 'logout', sessionOwner: a.instanceId });
    expect(fake.alive(ch.id)).toBe(1);
    await a.timers.poll();
    expect(fake.alive(ch.id)).toBe(0);
    expect(fake.events).toContain(`stop:${ch.id}:logout`);
    expect(fake.events).toContain(`disconnect:${ch.id}`);
    expect(await rowOf(ch.id)).toMatchObject({ status: 'DISCONNECTED', sessionOwner: null, sessionLeaseUntil: null, sessionCommand: '' });
    expect(a.isRunning(ch.id)).toBe(false);
  });

  it('a graceful shutdown hands the session over: the other instance picks it up on its scan', async () => {
    const [a, b] = [instance('A'), instance('B')];
    const ch = await newChannel();
    await a.connect(c.tenantId, ch.id);
    await a.stopAll();
    const handed = await rowOf(ch.id);
    expect(handed).toMatchObject({ status: 'CONNECTED', sessionOwner: a.instanceId });
    expect(leaseLive(handed)).toBe(false);
    expect(fake.events).toContain(`stop:${ch.id}:keep`);
    await b.timers.scan();
    expect(b.isRunning(ch.id)).toBe(true);
    expect(await rowOf(ch.id)).toMatchObject({ sessionOwner: b.instanceId, status: 'CONNECTED' });
    expect(fake.alive(ch.id)).toBe(1);
  });

  it("takes over a dead instance's session once its lease ran out; the stalled owner then stops its copy", async () => {
    const a = instance('A', { leaseMs: 400 });
    const b = instance('B');
    const ch = await newChannel();
    await a.connect(c.tenantId, ch.id);
    await b.timers.scan();
    expect(b.isRunning(ch.id)).toBe(false); // the lease still holds
    await sleep(500);
    await b.timers.scan();
    expect(b.isRunning(ch.id)).toBe(true);
    expect((await rowOf(ch.id)).sessionOwner).toBe(b.instanceId);
    // A wakes up: its renewal finds the lease gone and stops its session, leaving B's alone.
    await a.timers.renew();
    expect(a.isRunning(ch.id)).toBe(false);
    expect(fake.alive(ch.id)).toBe(1);
    expect((await rowOf(ch.id)).sessionOwner).toBe(b.instanceId);
  });

  it('renewal keeps the lease of a live owner', async () => {
    const a = instance('A', { leaseMs: 400 });
    const b = instance('B');
    const ch = await newChannel();
    await a.connect(c.tenantId, ch.id);
    for (let i = 0; i < 3; i++) {
      await sleep(200);
      await a.timers.renew();
    }
    await b.timers.scan();
    expect(b.isRunning(ch.id)).toBe(false);
    expect(a.isRunning(ch.id)).toBe(true);
  });

  it('when two instances claim an orphan at once, exactly one runs it', async () => {
    fake.behaviour.connectDelayMs = 50;
    const [a, b] = [instance('A'), instance('B')];
    const ch = await newChannel({ status: 'CONNECTED', sessionOwner: 'dead-instance', sessionLeaseUntil: new Date(Date.now() - 5000) });
    await Promise.all([a.timers.scan(), b.timers.scan()]);
    expect([a.isRunning(ch.id), b.isRunning(ch.id)].filter(Boolean)).toHaveLength(1);
    expect(fake.events.filter((e) => e === `connect:${ch.id}`)).toHaveLength(1);
    // Two people pressing "connect" on two instances: still one session at any time.
    await Promise.all([a.connect(c.tenantId, ch.id), b.connect(c.tenantId, ch.id)]);
    await Promise.all([a.timers.poll(), b.timers.poll()]);
    expect(fake.maxAlive(ch.id)).toBe(1);
    expect(fake.alive(ch.id)).toBe(1);
  });

  it('a refused token answers ERR_CHANNEL_TOKEN_INVALID (400), DISCONNECTED, lease released', async () => {
    const a = instance('A');
    const ch = await newChannel();
    fake.behaviour.failWith = new ChannelSendError('ERR_CHANNEL_TOKEN_INVALID', false);
    const err = await a.connect(c.tenantId, ch.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'ERR_CHANNEL_TOKEN_INVALID', status: 400 });
    expect(await rowOf(ch.id)).toMatchObject({ status: 'DISCONNECTED', sessionOwner: null });
    expect(a.isRunning(ch.id)).toBe(false);
    fake.behaviour.failWith = new Error('ECONNREFUSED');
    await expect(a.connect(c.tenantId, ch.id)).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it('a reconnection by the scan that fails for now is retried later (TIMEOUT), not given up', async () => {
    const [a, b] = [instance('A'), instance('B')];
    const ch = await newChannel({ status: 'CONNECTED', sessionOwner: 'dead', sessionLeaseUntil: new Date(Date.now() - 1000) });
    fake.behaviour.failWith = new Error('provider down');
    await a.timers.scan();
    const failed = await rowOf(ch.id);
    expect(failed).toMatchObject({ status: 'TIMEOUT', retries: 1, sessionOwner: a.instanceId });
    expect(leaseLive(failed)).toBe(false);
    fake.behaviour.failWith = null;
    await b.timers.scan();
    expect(b.isRunning(ch.id)).toBe(true);
    expect(await rowOf(ch.id)).toMatchObject({ status: 'CONNECTED', sessionOwner: b.instanceId });
  });

  it('a webhook-only connection is CONNECTED and holds no lease; the scan leaves it alone', async () => {
    const [a, b] = [instance('A'), instance('B')];
    fake.behaviour.webhookOnly = true;
    const ch = await newChannel();
    expect(await a.connect(c.tenantId, ch.id)).toMatchObject({ status: 'CONNECTED', sessionOwner: null });
    expect(a.isRunning(ch.id)).toBe(false);
    await b.timers.scan();
    expect(fake.events.filter((e) => e === `connect:${ch.id}`)).toHaveLength(1);
  });

  it('a channel type without connect (web chat) is simply CONNECTED', async () => {
    const a = instance('A');
    const ch = await newChannel({ type: 'webchat' });
    expect(await a.connect(c.tenantId, ch.id)).toMatchObject({ status: 'CONNECTED', sessionOwner: null });
    expect(await a.disconnect(c.tenantId, ch.id)).toMatchObject({ status: 'DISCONNECTED' });
  });

  it('a session that reports DISCONNECTED itself is forgotten and its lease released', async () => {
    const a = instance('A');
    const ch = await newChannel();
    await a.connect(c.tenantId, ch.id);
    await fake.contexts.get(ch.id)!.report({ status: 'DISCONNECTED' });
    await sleep(50);
    expect(a.isRunning(ch.id)).toBe(false);
    expect(fake.alive(ch.id)).toBe(0);
    expect(await rowOf(ch.id)).toMatchObject({ status: 'DISCONNECTED', sessionOwner: null });
    // Reports of a session that ended are ignored.
    await fake.contexts.get(ch.id)!.report({ status: 'CONNECTED' });
    expect((await rowOf(ch.id)).status).toBe('DISCONNECTED');
  });

  it("the session's receive stores the raw update for the inbound path", async () => {
    const a = instance('A');
    const ch = await newChannel();
    await a.connect(c.tenantId, ch.id);
    await fake.contexts.get(ch.id)!.receive({ update_id: 42 });
    const rows = await withTenant(db(), c.tenantId, (s) => s.select(inboundEvents, and(eq(inboundEvents.channelId, ch.id))));
    expect(rows.map((r) => r.payload)).toEqual([{ update_id: 42 }]);
  });

  it('another tenant cannot act on the channel', async () => {
    const a = instance('A');
    const other = await h.company();
    const ch = await newChannel();
    await expect(a.connect(other.tenantId, ch.id)).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
    await expect(a.disconnect(other.tenantId, ch.id)).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
    expect(await rowOf(ch.id)).toMatchObject({ status: 'DISCONNECTED', sessionOwner: null });
  });
});
