import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketLogs, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { autoCloseTicketsJob } from './jobs/auto-close-tickets.job.js';
import { ticketFactories } from './test-factories.js';

// SPEC §3 Channel: a channel's own auto-close time overrides the company's (autoCloseTicketsTime).
let h: Harness;
let a: Company;
let b: Company;

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const setting = (c: Company, key: string, value: string) =>
  h.request('PUT', `/settings/${key}`, { token: c.admin.token, body: { value } });
const statusOf = async (c: Company, id: number) =>
  (await withTenant(h.app.platform.db, c.tenantId, (s) => s.first(tickets, eq(tickets.id, id))))?.status;
const logOf = (c: Company, id: number) =>
  withTenant(h.app.platform.db, c.tenantId, (s) => s.first(ticketLogs, eq(ticketLogs.ticketId, id)));
const run = () => autoCloseTicketsJob.handler({}, { platform: h.app.platform, attempt: 0 });

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

describe("a channel's own auto-close time", () => {
  it('is set and shown on the channel', async () => {
    const created = await h.request('POST', '/channels', {
      token: a.admin.token,
      body: { name: 'Site com prazo', type: 'webchat', autoCloseTime: '1h' },
    });
    expect(created).toMatchObject({ status: 201, body: { autoCloseTime: '1h' } });
    const other = await h.request('POST', '/channels', { token: a.admin.token, body: { name: 'Site sem prazo', type: 'webchat' } });
    expect(other.body.autoCloseTime).toBe('');
  });

  it("overrides the company's time for its tickets; 'disabled' exempts them; the rest follow the company", async () => {
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    await setting(a, 'autoCloseTicketsTime', '10m');
    const longer = await f.channel({ autoCloseTime: '1d' });
    const never = await f.channel({ autoCloseTime: 'disabled' });
    const plain = await f.channel();
    const longerRecent = await f.ticket({ status: 'open', channelId: longer.id, lastInboundAt: ago(30) });
    const longerSilent = await f.ticket({ status: 'open', channelId: longer.id, lastInboundAt: ago(1500) });
    const exempt = await f.ticket({ status: 'pending', channelId: never.id, lastInboundAt: ago(100_000) });
    const plainSilent = await f.ticket({ status: 'open', channelId: plain.id, lastInboundAt: ago(11) });
    const plainRecent = await f.ticket({ status: 'open', channelId: plain.id, lastInboundAt: ago(2) });

    await run();

    expect(await statusOf(a, longerRecent.id)).toBe('open');
    expect(await statusOf(a, longerSilent.id)).toBe('closed');
    expect(await statusOf(a, exempt.id)).toBe('pending');
    expect(await statusOf(a, plainSilent.id)).toBe('closed');
    expect(await statusOf(a, plainRecent.id)).toBe('open');
    // The log tells which time closed it.
    expect(await logOf(a, longerSilent.id)).toMatchObject({ type: 'autoClose', payload: { time: '1d' } });
    expect(await logOf(a, plainSilent.id)).toMatchObject({ type: 'autoClose', payload: { time: '10m' } });
  });

  it("closes a channel's tickets even when the company's auto-close is off, and only that channel's", async () => {
    const f = ticketFactories(h.app.platform.db, b.tenantId);
    expect((await setting(b, 'autoCloseTicketsTime', 'disabled')).status).toBe(200);
    const own = await f.channel({ autoCloseTime: '10m' });
    const ownSilent = await f.ticket({ status: 'open', channelId: own.id, lastInboundAt: ago(11) });
    const otherSilent = await f.ticket({ status: 'open', lastInboundAt: ago(100_000) });

    await run();

    expect(await statusOf(b, ownSilent.id)).toBe('closed');
    expect(await statusOf(b, otherSilent.id)).toBe('open');
  });
});
