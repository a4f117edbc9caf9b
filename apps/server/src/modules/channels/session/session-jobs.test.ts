// Session jobs across app instances: two session supervisors on one database, each with its own view
// of the platform, stand for two instances (the send job runs with the picking instance's platform).
// The sends of a live-session-only channel must happen on the instance holding its session, once.
// Runs on PGlite (in-process calls) and on PostgreSQL with DATABASE_URL (LISTEN/NOTIFY).
import { randomUUID } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inbound } from '../../messages/messages.test-support.js';
import { sendMessageJob } from '../../messages/jobs/send-message.job.js';
import { channels, messages } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { startHarness, type Company, type Harness } from '../../../test/harness.js';
import type { ChannelRow } from '../channel-adapter.js';
import { fakeSessionAdapter } from './fake-session-adapter.js';
import { serveSessionJob, sessionRouteOf } from './session-jobs.js';
import { SessionUnreachableError } from './session-rpc.js';
import { SessionSupervisor } from './supervisor.js';

let h: Harness;
let c: Company;
let fake: ReturnType<typeof fakeSessionAdapter>;
const started: SessionSupervisor[] = [];
const MANUAL = { renewMs: 600_000, pollMs: 600_000, scanMs: 600_000 };
const TIMINGS = { ackMs: 400, resultMs: 10_000, ownerCheckMs: 200 };

/** An app instance: its own supervisor and a platform whose `sessions` is that supervisor. */
function instance(name: string) {
  const platform: Platform = { ...h.app.platform };
  const sup = new SessionSupervisor(() => platform, {
    instanceId: `${name}-${randomUUID().slice(0, 6)}`,
    ...MANUAL,
    rpcTimings: TIMINGS,
  });
  platform.sessions = sup;
  started.push(sup);
  return { sup, platform, id: sup.instanceId };
}
type Instance = ReturnType<typeof instance>;

beforeAll(async () => {
  h = await startHarness();
  await h.app.platform.sessions.stopAll();
  c = await h.company();
  fake = fakeSessionAdapter('whatsapp', { liveSessionOnly: true });
});
afterEach(async () => {
  for (const s of started.splice(0)) await s.stopAll();
  await withTenant(db(), c.tenantId, (s) =>
    s.update(channels, { status: 'DISCONNECTED', sessionOwner: null, sessionLeaseUntil: null }, isNotNull(channels.id)),
  );
});
afterAll(async () => {
  fake.restore();
  await h.close();
});

const db = () => h.app.platform.db;
const newChannel = (type: ChannelRow['type'] = 'whatsapp') =>
  withTenant(db(), c.tenantId, (s) => s.insert(channels, { name: `WA ${randomUUID().slice(0, 8)}`, type }));
const rowOf = (id: number) => withTenant(db(), c.tenantId, (s) => s.first(messages, eq(messages.id, id)));

/** A pending agent message on an open ticket of the channel, as the outbox records it. */
async function pendingMessage(channel: ChannelRow, body = 'Olá') {
  const r = await inbound(h, c, channel, { from: { number: `55119${Math.floor(Math.random() * 1e8)}`, name: 'Ana' } });
  return withTenant(db(), c.tenantId, (s) =>
    s.insert(messages, { ticketId: r.ticketId!, channelId: channel.id, fromMe: true, body, status: 'pending' }),
  );
}

/** The send job as pg-boss would run it on `on`. */
const runSend = (on: Instance, messageId: number, attempt = 0) =>
  withTenant(db(), c.tenantId, (scope) =>
    sendMessageJob.handler({ tenantId: c.tenantId, messageId }, { platform: on.platform, scope, attempt }),
  );
const sendsOf = (messageId: number) => fake.sends.filter((s) => s.messageId === messageId);

describe(`session jobs across instances (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a send picked up by an instance without the session is sent once, by the owner', async () => {
    const [a, b] = [instance('A'), instance('B')];
    const ch = await newChannel();
    await a.sup.connect(c.tenantId, ch.id);
    const m = await pendingMessage(ch);

    await runSend(b, m.id);
    expect(sendsOf(m.id)).toEqual([{ instance: a.id, channelId: ch.id, messageId: m.id }]);
    expect(await rowOf(m.id)).toMatchObject({ status: 'sent', externalId: `fake-${m.id}`, sendAttempts: 1 });
    expect(b.sup.rpc.stats.called).toBe(1);
    expect(a.sup.rpc.stats.served).toBe(1);

    // Run again (a retry, a sweeper's re-enqueue): nothing is pending, nobody is asked, nothing sent.
    await runSend(b, m.id);
    await runSend(a, m.id);
    expect(sendsOf(m.id)).toHaveLength(1);
    expect(b.sup.rpc.stats.called).toBe(1);
  });

  it('the owner runs its own sends without asking anyone', async () => {
    const [a] = [instance('A')];
    const ch = await newChannel();
    await a.sup.connect(c.tenantId, ch.id);
    const m = await pendingMessage(ch);
    await runSend(a, m.id);
    expect(sendsOf(m.id)).toEqual([{ instance: a.id, channelId: ch.id, messageId: m.id }]);
    expect(a.sup.rpc.stats.called).toBe(0);
  });

  it('an owner that does not answer makes the job fail retryably, the message untouched', async () => {
    const [a, b] = [instance('A'), instance('B')];
    const ch = await newChannel();
    await a.sup.connect(c.tenantId, ch.id);
    const m = await pendingMessage(ch);
    // A's listener is gone but its lease still holds (a crash a moment ago).
    await a.sup.rpc.stop();
    const err = await runSend(b, m.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SessionUnreachableError);
    expect(await rowOf(m.id)).toMatchObject({ status: 'pending', sendAttempts: 0, lastError: null });
    expect(sendsOf(m.id)).toHaveLength(0);

    // It comes back: the retry is sent by A.
    a.sup.rpc.resume();
    await a.sup.rpc.ensureStarted();
    await runSend(b, m.id, 1);
    expect(sendsOf(m.id)).toEqual([{ instance: a.id, channelId: ch.id, messageId: m.id }]);
  });

  it('when the owner stops, the lease moves and the next owner sends, once', async () => {
    const [a, b] = [instance('A'), instance('B')];
    const ch = await newChannel();
    await a.sup.connect(c.tenantId, ch.id);
    await withTenant(db(), c.tenantId, (s) => s.update(channels, { status: 'CONNECTED' }, eq(channels.id, ch.id)));
    const before = await pendingMessage(ch, 'recorded while A held the session');
    await a.sup.stopAll();
    // Nobody holds a live lease: B tries itself and fails retryably (no session here yet).
    await expect(runSend(b, before.id)).rejects.toMatchObject({ message: 'ERR_WAPP_NOT_INITIALIZED' });
    await b.sup.timers.scan();
    expect(b.sup.isRunning(ch.id)).toBe(true);
    await runSend(b, before.id, 1);
    const after = await pendingMessage(ch, 'recorded after the move');
    await runSend(b, after.id);
    expect(sendsOf(before.id)).toEqual([{ instance: b.id, channelId: ch.id, messageId: before.id }]);
    expect(sendsOf(after.id)).toEqual([{ instance: b.id, channelId: ch.id, messageId: after.id }]);
    expect(await rowOf(before.id)).toMatchObject({ status: 'sent', sendAttempts: 2 });
  });

  it('a forwarded job is not forwarded again: an instance that lost the session fails it retryably', async () => {
    const [a, b] = [instance('A'), instance('B')];
    const ch = await newChannel();
    await b.sup.connect(c.tenantId, ch.id);
    const m = await pendingMessage(ch);
    const asked = serveSessionJob(a.platform, {
      t: 'req',
      id: randomUUID(),
      from: b.id,
      job: 'messages.send',
      data: { tenantId: c.tenantId, messageId: m.id },
      attempt: 0,
    });
    await expect(asked).rejects.toBeInstanceOf(SessionUnreachableError);
    expect(await rowOf(m.id)).toMatchObject({ status: 'pending', sendAttempts: 0 });
  });

  it('channels whose sends need no session run wherever the job is picked up', async () => {
    const [a] = [instance('A')];
    const ch = await newChannel('telegram');
    await withTenant(db(), c.tenantId, (s) =>
      s.update(
        channels,
        { sessionOwner: 'elsewhere', sessionLeaseUntil: new Date(Date.now() + 60_000) },
        eq(channels.id, ch.id),
      ),
    );
    const route = await withTenant(db(), c.tenantId, (s) => sessionRouteOf(a.platform, s, ch));
    expect(route).toEqual({ run: 'here' });
  });
});
