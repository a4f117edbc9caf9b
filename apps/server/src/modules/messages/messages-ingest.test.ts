import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { inbound, makeChannel, messageRow, newId, phone, ticketMessages, ticketRow } from './messages.test-support.js';

let h: Harness;
let a: Company;
beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
});
afterAll(() => h.close());

const countWhere = <R>(c: Company, fn: (s: TenantScope) => Promise<R>) => withTenant(h.app.platform.db, c.tenantId, fn);

describe(`inbound path (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('stores a provider message once: the same externalId twice is one message, counters bumped once', async () => {
    const channel = await makeChannel(h, a);
    const from = { number: phone(), name: 'Ana' };
    const externalId = newId();
    const first = await inbound(h, a, channel, { externalId, from, body: 'oi' });
    const second = await inbound(h, a, channel, { externalId, from, body: 'oi' });
    expect(first).toMatchObject({ duplicate: false });
    expect(second).toEqual({ messageId: first.messageId, ticketId: first.ticketId, duplicate: true });
    expect(await ticketMessages(h, a, first.ticketId!)).toHaveLength(1);
    expect(await ticketRow(h, a, first.ticketId!)).toMatchObject({
      unreadMessages: 1,
      lastMessage: 'oi',
      status: 'pending',
    });
    // The duplicate of a message that created the contact and ticket created neither again.
    const n = await countWhere(a, (s) => s.count(contacts, eq(contacts.number, from.number)));
    expect(n).toBe(1);
  });

  it('20 concurrent messages of a new contact make one contact, one ticket and 20 messages', async () => {
    const channel = await makeChannel(h, a);
    const from = { number: phone(), name: 'Bruno' };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => inbound(h, a, channel, { from, body: `m${i}` })),
    );
    expect(results.every((r) => !r.duplicate && r.messageId)).toBe(true);
    expect(new Set(results.map((r) => r.ticketId)).size).toBe(1);
    const [contactCount, ticketCount] = await countWhere(a, async (s) => {
      const [c] = await s.select(contacts, eq(contacts.number, from.number));
      return [
        await s.count(contacts, eq(contacts.number, from.number)),
        await s.count(tickets, eq(tickets.contactId, c!.id)),
      ];
    });
    expect(contactCount).toBe(1);
    expect(ticketCount).toBe(1);
    expect(await ticketMessages(h, a, results[0]!.ticketId!)).toHaveLength(20);
    expect(await ticketRow(h, a, results[0]!.ticketId!)).toMatchObject({ unreadMessages: 20 });
  });

  it('a closed ticket is not reopened: the next message makes a new ticket with a new protocol', async () => {
    const channel = await makeChannel(h, a);
    const from = { number: phone() };
    const first = await inbound(h, a, channel, { from });
    await countWhere(a, (s) =>
      s.update(tickets, { status: 'closed', closedAt: new Date() }, eq(tickets.id, first.ticketId!)),
    );
    const next = await inbound(h, a, channel, { from, body: 'voltei' });
    expect(next.ticketId).not.toBe(first.ticketId);
    const [old, fresh] = [await ticketRow(h, a, first.ticketId!), await ticketRow(h, a, next.ticketId!)];
    expect(old).toMatchObject({ status: 'closed' });
    expect(fresh).toMatchObject({ status: 'pending', unreadMessages: 1, lastMessage: 'voltei' });
    expect(fresh!.protocol).not.toBe(old!.protocol);
    expect(fresh!.protocol).toMatch(/^\d{14}$/);
  });

  it("applies the channel's default queue and user (open), and logs the creation", async () => {
    const q = (
      await h.request('POST', '/queue', {
        token: a.admin.token,
        body: { name: `Fila ${newId().slice(0, 5)}`, color: '#123456', active: true },
      })
    ).body;
    const channel = await makeChannel(h, a, { defaultQueueId: q.id, defaultUserId: a.admin.userId });
    const r = await inbound(h, a, channel, { from: { number: phone() } });
    expect(await ticketRow(h, a, r.ticketId!)).toMatchObject({ status: 'open', queueId: q.id, userId: a.admin.userId });
    const logs = await h.request('GET', `/tickets/${r.ticketId}/logs`, { token: a.admin.token });
    if (logs.status === 200) expect(JSON.stringify(logs.body)).toContain('create');
  });

  it('a web chat visitor is known by its visitor id', async () => {
    const channel = await makeChannel(h, a, { type: 'webchat' });
    const visitor = newId();
    const r1 = await inbound(h, a, channel, { from: { providerId: visitor, name: 'Visitante' } });
    const r2 = await inbound(h, a, channel, { from: { providerId: visitor } });
    expect(r2.ticketId).toBe(r1.ticketId);
    const rows = await countWhere(a, (s) => s.select(contacts, eq(contacts.webchatId, visitor)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ number: '', name: 'Visitante' });
  });

  it('status events move a message forward only, and quoted replies are linked', async () => {
    const channel = await makeChannel(h, a);
    const from = { number: phone() };
    const original = await inbound(h, a, channel, { from, externalId: 'orig-1', body: 'pergunta' });
    const reply = await inbound(h, a, channel, { from, quotedExternalId: 'orig-1', body: 'complemento' });
    expect((await messageRow(h, a, reply.messageId!))!.quotedMsgId).toBe(original.messageId);
    // An outbound message the provider knows by an id.
    const out = await countWhere(a, (s) =>
      s.insert(messages, {
        ticketId: original.ticketId!,
        channelId: channel.id,
        fromMe: true,
        body: 'resposta',
        status: 'sent',
        externalId: 'out-1',
      }),
    );
    await withTenant(h.app.platform.db, a.tenantId, async (s) => {
      const { ingestInbound } = await import('./commands/ingest-inbound.js');
      expect((await ingestInbound(s, channel, { kind: 'status', externalId: 'out-1', status: 'read' })).messageId).toBe(
        out.id,
      );
      // A late "delivered" does not move it back.
      expect(
        (await ingestInbound(s, channel, { kind: 'status', externalId: 'out-1', status: 'delivered' })).messageId,
      ).toBeNull();
    });
    expect(await messageRow(h, a, out.id)).toMatchObject({ status: 'read' });
  });

  it('stores inbound media under DATA_DIR and leaves no file behind for a duplicate', async () => {
    const channel = await makeChannel(h, a);
    const from = { number: phone() };
    const externalId = newId();
    const media = { data: Buffer.from('%PDF-1.4 fake'), mimeType: 'application/pdf', fileName: 'nota.pdf' };
    const r = await inbound(h, a, channel, { from, externalId, body: '', mediaType: 'document', media });
    const row = await messageRow(h, a, r.messageId!);
    expect(row).toMatchObject({ mediaName: 'nota.pdf', mimeType: 'application/pdf', mediaSize: media.data.length });
    expect(row!.mediaKey).toMatch(new RegExp(`^${a.tenantId}/`));
    expect((await ticketRow(h, a, r.ticketId!))!.lastMessage).toBe('[nota.pdf]');
    const files = () =>
      readdirSync(path.join(h.config.dataDir, 'media'), { recursive: true }).filter((f) => String(f).includes('.'));
    const before = files().length;
    const dup = await inbound(h, a, channel, { from, externalId, body: '', media });
    expect(dup.duplicate).toBe(true);
    expect(files().length).toBe(before);
  });
});
