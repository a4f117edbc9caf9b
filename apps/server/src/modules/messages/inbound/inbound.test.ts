import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, inboundEvents, messages, tickets } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../../test/harness.js';
import { channelAdapters, registerChannelAdapter } from '../../channels/channel-registry.js';
import type { ChannelAdapter, ChannelRow, InboundEvent } from '../../channels/channel-adapter.js';
import { webchatChannel } from '../../../channels/testing/webchat.test-support.js';
import { processInboundJob } from './process-inbound.job.js';
import { storeInbound } from './store-inbound.js';
import { sweepInboundJob } from './sweep-inbound.job.js';

/** A provider whose raw payload is `{ items: [{ id, from, text }] }`; `failOnce` makes parse throw once. */
let failOnce = false;
const fake: ChannelAdapter = {
  type: 'instagram',
  capabilities: { media: false, reactions: false, edit: false, delete: false },
  async send() {
    return { externalId: 'x' };
  },
  async parse(_p, _c, payload) {
    if (failOnce) {
      failOnce = false;
      throw new Error('provider hiccup');
    }
    const items = (payload as { items: { id: string; from: string; text: string }[] }).items;
    return items.map(
      (i): InboundEvent => ({ kind: 'message', externalId: i.id, from: { providerId: i.from, name: i.from }, body: i.text }),
    );
  },
};

let h: Harness;
let a: Company;
let b: Company;
let chA: ChannelRow;
const original = channelAdapters.instagram;

beforeAll(async () => {
  registerChannelAdapter(fake);
  // Long job polling: the test runs the job handler itself, deterministically.
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  chA = await webchatChannel(h, a, 'instagram');
});
afterEach(() => {
  failOnce = false;
});
afterAll(async () => {
  if (original) registerChannelAdapter(original);
  else delete channelAdapters.instagram;
  await h.close();
});

const run = (tenantId: number, eventId: number) =>
  withTenant(h.app.platform.db, tenantId, (scope) =>
    processInboundJob.handler({ tenantId, eventId }, { platform: h.app.platform, scope, attempt: 1 }),
  );
const messagesOf = (c: Company, externalId: string) =>
  withTenant(h.app.platform.db, c.tenantId, (s) =>
    s.select(messages, and(eq(messages.channelId, chA.id), eq(messages.externalId, externalId))!),
  );
const eventRow = (c: Company, id: number) =>
  withTenant(h.app.platform.db, c.tenantId, (s) => s.first(inboundEvents, eq(inboundEvents.id, id)));

describe('the shared inbound pipeline', () => {
  it('stores the raw payload, then parses and ingests every event once, even when run twice', async () => {
    const id = await storeInbound(h.app.platform, chA, {
      items: [
        { id: 'p-1', from: 'ana', text: 'oi' },
        { id: 'p-2', from: 'ana', text: 'tudo bem?' },
      ],
    });
    expect((await eventRow(a, id))?.processedAt).toBeNull();
    await run(a.tenantId, id);
    await run(a.tenantId, id); // a re-delivered job: already processed, nothing happens
    expect(await messagesOf(a, 'p-1')).toHaveLength(1);
    expect(await messagesOf(a, 'p-2')).toHaveLength(1);
    expect((await eventRow(a, id))?.processedAt).toBeInstanceOf(Date);
    const ticketRows = await withTenant(h.app.platform.db, a.tenantId, (s) => s.select(tickets, eq(tickets.channelId, chA.id)));
    expect(ticketRows).toHaveLength(1);
    expect(ticketRows[0]!.unreadMessages).toBe(2);
  });

  it('the same provider message in two payloads is stored once', async () => {
    const one = await storeInbound(h.app.platform, chA, { items: [{ id: 'dup-1', from: 'bia', text: 'oi' }] });
    const two = await storeInbound(h.app.platform, chA, { items: [{ id: 'dup-1', from: 'bia', text: 'oi' }] });
    await Promise.all([run(a.tenantId, one), run(a.tenantId, two)]);
    expect(await messagesOf(a, 'dup-1')).toHaveLength(1);
  });

  it('a failing parse keeps the payload with its error and rethrows for the retry, which then stores it', async () => {
    const id = await storeInbound(h.app.platform, chA, { items: [{ id: 'retry-1', from: 'caio', text: 'oi' }] });
    failOnce = true;
    await expect(run(a.tenantId, id)).rejects.toThrow('provider hiccup');
    expect(await eventRow(a, id)).toMatchObject({ processedAt: null, error: 'provider hiccup' });
    expect(await messagesOf(a, 'retry-1')).toHaveLength(0);
    await run(a.tenantId, id);
    expect(await messagesOf(a, 'retry-1')).toHaveLength(1);
    expect(await eventRow(a, id)).toMatchObject({ error: null });
  });

  it("another tenant's job cannot process a payload it does not own", async () => {
    const id = await storeInbound(h.app.platform, chA, { items: [{ id: 'iso-1', from: 'duda', text: 'oi' }] });
    await run(b.tenantId, id);
    expect(await messagesOf(a, 'iso-1')).toHaveLength(0);
    expect((await eventRow(a, id))?.processedAt).toBeNull();
  });

  it('the sweeper re-enqueues a payload lost before its job ran, and the job runner ingests it', async () => {
    const row = await withTenant(h.app.platform.db, a.tenantId, (s) =>
      // Stored, but the process died before enqueueing: no job exists for it.
      s.insert(inboundEvents, {
        channelId: chA.id,
        payload: { items: [{ id: 'lost-1', from: 'edu', text: 'oi' }] },
        receivedAt: new Date(Date.now() - 5 * 60_000),
      }),
    );
    await sweepInboundJob.handler({}, { platform: h.app.platform, attempt: 1 });
    await expect.poll(async () => (await messagesOf(a, 'lost-1')).length, { timeout: 10_000 }).toBe(1);
    // The payload is marked processed just after its message is stored.
    await expect.poll(async () => (await eventRow(a, row.id))?.processedAt, { timeout: 10_000 }).toBeInstanceOf(Date);
  });

  it('a channel without a parsing adapter marks its payload processed with the reason', async () => {
    const web = await webchatChannel(h, a);
    const id = await storeInbound(h.app.platform, web, { anything: true });
    await run(a.tenantId, id);
    expect(await eventRow(a, id)).toMatchObject({ error: 'no adapter' });
    expect((await withTenant(h.app.platform.db, a.tenantId, (s) => s.first(channels, eq(channels.id, web.id))))?.id).toBe(web.id);
  });
});
